"""What the fact channels (exact, temporal, graph) take and return: frozen dataclasses, no I/O.

Validation of caller input lives here too (`FactSpec.prepared`), so that the library refuses bad
input the same way whether it is called over REST or directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from graphmem import limits
from graphmem.errors import InvalidInput
from graphmem.identifiers import Registry
from graphmem.instants import parse_instant, stored_instant
from graphmem.timeline import Scalar, check_interval, check_scalar

MAX_KEY_CHARS = 500  # entity keys live in a range index (8 kB key limit)
MAX_NAME_CHARS = limits.MAX_NAME_CHARS  # attribute names, entity types
MAX_VALUES = 1000  # values given as one list (a many-valued attribute)
MAX_VALUE_BYTES = 4000  # (ns, name, value) is one entry of the attribute_value index
MAX_TEXT_CHARS = 2000  # source, reason


def instant(value: Any) -> datetime | None:
    """A stored time (driver value or `toString` text) as an aware UTC datetime: see `stored_instant`.
    Times sent in bulk go as ISO text too (`datetime(x.valid_from)` in Cypher), for the same reason."""
    return stored_instant(value)


def wire(value: datetime | None) -> str | None:
    """A UTC time as the ISO text bulk parameters carry (see `instant`)."""
    return None if value is None else value.astimezone(timezone.utc).isoformat()


def stamp(value: Any) -> datetime:
    """`instant` for a time that is always present."""
    out = instant(value)
    if out is None:
        raise ValueError("missing time")
    return out


def check_key(key: Any, field: str) -> str:
    """Raises: InvalidInput: not a non-blank string of at most MAX_KEY_CHARS."""
    if not isinstance(key, str) or not key.strip():
        raise InvalidInput.field(field, "must be a non-empty string")
    if len(key) > MAX_KEY_CHARS:
        raise InvalidInput.field(field, f"must be at most {MAX_KEY_CHARS} characters")
    return limits.check_string(key, field)


def check_name(name: Any, field: str) -> str:
    """Attribute names: non-blank, at most MAX_NAME_CHARS. Raises: InvalidInput."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput.field(field, "must be a non-empty string", code="invalid_attribute")
    if len(name) > MAX_NAME_CHARS:
        raise InvalidInput.field(field, f"must be at most {MAX_NAME_CHARS} characters", code="invalid_attribute")
    return limits.check_string(name, field)


def check_text(text: Any, field: str) -> str | None:
    """Optional free text (source, reason). Raises: InvalidInput."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise InvalidInput.field(field, "must be a string")
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidInput.field(field, f"must be at most {MAX_TEXT_CHARS} characters")
    return limits.check_string(text, field)


def clean_value(attribute: str, value: Any, field: str, registry: Registry) -> Scalar:
    """A storable value: a scalar, normalised when the attribute is an identifier kind (phones: E.164 digits).

    Raises:
        InvalidInput: not a scalar, too long, or an identifier that normalises to nothing.
    """
    check_scalar(value, field)
    limits.check_scalar(value, field)  # 64-bit integers, valid Unicode
    out: Any = registry.normalise(attribute, value)
    if isinstance(out, str):
        if isinstance(value, str) and value and not out:
            raise InvalidInput.field(field, f"{value!r} is not a valid {attribute}", code="invalid_value")
        if len(out.encode("utf-8")) > MAX_VALUE_BYTES:
            raise InvalidInput.field(field, f"must be at most {MAX_VALUE_BYTES} bytes", code="invalid_value")
    return out  # type: ignore[no-any-return]


@dataclass(slots=True, unsafe_hash=True)  # hot in bulk writes: a frozen init costs ~5x; never mutated
class FactSpec:
    """One assertion (or retraction) as a caller gives it. `where` prefixes error field names
    (`facts.3.` in a batch) so a 422 names the exact field."""

    entity: str
    attribute: str
    value: Any = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    source: str | None = None
    reason: str | None = None
    retract: bool = False
    listed: bool = False  # one of several values given as a list (many-valued attributes only)
    where: str = ""

    def field(self, name: str) -> str:
        return f"{self.where}{name}"

    def prepared(self, registry: Registry) -> "FactSpec":
        """Checked and normalised. Raises: InvalidInput, InvalidInterval."""
        check_key(self.entity, self.field("entity"))
        check_name(self.attribute, self.field("attribute"))
        value = self.value
        if not self.retract or value is not None:
            value = clean_value(self.attribute, value, self.field("value"), registry)
        vf = None if self.valid_from is None else parse_instant(self.valid_from, self.field("valid_from"))
        vt = None if self.valid_to is None else parse_instant(self.valid_to, self.field("valid_to"))
        if vf is not None:
            check_interval(vf, vt, self.field("valid_to"))
        return FactSpec(self.entity, self.attribute, value, vf, vt, check_text(self.source, self.field("source")),
                        check_text(self.reason, self.field("reason")), self.retract, self.listed, self.where)


MAX_ALIASES = 50  # names an entity is also known by


@dataclass(slots=True, unsafe_hash=True)  # hot in bulk writes: a frozen init costs ~5x; never mutated
class EntitySpec:
    """One entity to create or merge (PUT): its attributes are asserted from `valid_from` (default now)."""

    key: str
    type: str
    name: str | None = None
    attributes: Mapping[str, Any] | None = None
    valid_from: datetime | None = None
    source: str | None = None
    reason: str | None = None
    where: str = ""
    aliases: tuple[str, ...] | None = None  # None: kept; a list replaces them (a dropped one becomes a former name)

    def field(self, name: str) -> str:
        return f"{self.where}{name}"

    def fact_specs(self) -> list[FactSpec]:
        """The assertions it makes; a list value asserts each element (many-valued attributes only).

        Raises: InvalidInput: bad key, type, name or attribute names."""
        check_key(self.key, self.field("key"))
        check_name(self.type, self.field("type"))
        check_text(self.name, self.field("name"))
        if self.aliases is not None:
            if isinstance(self.aliases, str) or not all(isinstance(a, str) and a.strip() for a in self.aliases):
                raise InvalidInput.field(self.field("aliases"), "must be a list of non-empty names")
            if len(self.aliases) > MAX_ALIASES:
                raise InvalidInput.field(self.field("aliases"), f"at most {MAX_ALIASES} aliases", code="limit_exceeded")
            for i, a in enumerate(self.aliases):
                check_text(a, self.field(f"aliases.{i}"))
        if self.attributes is not None and not isinstance(self.attributes, Mapping):
            raise InvalidInput.field(self.field("attributes"), "must be an object of attribute -> value")
        out: list[FactSpec] = []
        for attr, value in (self.attributes or {}).items():
            check_name(attr, self.field("attributes"))
            values, listed = (value, True) if isinstance(value, list) else ([value], False)
            if listed and not value:
                raise InvalidInput.field(self.field(f"attributes.{attr}"), "an empty list asserts nothing")
            if listed and len(value) > MAX_VALUES:
                raise InvalidInput.field(self.field(f"attributes.{attr}"), f"at most {MAX_VALUES} values",
                                         code="limit_exceeded")
            for i, v in enumerate(values):
                where = self.field(f"attributes.{attr}.{i}." if listed else f"attributes.{attr}.")
                out.append(FactSpec(self.key, attr, v, self.valid_from, None, self.source, self.reason,
                                    listed=listed, where=where))
        return out


@dataclass(slots=True, unsafe_hash=True)  # hot in bulk writes: a frozen init costs ~5x; never mutated
class FactVersion:
    """One stored version of a fact, with both time axes; `end_reason`/`end_source` say which change
    stopped it being believed (audit view)."""

    attribute: str
    value: Scalar
    valid_from: datetime
    valid_to: datetime | None
    txn_time: datetime
    txn_end: datetime | None = None
    source: str | None = None
    reason: str | None = None
    end_reason: str | None = None
    end_source: str | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "FactVersion":
        return cls(row["attribute"], row["value"], stamp(row["valid_from"]), instant(row.get("valid_to")),
                   stamp(row["txn_time"]), instant(row.get("txn_end")), row.get("source"), row.get("reason"), row.get("end_reason"),
                   row.get("end_source"))


@dataclass(slots=True, unsafe_hash=True)  # hot in bulk writes: a frozen init costs ~5x; never mutated
class FactChange:
    """What one assertion or retraction did. `version` holds the asserted value afterwards (the new one,
    or the existing one when `changed` is false); `None` for a retraction. In a batch, facts apply in
    order and a later fact on the same attribute may clip the versions an earlier one reports."""

    entity: str
    attribute: str
    txn_time: datetime
    changed: bool
    version: FactVersion | None
    closed: tuple[FactVersion, ...] = ()
    written: tuple[FactVersion, ...] = ()


@dataclass(frozen=True, slots=True)
class EntityState:
    """An entity as of (valid_at, known_at; None = believed now), with the fact versions visible then."""

    key: str
    type: str | None
    name: str | None
    created_at: datetime
    valid_at: datetime
    known_at: datetime | None
    facts: tuple[FactVersion, ...] = ()
    aliases: tuple[str, ...] = ()
    many: frozenset[str] = frozenset()
    erased_at: datetime | None = None
    erased_by: str | None = None
    erasure_reason: str | None = None

    @property
    def erased(self) -> bool:
        return self.erased_at is not None

    @property
    def attributes(self) -> dict[str, Any]:
        """Attribute -> value (a list, oldest first, for many-valued attributes)."""
        out: dict[str, Any] = {}
        for f in sorted(self.facts, key=lambda f: (f.attribute, f.valid_from)):
            if f.attribute in self.many:
                out.setdefault(f.attribute, []).append(f.value)
            else:
                out[f.attribute] = f.value
        return out


@dataclass(frozen=True, slots=True)
class EntityWrite:
    """The result of PUT /entities/{key}: created or merged, and what each given attribute did."""

    key: str
    type: str
    name: str | None
    created: bool
    created_at: datetime
    txn_time: datetime
    changes: tuple[FactChange, ...] = ()


@dataclass(frozen=True, slots=True)
class History:
    key: str
    attribute: str | None
    full: bool  # every version on both axes (audit) or the believed timeline only
    versions: tuple[FactVersion, ...]
    erased_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class EntityRef:
    key: str
    type: str | None
    name: str | None
    erased_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class LookupResult:
    attribute: str
    value: Scalar  # as stored (normalised)
    valid_at: datetime
    known_at: datetime | None
    entities: tuple[EntityRef, ...] = ()


@dataclass(frozen=True, slots=True)
class Declaration:
    """Whether an attribute (or relation type) holds several values at once in a namespace."""

    name: str
    many: bool
    declared: bool = True


@dataclass(frozen=True, slots=True)
class RelationVersion:
    source_key: str
    type: str
    target_key: str
    valid_from: datetime
    valid_to: datetime | None
    txn_time: datetime
    txn_end: datetime | None = None
    source: str | None = None
    reason: str | None = None
    properties: Mapping[str, Scalar] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RelationChange:
    source_key: str
    type: str
    target_key: str | None
    txn_time: datetime
    changed: bool
    version: RelationVersion | None
    closed: tuple[RelationVersion, ...] = ()
    written: tuple[RelationVersion, ...] = ()
