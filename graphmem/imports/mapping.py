"""Graphiti -> graphmem, pure: every source record is checked with graphmem's own validators and mapped
before anything is written, so a graph with an unmappable record is reported, never half-imported.

| Graphiti | graphmem |
|---|---|
| EntityNode | entity `graphiti:<uuid>` (the key is the Graphiti uuid: names repeat, uuids do not); `name`; type = its first label other than `Entity` (sorted), else `Entity`; `summary`, each attribute and `graphiti_uuid` as facts valid from `created_at`, recorded at `created_at` |
| EntityEdge | relation `(graphiti:<source uuid>)-[NAME]->(graphiti:<target uuid>)`, NAME the edge name in upper snake case; properties `fact`, `graphiti_uuid`, `graphiti_group` and the edge attributes; valid time `[valid_at (else created_at), invalid_at)`; recorded at `created_at` |
| expired edge (`expired_at`) | recorded at `created_at` as valid from `valid_at` on, then at `expired_at` clipped to end at `invalid_at` (or retracted whole without one): the version Graphiti expired stays in the audit view, closed at `expired_at` |
| EpisodicNode | turn `graphiti:<uuid>` of session `graphiti:<group_id>` (one session per group), in order of `valid_at`, `created_at`; `at` = `valid_at`; name, source and source description in its metadata |

Non-scalar attribute values (lists, maps, times) are stored as their JSON text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphmem import limits
from graphmem.channels.conversation.records import NewTurn
from graphmem.channels.conversation.turns import check_session_id, check_turn
from graphmem.channels.fact_records import EntitySpec
from graphmem.channels.graph import PROPERTY_RE, RESERVED, check_relation_type
from graphmem.errors import GraphmemError, InvalidInput
from graphmem.identifiers import Registry
from graphmem.imports.records import SourceEdge, SourceEpisode, SourceGraph, SourceNode, Unmappable
from graphmem.timeline import check_interval

SOURCE = "graphiti"
PREFIX = "graphiti:"
_NOT_TYPE = re.compile(r"[^A-Z0-9]+")


def entity_key(uuid: str) -> str:
    return PREFIX + uuid


def session_id(group_id: str) -> str:
    return PREFIX + group_id


def turn_id(uuid: str) -> str:
    return PREFIX + uuid


def relation_type(name: str) -> str:
    """`works at` / `worksAt` -> WORKS_AT. Raises: InvalidInput when nothing usable is left."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name or "")
    out = _NOT_TYPE.sub("_", spaced.upper()).strip("_")
    if out[:1].isdigit():
        out = "R_" + out
    return check_relation_type(out, "name")


def _scalar(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (str, int, float, bool)):
        return value
    return json.dumps(value, sort_keys=True, default=str)


@dataclass(frozen=True, slots=True)
class EntityItem:
    uuid: str
    at: datetime
    spec: EntitySpec


@dataclass(frozen=True, slots=True)
class RelationEvent:
    """One write on the relation lane at `at` (the injected transaction clock): assert or retract."""

    at: datetime
    uuid: str
    retract: bool
    source_key: str
    type: str
    target_key: str
    valid_from: datetime
    valid_to: datetime | None
    properties: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class TurnItem:
    uuid: str
    session: str
    turn: NewTurn


@dataclass
class Mapped:
    """What to write, keyed by source uuid, and what could not be mapped."""

    entities: list[EntityItem] = field(default_factory=list)
    relations: dict[str, list[RelationEvent]] = field(default_factory=dict)  # edge uuid -> its events
    turns: list[TurnItem] = field(default_factory=list)
    unmappable: list[Unmappable] = field(default_factory=list)


def _why(e: GraphmemError) -> str:
    return str(e)


def map_node(n: SourceNode, registry: Registry) -> EntityItem:
    """Raises: GraphmemError (InvalidInput) naming the field graphmem refuses."""
    extra = sorted(lb for lb in n.labels if lb != "Entity")
    attributes = {k: _scalar(v) for k, v in n.attributes.items() if v is not None}
    if n.summary:
        attributes["summary"] = n.summary
    if len(extra) > 1:
        attributes["graphiti_labels"] = ",".join(extra)
    attributes["graphiti_uuid"] = n.uuid  # not the group: one value shared by every entity would serialise writers
    spec = EntitySpec(entity_key(n.uuid), extra[0] if extra else "Entity", n.name, attributes,
                      valid_from=n.created_at, source=SOURCE)
    for s in spec.fact_specs():
        s.prepared(registry)
    return EntityItem(n.uuid, n.created_at, spec)


def map_edge(e: SourceEdge, nodes: Mapping[str, SourceNode]) -> list[RelationEvent]:
    """Raises: GraphmemError (InvalidInput, InvalidInterval) saying what graphmem refuses."""
    for end, uuid in (("source", e.source_uuid), ("target", e.target_uuid)):
        if uuid not in nodes:
            raise InvalidInput.field(f"{end}_node_uuid", f"node {uuid} is not among the imported groups' nodes")
    type = relation_type(e.name)
    props: dict[str, Any] = {}
    for k, v in e.attributes.items():
        if not PROPERTY_RE.fullmatch(k) or k in RESERVED:
            raise InvalidInput.field(f"attributes.{k}", f"names must match {PROPERTY_RE.pattern} and not be one "
                                     f"of {', '.join(sorted(RESERVED))}")
        if v is not None:
            props[k] = _scalar(v)
    props.update(fact=e.fact, graphiti_uuid=e.uuid, graphiti_group=e.group_id)
    for k, v in props.items():
        limits.check_text(limits.check_number(v, k), k, max_chars=limits.MAX_JSON_STRING_CHARS)
    valid_from = e.valid_at or e.created_at
    check_interval(valid_from, e.invalid_at, "invalid_at")
    if e.expired_at is not None and e.expired_at < e.created_at:
        raise InvalidInput.field("expired_at", "is before created_at")
    src, dst = entity_key(e.source_uuid), entity_key(e.target_uuid)
    if e.expired_at is None:
        return [RelationEvent(e.created_at, e.uuid, False, src, type, dst, valid_from, e.invalid_at, props)]
    return [RelationEvent(e.created_at, e.uuid, False, src, type, dst, valid_from, None, props),
            RelationEvent(e.expired_at, e.uuid, True, src, type, dst, e.invalid_at or valid_from, None, props)]


def map_episode(ep: SourceEpisode, max_chars: int) -> TurnItem:
    """Raises: GraphmemError (InvalidInput) naming the field graphmem refuses."""
    session = session_id(ep.group_id)
    check_session_id(session)
    turn = NewTurn(text=ep.content, role="user", at=ep.valid_at, id=turn_id(ep.uuid), metadata={
        "graphiti_uuid": ep.uuid, "name": ep.name, "source": ep.source,
        "source_description": ep.source_description})
    check_turn(turn, max_chars=max_chars)
    return TurnItem(ep.uuid, session, turn)


def map_graph(graph: SourceGraph, registry: Registry, *, max_text_chars: int) -> Mapped:
    """Map every record; the unmappable ones are listed with graphmem's reason. Entities come out in order
    of `created_at`, turns in order of `valid_at` then `created_at` (one session per group)."""
    out = Mapped()
    nodes = {n.uuid: n for n in graph.nodes}
    for n in sorted(graph.nodes, key=lambda n: (n.created_at, n.uuid)):
        try:
            out.entities.append(map_node(n, registry))
        except GraphmemError as err:
            out.unmappable.append(Unmappable("entities", n.uuid, _why(err)))
    for edge in graph.edges:
        try:
            out.relations[edge.uuid] = map_edge(edge, nodes)
        except GraphmemError as err:
            out.unmappable.append(Unmappable("relations", edge.uuid, _why(err)))
    for ep in sorted(graph.episodes, key=lambda ep: (ep.valid_at, ep.created_at, ep.uuid)):
        try:
            out.turns.append(map_episode(ep, max_text_chars))
        except GraphmemError as err:
            out.unmappable.append(Unmappable("turns", ep.uuid, _why(err)))
    return out
