"""Driver values to plain Python: records as dicts, Neo4j temporal values as aware `datetime`s."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timezone
from typing import Any

import neo4j
from neo4j.time import Date as NeoDate
from neo4j.time import DateTime as NeoDateTime

from graphmem.types import Namespace

Row = dict[str, Any]

_PLAIN = frozenset({str, int, float, bool, type(None)})


def _native(value: Any) -> Any:
    """Driver values to plain Python: temporal → datetime, nodes/relationships → property dicts."""
    kind = type(value)
    if kind in _PLAIN:  # most values: skip the isinstance chain (bulk results)
        return value
    # containers check their plain members inline: a call per member was 5 ms of every search's 60
    if kind is dict:
        return {k: v if type(v) in _PLAIN else _native(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _PLAIN else _native(v) for v in value]
    if isinstance(value, NeoDateTime):
        native = value.to_native()
        # Plain `timezone.utc`, never a named zone: a named-zone datetime sent back to Neo4j is
        # stored as a zone-id DateTime that never equals the offset DateTimes we write.
        return native.astimezone(timezone.utc) if native.tzinfo is not None else native
    if isinstance(value, NeoDate):
        return value.to_native()
    if isinstance(value, (neo4j.graph.Node, neo4j.graph.Relationship)):
        return {k: _native(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_native(v) for v in value]
    if isinstance(value, dict):
        return {k: _native(v) for k, v in value.items()}
    return value


def _rows(records: Any) -> list[Row]:
    return [{k: v if type(v) in _PLAIN else _native(v) for k, v in rec.items()} for rec in records]


def _params(params: dict[str, Any], vectors: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Statement parameters as the driver takes them: a `Namespace` is passed by its name, so that callers
    hand the store the namespace itself (`ns=ns`) and it changes form only here; with the names of the
    vector slot in use (`vector_slot`), which every statement that reads or writes a vector takes."""
    given = {k: v.name if isinstance(v, Namespace) else v for k, v in params.items()}
    return {**vectors, **given} if vectors else given


#: Vectors live in one of two slots: property and index names per slot. Moving a store to another model
#: (`graphmem reembed`) fills the slot not in use while search keeps reading the one in use, then swaps.
VECTOR_SLOTS: dict[str, dict[str, str]] = {
    "a": {"vec_prop": "embedding", "vec_turns": "turn_embedding", "vec_summaries": "summary_embedding",
          "vec_workflows": "workflow_embedding", "vec_type": "type_embedding", "vec_leader": "leader_embedding"},
    "b": {"vec_prop": "embedding_b", "vec_turns": "turn_embedding_b", "vec_summaries": "summary_embedding_b",
          "vec_workflows": "workflow_embedding_b", "vec_type": "type_embedding_b", "vec_leader": "leader_embedding_b"},
}


def other_slot(slot: str) -> str:
    return "b" if slot == "a" else "a"


def vector_slot(slot: str) -> dict[str, str]:
    """The parameters naming a slot's properties and indexes, and the other slot's (`*_other`: a write to
    the slot in use removes the other slot's vector of that node, so a move in progress embeds it again)."""
    mine, other = VECTOR_SLOTS[slot], VECTOR_SLOTS[other_slot(slot)]
    return {**mine, **{f"{k}_other": v for k, v in other.items()}}
