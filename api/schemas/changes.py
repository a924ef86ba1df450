"""Response models of the auditing endpoints: GET /changes (what changed between two instants)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from api.schemas.facts import VersionOut
from graphmem.channels.changes import Change, ChangePage, ErasureMarker
from graphmem.instants import format_instant


class ChangeOut(BaseModel):
    at: str = Field(description="the instant on the chosen axis")
    entity: str = Field(description="the entity (a relation's source)")
    attribute: str = Field(description="the fact's attribute, or the relation's type")
    kind: Literal["fact", "relation"] = Field("fact", description="relation: a relation of type `attribute` "
                                              "from `entity`; each version's `value` is the target entity's key")
    before: list[VersionOut] = Field(description="versions that ended at `at` (stopped being believed on the "
                                                 "txn axis, stopped being true on the valid axis)")
    after: list[VersionOut] = Field(description="versions that began at `at`")
    source: str | None = None
    reason: str | None = Field(None, description="txn axis: what the write said (the reason that closed the "
                                                 "versions before, else the first new version's); valid axis: "
                                                 "what the version that begins (else ends) says")
    entity_erased: bool = False
    entity_erased_at: str | None = Field(None, description="audit and compliance views: the entity is erased")

    @classmethod
    def of(cls, c: Change) -> "ChangeOut":
        return cls(at=format_instant(c.at) or "", entity=c.entity, attribute=c.attribute, kind=c.kind,
                   before=[VersionOut.of(v) for v in c.before], after=[VersionOut.of(v) for v in c.after],
                   source=c.source, reason=c.reason, entity_erased=c.entity_erased_at is not None,
                   entity_erased_at=format_instant(c.entity_erased_at))


class ErasureMarkerOut(BaseModel):
    at: str
    entity: str
    by: str | None = None
    reason: str | None = None

    @classmethod
    def of(cls, m: ErasureMarker) -> "ErasureMarkerOut":
        return cls(at=format_instant(m.at) or "", entity=m.entity, by=m.by, reason=m.reason)


class ChangesOut(BaseModel):
    axis: Literal["valid", "txn"]
    from_: str = Field(alias="from", serialization_alias="from")
    to: str
    view: Literal["application", "audit", "compliance"]
    changes: list[ChangeOut] = Field(description="oldest first; one per (instant, entity, attribute or relation "
                                                 "type, kind)")
    erasures: list[ErasureMarkerOut] = Field(description="audit and compliance views, txn axis: entities "
                                                         "erased within this page's span")
    next: str | None = Field(description="pass as `after` for the next page; null: this was the last")

    @classmethod
    def of(cls, p: ChangePage) -> "ChangesOut":
        return cls.model_validate({
            "axis": p.axis, "from": format_instant(p.start) or "", "to": format_instant(p.end) or "",
            "view": p.view, "changes": [ChangeOut.of(c) for c in p.changes],
            "erasures": [ErasureMarkerOut.of(m) for m in p.erasures], "next": p.next})
