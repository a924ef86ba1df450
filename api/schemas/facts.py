"""Request and response models for entities, facts, lookup, relations and the as-of graph.

Times come in as ISO-8601 strings with a zone (or bare dates, UTC midnight) and are parsed here with
`parse_instant`, whose 422 names the field (`facts.3.valid_from` in a batch). Values are checked by the
library so that the same rule holds for library callers; the schema only documents them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, WithJsonSchema

from api.schemas.base import NAME_CHARS, In
from graphmem.channels.fact_records import (
    MAX_KEY_CHARS,
    Declaration,
    EntityRef,
    EntityState,
    EntityWrite,
    FactChange,
    FactSpec,
    FactVersion,
    History,
    LookupResult,
    RelationChange,
    RelationVersion,
)
from graphmem.channels.graph import GraphView
from graphmem.instants import format_instant, parse_instant

_SCALAR = {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}]}
ScalarIn = Annotated[Any, WithJsonSchema({**_SCALAR, "description": "string, integer, number or boolean"})]
AttributeValueIn = Annotated[Any, WithJsonSchema({"anyOf": [*_SCALAR["anyOf"], {"type": "array", "items": _SCALAR}],
                                                  "description": "a value, or a list of values for a "
                                                                 "many-valued attribute"})]
Instant = Annotated[str | None, Field(None, description="ISO-8601 with zone (or a bare date: UTC midnight)",
                                      examples=["2026-07-01T09:00:00Z"])]
#: the end of an interval: its example lies after `Instant`'s, so that the /docs example body is valid
Until = Annotated[str | None, Field(None, description="ISO-8601 with zone (or a bare date: UTC midnight); after "
                                                      "valid_from; default open", examples=["2027-01-01T00:00:00Z"])]
Text = Annotated[str | None, Field(None, max_length=2000)]


def instant(value: str | None, field: str) -> Any:
    return None if value is None else parse_instant(value, field)


class _In(In):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class EntityPut(_In):
    type: str = Field(min_length=1, max_length=NAME_CHARS, examples=["user"])
    name: str | None = Field(None, max_length=2000, description="the display name; a new one keeps the old as a "
                             "former name, which still resolves in recall as of a time before the rename")
    aliases: list[Annotated[str, Field(min_length=1, max_length=2000)]] | None = Field(
        None, max_length=50, examples=[["Northwind", "NWT"]],
        description="other names recall resolves to this entity; given, they replace the entity's aliases (a "
                    "dropped alias is kept as a former name); absent, they stay")
    attributes: dict[str, AttributeValueIn] | None = Field(None, examples=[{"city": "Shanghai"}])
    valid_from: Instant = None
    source: Text = None
    reason: Text = None


class FactIn(_In):
    entity: str = Field(min_length=1, max_length=MAX_KEY_CHARS, examples=["U-001"])
    attribute: str = Field(max_length=NAME_CHARS, examples=["city"])
    value: ScalarIn = Field(examples=["Beijing"])
    valid_from: Instant = None
    valid_to: Until = None
    source: Text = None
    reason: Text = None

    def spec(self, where: str = "") -> FactSpec:
        return FactSpec(self.entity, self.attribute, self.value, instant(self.valid_from, f"{where}valid_from"),
                        instant(self.valid_to, f"{where}valid_to"), self.source, self.reason, where=where)


class FactBatchIn(_In):
    facts: list[FactIn] = Field(description="applied in order, in one transaction: all or nothing")


class RetractIn(_In):
    entity: str = Field(min_length=1, max_length=MAX_KEY_CHARS, examples=["U-001"])
    attribute: str = Field(max_length=NAME_CHARS, examples=["city"])
    value: ScalarIn = Field(None, description="many-valued attributes: retract this value only", examples=[None])
    valid_from: Instant = None
    valid_to: Until = None
    source: Text = None
    reason: Text = None

    def spec(self) -> FactSpec:
        return FactSpec(self.entity, self.attribute, self.value, instant(self.valid_from, "valid_from"),
                        instant(self.valid_to, "valid_to"), self.source, self.reason, retract=True)


class RelationIn(_In):
    from_: str = Field(alias="from", min_length=1, max_length=MAX_KEY_CHARS, examples=["U-001"])
    type: str = Field(max_length=NAME_CHARS, description="upper snake case, ^[A-Z][A-Z0-9_]*$", examples=["WORKS_AT"])
    to: str = Field(min_length=1, max_length=MAX_KEY_CHARS, examples=["C-042"])
    valid_from: Instant = None
    valid_to: Until = None
    properties: dict[str, ScalarIn] | None = Field(None, examples=[{"role": "engineer"}])
    source: Text = None
    reason: Text = None


class RelationRetractIn(_In):
    from_: str = Field(alias="from", min_length=1, max_length=MAX_KEY_CHARS, examples=["U-001"])
    type: str = Field(max_length=NAME_CHARS, examples=["WORKS_AT"])
    to: str | None = Field(None, max_length=MAX_KEY_CHARS, description="this target only; default every target of the type",
                           examples=["C-042"])
    valid_from: Instant = None
    valid_to: Until = None
    source: Text = None
    reason: Text = None


class DeclarationIn(_In):
    many: StrictBool = Field(description="true: several values (targets) at once")


# --- responses ----------------------------------------------------------------------------------------
class VersionOut(BaseModel):
    attribute: str
    value: Any
    valid_from: str
    valid_to: str | None
    txn_time: str
    txn_end: str | None
    source: str | None = None
    reason: str | None = None
    end_reason: str | None = Field(None, description="audit: why this version stopped being believed")
    end_source: str | None = None

    @classmethod
    def of(cls, v: FactVersion) -> "VersionOut":
        return cls(attribute=v.attribute, value=v.value, valid_from=format_instant(v.valid_from) or "",
                   valid_to=format_instant(v.valid_to), txn_time=format_instant(v.txn_time) or "",
                   txn_end=format_instant(v.txn_end), source=v.source, reason=v.reason, end_reason=v.end_reason,
                   end_source=v.end_source)


class FactChangeOut(BaseModel):
    entity: str
    attribute: str
    txn_time: str
    changed: bool = Field(description="false: the value was already believed over the interval")
    version: VersionOut | None = Field(description="the version holding the value now (null for a retraction)")
    closed: list[VersionOut]
    written: list[VersionOut]

    @classmethod
    def of(cls, c: FactChange) -> "FactChangeOut":
        return cls(entity=c.entity, attribute=c.attribute, txn_time=format_instant(c.txn_time) or "",
                   changed=c.changed, version=None if c.version is None else VersionOut.of(c.version),
                   closed=[VersionOut.of(v) for v in c.closed], written=[VersionOut.of(v) for v in c.written])


class BatchOut(BaseModel):
    txn_time: str | None
    changed: int
    results: list[FactChangeOut]


class EntityWriteOut(BaseModel):
    key: str
    type: str
    name: str | None
    created: bool
    created_at: str
    txn_time: str
    changes: list[FactChangeOut]

    @classmethod
    def of(cls, w: EntityWrite) -> "EntityWriteOut":
        return cls(key=w.key, type=w.type, name=w.name, created=w.created,
                   created_at=format_instant(w.created_at) or "", txn_time=format_instant(w.txn_time) or "",
                   changes=[FactChangeOut.of(c) for c in w.changes])


class EntityOut(BaseModel):
    key: str
    type: str | None
    name: str | None
    aliases: list[str] = Field(default_factory=list, description="other names the entity is known by")
    created_at: str
    valid_at: str
    known_at: str | None = Field(description="null: what is believed now")
    attributes: dict[str, Any] = Field(description="attribute -> value (a list for many-valued attributes)")
    facts: list[VersionOut]
    erased: bool = False
    erased_at: str | None = None
    erasure_reason: str | None = None

    @classmethod
    def of(cls, e: EntityState) -> "EntityOut":
        return cls(key=e.key, type=e.type, name=e.name, aliases=list(e.aliases),
                   created_at=format_instant(e.created_at) or "",
                   valid_at=format_instant(e.valid_at) or "", known_at=format_instant(e.known_at),
                   attributes=e.attributes, facts=[VersionOut.of(f) for f in e.facts], erased=e.erased,
                   erased_at=format_instant(e.erased_at), erasure_reason=e.erasure_reason)


class HistoryOut(BaseModel):
    key: str
    attribute: str | None
    scope: Literal["all", "believed"] = Field(description="all: every version on both axes (audit view)")
    erased: bool = False
    versions: list[VersionOut]
    reason: str | None = Field(None, description="why `versions` is empty: the attribute is known in the "
                                                 "namespace (an unknown one answers 422) but this entity has none")

    @classmethod
    def of(cls, h: History) -> "HistoryOut":
        # the library refused unknown attribute names (422 unknown_attribute): an empty one here is known
        reason = (f"{h.key!r} has no versions of {h.attribute!r} (the attribute is known in this namespace)"
                  if h.attribute is not None and not h.versions else None)
        return cls(key=h.key, attribute=h.attribute, scope="all" if h.full else "believed",
                   erased=h.erased_at is not None, versions=[VersionOut.of(v) for v in h.versions], reason=reason)


class EntityRefOut(BaseModel):
    key: str
    type: str | None
    name: str | None
    erased: bool = False

    @classmethod
    def of(cls, r: EntityRef) -> "EntityRefOut":
        return cls(key=r.key, type=r.type, name=r.name, erased=r.erased_at is not None)


class LookupOut(BaseModel):
    attribute: str
    value: Any = Field(description="the value as stored (normalised, e.g. phone digits)")
    valid_at: str
    known_at: str | None
    entities: list[EntityRefOut]

    @classmethod
    def of(cls, r: LookupResult) -> "LookupOut":
        return cls(attribute=r.attribute, value=r.value, valid_at=format_instant(r.valid_at) or "",
                   known_at=format_instant(r.known_at), entities=[EntityRefOut.of(e) for e in r.entities])


class RelationOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)
    from_: str = Field(alias="from")
    type: str
    to: str
    valid_from: str
    valid_to: str | None
    txn_time: str
    txn_end: str | None
    source: str | None = None
    reason: str | None = None
    properties: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def of(cls, r: RelationVersion) -> "RelationOut":
        return cls(from_=r.source_key, type=r.type, to=r.target_key,  # type: ignore[call-arg]
                   valid_from=format_instant(r.valid_from) or "",
                   valid_to=format_instant(r.valid_to), txn_time=format_instant(r.txn_time) or "",
                   txn_end=format_instant(r.txn_end), source=r.source, reason=r.reason,
                   properties=dict(r.properties))


class RelationChangeOut(BaseModel):
    txn_time: str
    changed: bool
    version: RelationOut | None
    closed: list[RelationOut]
    written: list[RelationOut]

    @classmethod
    def of(cls, c: RelationChange) -> "RelationChangeOut":
        return cls(txn_time=format_instant(c.txn_time) or "", changed=c.changed,
                   version=None if c.version is None else RelationOut.of(c.version),
                   closed=[RelationOut.of(v) for v in c.closed], written=[RelationOut.of(v) for v in c.written])


class GraphNodeOut(BaseModel):
    key: str
    type: str | None
    name: str | None
    attributes: dict[str, Any]
    erased: bool = False


class GraphOut(BaseModel):
    start: str
    depth: int
    valid_at: str
    known_at: str | None
    truncated: bool
    nodes: list[GraphNodeOut]
    edges: list[RelationOut]

    @classmethod
    def of(cls, g: GraphView) -> "GraphOut":
        return cls(start=g.start, depth=g.depth, valid_at=format_instant(g.valid_at) or "",
                   known_at=format_instant(g.known_at), truncated=g.truncated,
                   nodes=[GraphNodeOut(key=n.key, type=n.type, name=n.name, attributes=n.attributes, erased=n.erased)
                          for n in g.nodes],
                   edges=[RelationOut.of(e) for e in g.edges])


class DeclarationOut(BaseModel):
    name: str
    many: bool
    declared: bool

    @classmethod
    def of(cls, d: Declaration) -> "DeclarationOut":
        return cls(name=d.name, many=d.many, declared=d.declared)
