"""Request and response models for erasure, purge and the compliance view."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from api.schemas.base import In

from graphmem.instants import format_instant
from graphmem.privacy import MAX_REASON_CHARS, Dossier, ErasureRecord, PurgeResult


class ErasureIn(In):
    """Why the entity is erased; may also come as `?reason=`."""

    reason: str | None = Field(None, min_length=1, max_length=MAX_REASON_CHARS,
                               description="why the entity is erased (kept in the compliance view)")


class ErasureOut(BaseModel):
    """One erasure: the key until it is purged (then only its hash), when, why, by whom."""

    key: str | None = Field(description="the entity key; null once purged")
    key_hash: str = Field(description="SHA-256 of 'ns:key', what the tombstone keeps")
    status: str = Field(description="erased | purged")
    erased_at: str
    erased_by: str = Field(description="id of the API key that erased it")
    reason: str
    turns: int = Field(description="turns that mentioned the entity and were erased with it")
    summaries: int = Field(description="summaries that mentioned the entity and were erased with it")
    workflows_rebuilt: list[str] = Field(default_factory=list, description=(
        "keys of workflows the erasure hid and induced again from the trajectories that remain"))
    workflows_dropped: list[str] = Field(default_factory=list, description=(
        "keys of workflows left with no current version: no remaining run could rebuild them"))
    purged_at: str | None = None
    purged_by: str | None = None
    purge_id: str | None = None

    @classmethod
    def from_domain(cls, r: ErasureRecord) -> "ErasureOut":
        return cls(key=r.key, key_hash=r.key_hash, status=r.status, erased_at=format_instant(r.erased_at) or "",
                   erased_by=r.erased_by, reason=r.reason, turns=r.turns, summaries=r.summaries,
                   workflows_rebuilt=list(r.workflows_rebuilt), workflows_dropped=list(r.workflows_dropped),
                   purged_at=format_instant(r.purged_at), purged_by=r.purged_by, purge_id=r.purge_id)


class PurgeIn(In):
    """Purge what was erased more than `older_than_days` ago (default: the configured retention)."""

    older_than_days: float | None = Field(None, ge=0, le=36500,
                                          description="retention period in days; default GRAPHMEM_RETENTION_DAYS")


class PurgeOut(BaseModel):
    """A purge run, as recorded (the purge is itself audited)."""

    id: str
    at: str
    by: str
    cutoff: str = Field(description="erasures at or before this instant were purged")
    older_than_days: float
    entities: int
    turns: int
    summaries: int
    attributes: int
    key_hashes: list[str] = Field(default_factory=list, description="tombstones written by this run")

    @classmethod
    def from_domain(cls, p: PurgeResult) -> "PurgeOut":
        return cls(id=p.id, at=format_instant(p.at) or "", by=p.by, cutoff=format_instant(p.cutoff) or "",
                   older_than_days=p.older_than_days, entities=p.entities, turns=p.turns, summaries=p.summaries,
                   attributes=p.attributes, key_hashes=list(p.key_hashes))


class ErasuresOut(BaseModel):
    """The compliance view of a namespace: erasures (pending or purged) and purge runs, newest first."""

    erasures: list[ErasureOut]
    purges: list[PurgeOut]


class DossierOut(BaseModel):
    """Everything a namespace holds about one entity (compliance view): the entity, every version of its
    facts and relations on both time axes, and every record holding one of its spellings (found by the same
    scan an erasure runs: what this lists is what an erasure hides and a purge removes), with its erasure
    records. Once purged, only the erasure record (the key's hash) is left."""

    key: str
    entity: dict[str, Any] | None = Field(description="key, type, name, aliases, former names; null once purged")
    facts: list[dict[str, Any]] = Field(description="every version: value, valid_from/valid_to, txn_time/txn_end")
    relations: list[dict[str, Any]] = Field(description="every version, in (to it) and out (from it)")
    turns: list[dict[str, Any]] = Field(description="turns naming it in any spelling, hidden ones included")
    summaries: list[dict[str, Any]]
    trajectories: list[dict[str, Any]]
    workflows: list[dict[str, Any]] = Field(description="workflow versions whose text holds a spelling")
    cached_responses: list[dict[str, Any]] = Field(description="idempotency records whose stored answer holds one")
    other_records: list[dict[str, Any]] = Field(description=(
        "other entities' values and properties holding a spelling (an order's contact, a relation's note)"))
    erasures: list[ErasureOut]

    @classmethod
    def from_domain(cls, d: Dossier) -> "DossierOut":
        return cls(key=d.key, entity=d.entity, facts=d.facts, relations=d.relations, turns=d.turns,
                   summaries=d.summaries, trajectories=d.trajectories, workflows=d.workflows,
                   cached_responses=d.cached_responses, other_records=d.other_records,
                   erasures=[ErasureOut.from_domain(e) for e in d.erasures])
