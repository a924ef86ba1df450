"""Exact channel: an entity by key, or the entities holding `(attribute, value)`, as of both time axes.

Never semantic: equality on the stored (normalised) value through the `attribute_value` index, so the
same query always gives the same answer and `D1:3` never finds `D1:30`. The application view never sees
erased entities; the audit view sees them with their erasure marker.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
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
from graphmem.channels.search.terms import escape_lucene
from graphmem.channels.temporal import check_attribute_known
from graphmem import limits
from graphmem.errors import EntityNotFound, InvalidInput
from graphmem.identifiers.name_words import TITLES
from graphmem.instants import format_instant, parse_instant, utcnow
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
        aliases=tuple(row.get("aliases") or ()),
    )


def read_entities(store: Store, ns: Namespace, *, keys: Iterable[str], valid_at: datetime | None = None,
                  known_at: datetime | None = None, include_erased: bool = False) -> dict[str, EntityState]:
    """The entities among `keys` that exist at `known_at` (None: believed now), each with the attribute
    versions visible at (valid_at, known_at). Unknown keys are simply absent."""
    va, ka = _times(valid_at, known_at)
    rows: list[Row] = store.read("exact/read_entities", ns=ns, keys=list(dict.fromkeys(keys)),
                                 valid_at=va, known_at=ka, include_erased=include_erased)
    return {r["key"]: _state(r, va, ka) for r in rows}


def read_entity(store: Store, ns: Namespace, *, key: str, valid_at: datetime | None = None,
                known_at: datetime | None = None, view: View = "application") -> EntityState:
    """The entity as of `valid_at` / `known_at` (both default now).

    An entity is not versioned itself: any valid_at finds it, a known_at before its creation does not.

    Raises:
        EntityNotFound: unknown key or erased (application view), code unknown_entity; an entity first
            recorded after known_at, code not_yet_known (it exists, the service did not know it then).
    """
    check_key(key, "key")
    found = read_entities(store, ns, keys=[key], valid_at=valid_at, known_at=known_at,
                          include_erased=view != "application")
    if key not in found:
        if known_at is not None:  # is it only that it was not recorded yet then? (asked on the miss path)
            later = read_entities(store, ns, keys=[key], valid_at=valid_at, include_erased=view != "application")
            if key in later:
                created = later[key].created_at
                raise EntityNotFound(
                    f"entity {key!r} was not yet known at known_at {format_instant(parse_instant(known_at, 'known_at'))}"
                    f" (first recorded {format_instant(created)})", code="not_yet_known",
                    details={"entity": key, "known_at": format_instant(parse_instant(known_at, "known_at")),
                             "created_at": format_instant(created)})
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
    limits.check_scalar(value, "value")  # 64-bit integers (`?type=int&value=1e30` digits), valid Unicode
    stored = store.services.registry.normalise(attribute, value)
    if isinstance(value, str) and value and stored == "":
        raise InvalidInput.field("value", f"{value!r} is not a valid {attribute}", code="invalid_value")
    va, ka = _times(valid_at, known_at)
    rows = store.read("exact/lookup", ns=ns, attribute=attribute, value=stored, valid_at=va, known_at=ka,
                      include_erased=view != "application")
    if not rows:
        check_attribute_known(store, ns, name=attribute)  # a misspelt name is not "nobody has it"
    refs = tuple(EntityRef(r["key"], r["type"], r["name"], instant(r["erased_at"])) for r in rows)
    return LookupResult(attribute, stored, va, ka, refs)  # type: ignore[arg-type]


_INT = re.compile(r"[+-]?\d+")
_FLOAT = re.compile(r"[+-]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?")
_INT64 = 2 ** 63


def readings(text: str, *, identifier: bool = False) -> list[Any]:
    """What a value given as text may be stored as: the text itself, and the number (or boolean) it
    spells. "249" reads as "249" and 249 (which equals a stored 249.0: Cypher compares numbers by value);
    identifier attributes (phones, emails) are text only."""
    out: list[Any] = [text]
    if identifier:
        return out
    t = text.strip()
    if _INT.fullmatch(t) and -_INT64 <= int(t) < _INT64:
        out.append(int(t))
    elif _FLOAT.fullmatch(t) and math.isfinite(float(t)):
        out.append(float(t))
    elif t in ("true", "false"):
        out.append(t == "true")
    return out


def lookup_text(store: Store, ns: Namespace, *, attribute: str, value: str, valid_at: datetime | None = None,
                known_at: datetime | None = None, view: View = "application") -> LookupResult:
    """`lookup` for a value given as text with no type (a query string): every reading of it (`readings`)
    is looked up, and the holders of any of them are returned, sorted by key.

    Raises:
        InvalidInput: empty or unknown attribute (code unknown_attribute), unsupported value.
    """
    check_name(attribute, "attribute")
    found: dict[str, EntityRef] = {}
    first: LookupResult | None = None
    identifier = store.services.registry.kind_for_attribute(attribute) is not None
    for i, v in enumerate(readings(value, identifier=identifier)):
        try:
            r = lookup(store, ns, attribute=attribute, value=v, valid_at=valid_at, known_at=known_at, view=view)
        except InvalidInput:
            if i == 0:
                raise
            continue  # a number reading the attribute's kind cannot hold: the text reading has answered
        first = first or r
        for ref in r.entities:
            found.setdefault(ref.key, ref)
    assert first is not None  # the text reading either answered or raised
    return LookupResult(first.attribute, first.value, first.valid_at, first.known_at,
                        tuple(found[k] for k in sorted(found)))


@dataclass(frozen=True, slots=True)
class BatchLookup:
    """What one question's identifiers resolve to, read in one round trip (`lookup_batch`)."""

    keys: frozenset[str]  # the asked keys that are entities visible then
    holders: Mapping[str, tuple[tuple[str, str], ...]]  # value -> ((attribute, entity key), ...), sorted


def lookup_batch(store: Store, ns: Namespace, *, keys: Iterable[str] = (),
                 values: Iterable[tuple[str, Sequence[str]]] = (), valid_at: datetime | None = None,
                 known_at: datetime | None = None, view: View = "application") -> BatchLookup:
    """`lookup` for many (value, attribute names) pairs at once, and which of `keys` are entity keys, as of
    (valid_at, known_at): recall resolves every identifier of a question this way, since one call per
    attribute name would cost a round trip each.

    Values must already be normalised as stored (the identifier registry's normalisers): no prefix, case
    or fuzzy matching, and nothing is validated here beyond what the statement's equality implies.
    """
    wanted_keys = list(dict.fromkeys(keys))
    wanted = [{"value": value, "attributes": list(names)} for value, names in values if names]
    if not wanted_keys and not wanted:
        return BatchLookup(frozenset(), {})
    va, ka = _times(valid_at, known_at)
    rows = store.read("exact/lookup_batch", ns=ns, keys=wanted_keys, values=wanted, valid_at=va, known_at=ka,
                      include_erased=view != "application")
    holders: dict[str, list[tuple[str, str]]] = {}
    for r in rows:
        if r["via"] == "value":
            holders.setdefault(r["asked"], []).append((r["attribute"], r["key"]))
    return BatchLookup(frozenset(r["key"] for r in rows if r["via"] == "key"),
                       {value: tuple(found) for value, found in holders.items()})


VALUE_HOLDERS = 50  # a reverse question answers with at most this many (entity, attribute, value) rows


def find_value_holders(store: Store, ns: Namespace, *, names: Sequence[str], values: Sequence[str],
                       valid_at: datetime, known_at: datetime | None) -> list[Row]:
    """Who holds one of `values` under one of `names` at (valid_at, known_at): a reverse question's exact
    answer ("Who lives in Porto?"). Each (name, value) pair is one index seek; values are compared exactly,
    as stored (a value an identifier kind normalises, a phone or an email, is looked up by `lookup`)."""
    if not names or not values:
        return []
    return store.read("exact/find_value_holders", ns=ns, names=list(names), values=list(values),
                      valid_at=valid_at, known_at=known_at, include_erased=False, limit=VALUE_HOLDERS)


#: a name as a value may carry its title ("dentist: Dr. Hannah Lee"): these spellings of it are it too
_TITLED = [f"{t.capitalize()}{dot}" for t in sorted(TITLES) for dot in ("", ".") if dot == "" or len(t) <= 4]


def find_referrers(store: Store, ns: Namespace, *, named: Sequence[tuple[str, str]], valid_at: datetime,
                   known_at: datetime | None) -> list[Row]:
    """Who holds the name of one of the `named` entities ((key, name) pairs) as a value, under any attribute, at
    (valid_at, known_at): a question that names a person and no attribute ("Which patients does Dr. Hannah
    Schmidt look after?"). The name is looked up as a phrase in the fact values' index, then compared exactly as
    stored, or with a title before it ("Dr. Hannah Lee"); each row says which entity's name it holds (`named`)."""
    if not named:
        return []
    scope = f'+ns:"{escape_lucene(ns.name)}"^0'
    names = [{"key": key, "name": name, "lucene": f'{scope} +caption:"{escape_lucene(name)}"',
              "spellings": [name, *(f"{t} {name}" for t in _TITLED)]} for key, name in named]
    return store.read("exact/find_referrers", ns=ns, names=names, valid_at=valid_at, known_at=known_at,
                      include_erased=False, fetch=VALUE_HOLDERS, limit=VALUE_HOLDERS)


FACT_TEXT_FETCH = 50  # attribute values read from the full-text index per question (then filtered to who holds them)
FACT_TEXT_WORDS = 12  # a question's content words sent to it


def find_fact_text(store: Store, ns: Namespace, question: str, *, valid_at: datetime, known_at: datetime | None,
                   limit: int) -> list[Row]:
    """The facts whose value or attribute name holds the question's content words ("Who is allergic to
    penicillin?" → the entity whose `note` is "allergic to penicillin"), best first, held as of (valid_at,
    known_at) by a live entity; at most `limit` rows. Words only: no identifier is matched here (the exact
    lookup does that, exactly; numbers are left out)."""
    from graphmem.text.summarise import STOPWORDS

    words = [w for w in dict.fromkeys(re.findall(r"[^\W_]+", question.lower()))
             if w not in STOPWORDS and len(w) > 2 and not w.isdigit()][:FACT_TEXT_WORDS]  # numbers: parts of
    # identifiers more often than words (the phone 138-… must never reach the status 'status-138')
    if not words:
        return []
    terms = " ".join(escape_lucene(w) for w in words)
    lucene = f'+ns:"{escape_lucene(ns.name)}"^0 +(caption:({terms}) name:({terms}))'
    return store.read("exact/find_fact_text", ns=ns, lucene=lucene, fetch=FACT_TEXT_FETCH, limit=limit,
                      valid_at=valid_at, known_at=known_at, include_erased=False)
