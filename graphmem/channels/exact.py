"""Exact channel: an entity by key, or the entities holding `(attribute, value)`, as of both time axes.

Never semantic: equality on the stored (normalised) value through the `attribute_value` index, so the
same query always gives the same answer and `D1:3` never finds `D1:30`. The application view never sees
erased entities; the audit view sees them with their erasure marker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from graphmem.channels.fact_records import (
    EntityRef,
    EntityState,
    FactVersion,
    LookupResult,
    check_key,
    check_name,
    instant,
    stamp,
)
from graphmem.channels.temporal import registry
from graphmem.errors import EntityNotFound, InvalidInput
from graphmem.instants import parse_instant, utcnow
from graphmem.store import Row, Store
from graphmem.timeline import check_scalar
from graphmem.types import Namespace, View


def _times(valid_at: datetime | None, known_at: datetime | None) -> tuple[datetime, datetime | None]:
    va = utcnow() if valid_at is None else parse_instant(valid_at, "valid_at")
    ka = None if known_at is None else parse_instant(known_at, "known_at")
    return va, ka


def _state(row: Mapping[str, Any], valid_at: datetime, known_at: datetime | None) -> EntityState:
    facts = row["facts"]
    return EntityState(
        key=row["key"], type=row["type"], name=row["name"], created_at=stamp(row["created_at"]),
        valid_at=valid_at, known_at=known_at,
        facts=tuple(FactVersion.from_row(f) for f in facts),
        many=frozenset(f["attribute"] for f in facts if f["many"]),
        erased_at=instant(row["erased_at"]), erased_by=row["erased_by"], erasure_reason=row["erasure_reason"],
    )


def read_entities(store: Store, ns: Namespace, *, keys: Iterable[str], valid_at: datetime | None = None,
                  known_at: datetime | None = None, include_erased: bool = False) -> dict[str, EntityState]:
    """The entities among `keys` that exist at `known_at` (None: believed now), each with the attribute
    versions visible at (valid_at, known_at). Unknown keys are simply absent."""
    va, ka = _times(valid_at, known_at)
    rows: list[Row] = store.read("exact/read_entities", ns=ns.name, keys=list(dict.fromkeys(keys)),
                                 valid_at=va, known_at=ka, include_erased=include_erased)
    return {r["key"]: _state(r, va, ka) for r in rows}


def read_entity(store: Store, ns: Namespace, *, key: str, valid_at: datetime | None = None,
                known_at: datetime | None = None, view: View = "application") -> EntityState:
    """The entity as of `valid_at` / `known_at` (both default now).

    An entity is not versioned itself: any valid_at finds it, a known_at before its creation does not.

    Raises:
        EntityNotFound: unknown key, known_at before its creation, or erased (application view).
    """
    check_key(key, "key")
    found = read_entities(store, ns, keys=[key], valid_at=valid_at, known_at=known_at,
                          include_erased=view != "application")
    if key not in found:
        raise EntityNotFound(f"unknown entity {key!r}", details={"entity": key})
    return found[key]


def lookup(store: Store, ns: Namespace, *, attribute: str, value: Any, valid_at: datetime | None = None,
           known_at: datetime | None = None, view: View = "application") -> LookupResult:
    """Entities whose `attribute` equals `value` exactly at (valid_at, known_at), sorted by key.

    The value is normalised like on write (phones: digits only); no prefix, case or fuzzy matching.

    Raises:
        InvalidInput: empty attribute, unsupported value type.
    """
    check_name(attribute, "attribute")
    check_scalar(value, "value")
    stored = registry(store).normalise(attribute, value)
    if isinstance(value, str) and value and stored == "":
        raise InvalidInput.field("value", f"{value!r} is not a valid {attribute}", code="invalid_value")
    va, ka = _times(valid_at, known_at)
    rows = store.read("exact/lookup", ns=ns.name, attribute=attribute, value=stored, valid_at=va, known_at=ka,
                      include_erased=view != "application")
    refs = tuple(EntityRef(r["key"], r["type"], r["name"], instant(r["erased_at"])) for r in rows)
    return LookupResult(attribute, stored, va, ka, refs)  # type: ignore[arg-type]
