"""Driver values to plain Python: records as dicts, Neo4j temporal values as aware `datetime`s."""

from __future__ import annotations

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


def _params(params: dict[str, Any]) -> dict[str, Any]:
    """Statement parameters as the driver takes them: a `Namespace` is passed by its name, so that callers
    hand the store the namespace itself (`ns=ns`) and it changes form only here."""
    return {k: v.name if isinstance(v, Namespace) else v for k, v in params.items()}
