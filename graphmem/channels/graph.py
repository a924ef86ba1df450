"""Relations between entities, with the same two time axes as facts, and the as-of graph traversal that
auditors export to networkx / GraphML.

A relation version is a relationship of its own type between two entities, `(:Entity)-[:WORKS_AT {ns,
valid_from, valid_to, txn_time, txn_end, source, reason, <properties>}]->(:Entity)`. The type is validated
against `^[A-Z][A-Z0-9_]*$` (and is none of graphmem's own edge types, `INTERNAL_TYPES`) and travels as a
parameter (Cypher 5 dynamic types, `[r:$($type)]`), never spliced into Cypher; what makes an edge a relation
is its two Entity ends. Relations stored the old way, `RELATES {type: …}`, are rewritten by
`graphmem schema migrate` (`graphmem.store.migrate`). A type is many-valued (several targets at once) unless declared single-valued; its versions
follow `graphmem.timeline` with the target key as the value and the properties as part of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import networkx as nx
from networkx.readwrite.graphml import GraphMLWriter

from graphmem.channels.exact import read_entities
from graphmem.channels.fact_records import (
    Declaration,
    EntityState,
    RelationChange,
    RelationVersion,
    check_key,
    check_text,
    instant,
    stamp,
    wire,
)
from graphmem.channels.fact_writes import lock_entities, txn_now
from graphmem.channels.temporal import clock
from graphmem import limits
from graphmem.errors import Conflict, EntityNotFound, InvalidInput
from graphmem.instants import format_instant, parse_instant, utcnow
from graphmem.store import Row, Store, Tx
from graphmem.timeline import Extra, Plan, Version, check_interval, check_scalar, plan_assert, plan_retract
from graphmem.types import INTERNAL_TYPES, RELATION_TYPE_RE, Namespace, View

RESERVED = frozenset({"ns", "type", "valid_from", "valid_to", "txn_time", "txn_end", "source", "reason",
                      "end_reason", "end_source"})
PROPERTY_RE = re.compile(r"^[a-z][a-z0-9_]{0,62}$")
MIN_DEPTH, DEFAULT_DEPTH = 1, 2


def check_relation_type(value: Any, field: str = "type") -> str:
    """Raises: InvalidInput: not upper snake case, or an internal type (code invalid_relation_type)."""
    if not isinstance(value, str) or not RELATION_TYPE_RE.fullmatch(value):
        raise InvalidInput.field(field, f"must match {RELATION_TYPE_RE.pattern}", code="invalid_relation_type")
    if value in INTERNAL_TYPES:
        raise InvalidInput.field(field, f"must not be one of graphmem's own types ({', '.join(sorted(INTERNAL_TYPES))})",
                                 code="invalid_relation_type")
    limits.check_name(value, field)  # stored in an index: a 20,000-character type failed in Neo4j
    return value


def _check_properties(properties: Mapping[str, Any] | None) -> Extra:
    if properties is None:
        return ()
    if not isinstance(properties, Mapping):
        raise InvalidInput.field("properties", "must be an object")
    for k, v in properties.items():
        if not isinstance(k, str) or not PROPERTY_RE.fullmatch(k) or k in RESERVED:
            raise InvalidInput.field(f"properties.{k}", f"names must match {PROPERTY_RE.pattern} and not be one "
                                     f"of {', '.join(sorted(RESERVED))}")
        check_scalar(v, f"properties.{k}")
        limits.check_text(limits.check_number(v, f"properties.{k}"), f"properties.{k}",
                          max_chars=limits.MAX_JSON_STRING_CHARS)
    return tuple(sorted(properties.items()))


def _rel(row: Mapping[str, Any]) -> Version:
    props = tuple(sorted((k, v) for k, v in row["props"]))
    return Version(row["value"], stamp(row["valid_from"]), instant(row["valid_to"]), stamp(row["txn_time"]), None,
                   row["source"], row["reason"], props, row["ref"])


def _as_rel(source_key: str, type: str, v: Version, txn_end: datetime | None = None) -> RelationVersion:
    return RelationVersion(source_key, type, v.value, v.valid_from, v.valid_to, v.txn_time, txn_end or v.txn_end,
                           v.source, v.reason, dict(v.extra))


def _relation_unit(ns: Namespace, *, source_key: str, type: str, target_key: str | None,
                   valid_from: datetime | None, valid_to: datetime | None, extra: Extra, source: str | None,
                   reason: str | None, retract: bool, now: datetime | None) -> Callable[[Tx], RelationChange]:
    """Validate, then return the work that applies the relation inside a caller's transaction."""
    check_key(source_key, "from")
    if target_key is not None:
        check_key(target_key, "to")
    check_relation_type(type)
    check_text(source, "source")
    check_text(reason, "reason")
    vf0 = None if valid_from is None else parse_instant(valid_from, "valid_from")
    vt = None if valid_to is None else parse_instant(valid_to, "valid_to")
    if vf0 is not None:
        check_interval(vf0, vt)
    keys = {source_key: "from"}
    if target_key is not None:
        keys.setdefault(target_key, "to")

    def work(tx: Tx) -> RelationChange:
        rows = lock_entities(tx, ns, keys, keys)
        t = txn_now(rows.values(), clock(now))
        vf = vf0 or t
        check_interval(vf, vt)
        lane = tx.run("graph/read_relation_lane", ns=ns, type=type, to=target_key, retract=retract,
                      reserved=sorted(RESERVED), **{"from": source_key})
        many = bool(lane[0]["many"])
        believed = [_rel(r) for r in lane if r["ref"] is not None]
        plan: Plan
        if retract:
            plan = plan_retract(believed, valid_from=vf, valid_to=vt, now=t, many=True, value=target_key,
                                any_value=target_key is None)
        else:
            plan = plan_assert(believed, value=target_key, valid_from=vf, valid_to=vt, now=t, many=many,
                               source=source, reason=reason, extra=extra)
        if plan.changed:
            tx.run("graph/apply_relations", ns=ns, now=t, keys=sorted(rows),
                   closes=[{"ref": v.ref, "reason": reason, "source": source} for v in plan.close],
                   relations=[{"from": source_key, "to": v.value, "type": type, "valid_from": wire(v.valid_from),
                               "valid_to": wire(v.valid_to), "source": v.source, "reason": v.reason,
                               "props": dict(v.extra)} for v in plan.write])
        return RelationChange(
            source_key, type, target_key, t, plan.changed,
            None if plan.current is None else _as_rel(source_key, type, plan.current),
            tuple(_as_rel(source_key, type, v, t) for v in plan.close),
            tuple(_as_rel(source_key, type, v) for v in plan.write))

    return work


def relate_unit(ns: Namespace, *, source_key: str, type: str, target_key: str,
                valid_from: datetime | None = None, valid_to: datetime | None = None, source: str | None = None,
                reason: str | None = None, now: datetime | None = None) -> Callable[[Tx], RelationChange]:
    """`relate` as a unit of a larger transaction (several writes that must land together); validated
    now, applied when the returned function runs on the transaction."""
    return _relation_unit(ns, source_key=source_key, type=type, target_key=target_key, valid_from=valid_from,
                          valid_to=valid_to, extra=(), source=source, reason=reason, retract=False, now=now)


def relate(store: Store, ns: Namespace, *, source_key: str, type: str, target_key: str,
           valid_from: datetime | None = None, valid_to: datetime | None = None,
           properties: Mapping[str, Any] | None = None, source: str | None = None,
           reason: str | None = None, now: datetime | None = None) -> RelationChange:
    """Assert `(source)-[type]->(target)` over `[valid_from (default now), valid_to)`.

    Raises:
        EntityNotFound: either entity unknown or erased (`details.fields` says `from` or `to`).
        InvalidInput: relation type not upper snake case, bad property; InvalidInterval: valid_to <= valid_from.
    """
    extra = _check_properties(properties)
    return store.write(_relation_unit(ns, source_key=source_key, type=type, target_key=target_key,
                                      valid_from=valid_from, valid_to=valid_to, extra=extra, source=source,
                                      reason=reason, retract=False, now=now))


def unrelate(store: Store, ns: Namespace, *, source_key: str, type: str, target_key: str | None = None,
             valid_from: datetime | None = None, valid_to: datetime | None = None, source: str | None = None,
             reason: str | None = None, now: datetime | None = None) -> RelationChange:
    """The relation (to `target_key`, or to any target) stops at `valid_from` (default now).

    Raises:
        EntityNotFound, InvalidInput, InvalidInterval: as `relate`.
    """
    return store.write(_relation_unit(ns, source_key=source_key, type=type, target_key=target_key,
                                      valid_from=valid_from, valid_to=valid_to, extra=(), source=source,
                                      reason=reason, retract=True, now=now))


def relation_type_declaration(store: Store, ns: Namespace, *, type: str) -> Declaration:
    """How a relation type is declared (undeclared: many-valued)."""
    check_relation_type(type)
    row = store.read("graph/read_relation_decl", ns=ns, type=type)[0]
    return Declaration(type, bool(row["many"]), bool(row["declared"]))


def declare_relation_type(store: Store, ns: Namespace, *, type: str, many: bool) -> Declaration:
    """Declare a relation type single-valued (`many=False`: one target at a time) or many-valued.

    Raises:
        Conflict: many -> single once relations of the type exist (code declaration_conflict).
    """
    check_relation_type(type)
    if not isinstance(many, bool):
        raise InvalidInput.field("many", "must be true or false")
    def work(tx: Tx) -> Declaration:
        row = tx.one("graph/declare_relation_type", ns=ns, type=type, many=many, now=utcnow())
        if row is None or bool(row["many"]) != many:  # raised inside: the transaction writes nothing
            raise Conflict(f"relation type {type!r} already has relations; it cannot become single-valued",
                           code="declaration_conflict", details={"type": type})
        return Declaration(type, many)

    return store.write(work)


@dataclass(frozen=True, slots=True)
class GraphView:
    """The entities within `depth` hops of `start` and the relations between them, as of both axes."""

    start: str
    depth: int
    valid_at: datetime
    known_at: datetime | None
    nodes: tuple[EntityState, ...]
    edges: tuple[RelationVersion, ...]
    truncated: bool = False


def _edge(row: Row) -> RelationVersion:
    return RelationVersion(row["from"], row["type"], row["to"], stamp(row["valid_from"]), instant(row["valid_to"]),
                           stamp(row["txn_time"]), instant(row["txn_end"]), row["source"], row["reason"],
                           dict(row["props"]))


def traverse(store: Store, ns: Namespace, *, start: str, depth: int = DEFAULT_DEPTH,
             valid_at: datetime | None = None, known_at: datetime | None = None, view: View = "application",
             max_depth: int = 5, max_nodes: int = 10_000) -> GraphView:
    """Breadth-first from `start`, both directions, through relations valid at `valid_at` (default now)
    and believed at `known_at` (default: now), to entities visible in the view.

    Raises:
        InvalidInput: depth outside 1..max_depth.
        EntityNotFound: `start` unknown at known_at, or erased (application view).
    """
    check_key(start, "start")
    if isinstance(depth, bool) or not isinstance(depth, int) or not MIN_DEPTH <= depth <= max_depth:
        raise InvalidInput.field("depth", f"must be between {MIN_DEPTH} and {max_depth}")
    va = utcnow() if valid_at is None else parse_instant(valid_at, "valid_at")
    ka = None if known_at is None else parse_instant(known_at, "known_at")
    include_erased = view != "application"
    if start not in read_entities(store, ns, keys=[start], valid_at=va, known_at=ka, include_erased=include_erased):
        raise EntityNotFound(f"unknown entity {start!r}", details={"entity": start})

    def walk(tx: Tx) -> tuple[list[str], dict[str, RelationVersion], bool]:
        seen, frontier, edges = [start], [start], {}
        known = {start}
        for _ in range(depth):
            rows = tx.run("graph/expand_frontier", ns=ns, frontier=frontier, valid_at=va, known_at=ka,
                          include_erased=include_erased, reserved=sorted(RESERVED))
            frontier = []
            for r in rows:
                edges[r["id"]] = _edge(r)
                if r["neighbour"] not in known:
                    known.add(r["neighbour"])
                    seen.append(r["neighbour"])
                    frontier.append(r["neighbour"])
            if len(seen) > max_nodes:
                return seen[:max_nodes], edges, True
            if not frontier:
                break
        return seen, edges, False

    keys, edges, truncated = store.read_tx(walk)
    states = read_entities(store, ns, keys=keys, valid_at=va, known_at=ka, include_erased=include_erased)
    nodes = tuple(states[k] for k in keys if k in states)
    present = {n.key for n in nodes}
    kept = tuple(sorted((e for e in edges.values() if e.source_key in present and e.target_key in present),
                        key=lambda e: (e.source_key, e.type, e.target_key, e.valid_from, e.txn_time)))
    return GraphView(start, depth, va, ka, nodes, kept, truncated)


@dataclass(frozen=True, slots=True)
class Neighbour:
    """One relation seen from one of its entities: the version, and the entity at its other end."""

    relation: RelationVersion
    key: str
    name: str | None


def relations_of(store: Store, ns: Namespace, *, keys: Iterable[str], valid_at: datetime | None = None,
                 known_at: datetime | None = None, view: View = "application",
                 limit: int | None = None) -> dict[str, list[Neighbour]]:
    """The relations one hop out of each of `keys`, both directions, valid at `valid_at` (default now) and
    believed at `known_at` (default: now), to entities visible in the view: one level of `traverse` for
    all the keys in one round trip (recall reads the relations of every entity it found this way).

    Each key's relations come ordered by (type, neighbour, valid_from), at most `limit` of them; a key
    with none is absent. A relation between two of the keys is listed under both.
    """
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    va = utcnow() if valid_at is None else parse_instant(valid_at, "valid_at")
    ka = None if known_at is None else parse_instant(known_at, "known_at")
    rows = store.read("graph/expand_frontier", ns=ns, frontier=wanted, valid_at=va, known_at=ka,
                      include_erased=view != "application", reserved=sorted(RESERVED))
    seen: dict[str, list[Row]] = {}
    for r in rows:
        seen.setdefault(r["to"] if r["neighbour"] == r["from"] else r["from"], []).append(r)
    return neighbours(seen, limit)


def neighbours(rows: Mapping[str, Iterable[Row]], limit: int | None = None) -> dict[str, list[Neighbour]]:
    """Each key's relation rows, as `graph/expand_frontier` and `exact/read_named` read them, as its neighbours:
    ordered by (type, neighbour, valid_from, the relation's element id: ties too are cut alike by either read), at
    most `limit` of them; a key with none is absent."""
    out: dict[str, list[Neighbour]] = {}
    for key, found in rows.items():
        listed = sorted(((Neighbour(_edge(r), r["neighbour"], r["neighbour_name"]), r["id"]) for r in found),
                        key=lambda ni: (ni[0].relation.type, ni[0].key, ni[0].relation.valid_from, ni[1]))
        if listed:
            out[key] = [n for n, _ in (listed if limit is None else listed[:limit])]
    return out


def _gml(value: Any) -> Any:
    """GraphML holds scalars: lists (many-valued attributes) become JSON text, datetimes ISO text."""
    if isinstance(value, datetime):
        return format_instant(value)
    if isinstance(value, (list, tuple)):
        return json.dumps(value, default=str)
    return value


def to_networkx(g: GraphView) -> nx.MultiDiGraph:
    """A MultiDiGraph (one edge per relation version): node data type, name, erased and `attr.<name>`;
    edge data type, the four timestamps, source, reason and `prop.<name>`. None values are left out."""
    graph = nx.MultiDiGraph(start=g.start, depth=g.depth, valid_at=format_instant(g.valid_at),
                            known_at=format_instant(g.known_at) or "now", truncated=g.truncated)
    for n in g.nodes:
        data = {"type": n.type, "name": n.name, "created_at": n.created_at, "erased": n.erased,
                "erased_at": n.erased_at, **{f"attr.{k}": v for k, v in n.attributes.items()}}
        graph.add_node(n.key, **{k: _gml(v) for k, v in data.items() if v is not None})
    for e in g.edges:
        data = {"type": e.type, "valid_from": e.valid_from, "valid_to": e.valid_to, "txn_time": e.txn_time,
                "txn_end": e.txn_end, "source": e.source, "reason": e.reason,
                **{f"prop.{k}": v for k, v in e.properties.items()}}
        graph.add_edge(e.source_key, e.target_key, **{k: _gml(v) for k, v in data.items() if v is not None})
    return graph


def to_graphml(g: GraphView) -> str:
    """GraphML text for audit tools (yEd, Gephi, networkx.read_graphml)."""
    writer = GraphMLWriter(encoding="utf-8", prettyprint=True, infer_numeric_types=True)
    writer.add_graph_element(to_networkx(g))
    return "<?xml version='1.0' encoding='utf-8'?>\n" + str(writer)
