"""Erasure, purge, tombstones, the compliance record, and `redact()` for logs.

Erasure is logical first (CONTRIBUTING.md, "Views and erasure"): one transaction sets `erased_at`,
`erased_by` and `erasure_reason` on the entity, `erased_at` on every turn and summary that MENTIONS
it, and writes an `(:Erasure)` record; every application-view query filters `erased_at IS NULL`, so
the entity, its versions, its relations, those turns and summaries vanish from reads, lookups,
traversals, windows, searches and recall at once. The audit view still shows them with the markers.

Purge is physical and comes after the retention period: the entity node and its HAS/RELATES edges,
orphaned attribute values, the summaries that mention it and the text, speaker, metadata and
embeddings of its erased turns are removed for good. What stays is a `(:Tombstone)` holding only a
hash of namespace and key, when, why and by whom; each purge run is itself a `(:PurgeRecord)`.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from graphmem.errors import EntityNotFound, InvalidInput
from graphmem.instants import utcnow
from graphmem.types import Namespace

if TYPE_CHECKING:  # privacy is imported by the store's callers; keep the import graph acyclic
    from graphmem.store import Store, Tx

log = logging.getLogger(__name__)

MAX_REASON_CHARS = 1000
PURGE_BATCH = 500

# --- redaction for logs (pure) ---------------------------------------------------------------

#: parameter names whose values are memory content: never logged, only their size
SENSITIVE = frozenset({
    "text", "texts", "value", "values", "name", "query", "reason", "speaker", "embedding", "vector",
    "attributes", "facts", "turns", "steps", "args", "metadata", "properties", "needles", "key", "keys",
    "response", "body", "task", "description", "summary", "context", "error",
})
MAX_STR = 32
MAX_ITEMS = 5


def redact(params: Any, *, _depth: int = 0) -> Any:
    """A log-safe copy of query or request parameters: memory content replaced by its size.

    Sensitive names (text, value, name, query, key, embedding, …) become `<redacted N chars>` or
    `<redacted N items>`; other strings are cut to 32 characters, lists to 5 items, nesting to 4
    levels. Use it for every debug log of parameters: `log.debug("q %s", name, redact(params))`.
    """
    if _depth > 4:
        return "<…>"
    if isinstance(params, Mapping):
        out: dict[str, Any] = {}
        for k, v in params.items():
            if str(k).lower() in SENSITIVE and v is not None:
                out[str(k)] = _size(v)
            else:
                out[str(k)] = redact(v, _depth=_depth + 1)
        return out
    if isinstance(params, (list, tuple)):
        if params and all(isinstance(x, float) for x in params[:3]):
            return f"<vector {len(params)}>"
        items = [redact(v, _depth=_depth + 1) for v in params[:MAX_ITEMS]]
        if len(params) > MAX_ITEMS:
            items.append(f"<+{len(params) - MAX_ITEMS} more>")
        return items
    if isinstance(params, str):
        return params if len(params) <= MAX_STR else params[:MAX_STR] + f"…<{len(params)} chars>"
    if isinstance(params, (bytes, bytearray)):
        return f"<{len(params)} bytes>"
    return params


def _size(value: Any) -> str:
    if isinstance(value, (str, bytes, bytearray)):
        return f"<redacted {len(value)} chars>"
    if isinstance(value, (list, tuple, set, Mapping)):
        return f"<redacted {len(value)} items>"
    return "<redacted>"


def key_hash(ns: Namespace, key: str) -> str:
    """What a tombstone keeps of an entity key: SHA-256 of `ns:key` (`:` cannot occur in a namespace)."""
    return hashlib.sha256(f"{ns.name}:{key}".encode("utf-8")).hexdigest()


# --- results ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class ErasureRecord:
    """The compliance view of one erasure: what (key until purged, then only its hash), when, why, by whom."""

    key: str | None
    key_hash: str
    erased_at: datetime
    erased_by: str
    reason: str
    turns: int = 0
    summaries: int = 0
    purged_at: datetime | None = None
    purged_by: str | None = None
    purge_id: str | None = None
    created: bool = False  # True only for the call that made the erasure

    @property
    def status(self) -> str:
        return "purged" if self.purged_at is not None else "erased"

    @classmethod
    def from_row(cls, row: Mapping[str, Any], *, created: bool = False) -> "ErasureRecord":
        return cls(key=row.get("key"), key_hash=row["key_hash"], erased_at=row["at"], erased_by=row["by"],
                   reason=row["reason"], turns=int(row.get("turns") or 0),
                   summaries=int(row.get("summaries") or 0), purged_at=row.get("purged_at"),
                   purged_by=row.get("purged_by"), purge_id=row.get("purge_id"), created=created)


@dataclass(frozen=True)
class PurgeResult:
    """One purge run, as recorded in its `(:PurgeRecord)`."""

    id: str
    at: datetime
    by: str
    cutoff: datetime
    older_than_days: float
    entities: int = 0
    turns: int = 0
    summaries: int = 0
    attributes: int = 0
    key_hashes: tuple[str, ...] = field(default_factory=tuple)

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "PurgeResult":
        return cls(id=row["id"], at=row["at"], by=row["by"], cutoff=row["cutoff"],
                   older_than_days=float(row["older_than_days"]), entities=int(row["entities"]),
                   turns=int(row["turns"]), summaries=int(row["summaries"]), attributes=int(row["attributes"]))


# --- erasure ---------------------------------------------------------------------------------

def check_reason(reason: str | None) -> str:
    """An erasure must say why; the reason is kept in the compliance record."""
    if reason is None or not reason.strip():
        raise InvalidInput.field("reason", "an erasure needs a reason (in the body or as ?reason=)",
                                 code="missing_reason")
    if len(reason) > MAX_REASON_CHARS:
        raise InvalidInput.field("reason", f"at most {MAX_REASON_CHARS} characters", code="limit_exceeded")
    return reason.strip()


def erase_entity(store: Store, ns: Namespace, *, key: str, reason: str | None, by: str,
                 now: datetime | None = None) -> ErasureRecord:
    """Erase an entity from the application view, with every turn and summary that mentions it.

    One transaction: the `(:Erasure)` record, the markers on the entity and on the mentioning turns
    and summaries, and dropping replayable responses that contain its values. Erasing again returns
    the first record unchanged (`created=False`), also after it was purged.

    Args:
        key: the entity's key.
        reason: why (kept in the compliance view); required.
        by: the erasing principal's key id.

    Raises:
        InvalidInput: no reason, or one too long.
        EntityNotFound: no entity with this key in the namespace (and none erased and purged).
    """
    reason = check_reason(reason)
    at = now or utcnow()
    digest = key_hash(ns, key)
    claim = uuid.uuid4().hex

    def work(tx: Tx) -> ErasureRecord | None:
        row = tx.one("privacy/claim_erasure", ns=ns.name, key=key, key_hash=digest, now=at, by=by,
                     reason=reason, claim=claim)
        if row is None:
            return None
        if not row["created"]:
            return ErasureRecord.from_row(row)
        counts = tx.one("privacy/mark_erased", ns=ns.name, key=key, key_hash=digest, now=at, by=by,
                        reason=reason) or {}
        _forget_cached(tx, ns, key)
        return ErasureRecord.from_row({**row, **counts}, created=True)

    record = store.write(work)
    if record is None:
        rows = store.read("privacy/find_tombstone", ns=ns.name, key_hash=digest)
        if not rows:
            raise EntityNotFound(f"no entity {key!r} in namespace {ns.name!r}", details={"key": key})
        return ErasureRecord.from_row(rows[0])
    log.info("erasure ns=%s key_hash=%s created=%s turns=%d summaries=%d", ns.name, digest[:12],
             record.created, record.turns, record.summaries)
    return record


def _forget_cached(tx: Tx, ns: Namespace, key: str) -> int:
    """Replayable Idempotency-Key responses holding the entity's key, name or values are dropped."""
    row = tx.one("privacy/entity_needles", ns=ns.name, key=key)
    if row is None:
        return 0
    needles = sorted({n for n in [row["key"], row.get("name"), *row.get("values", [])] if isinstance(n, str) and n})
    out = tx.one("privacy/forget_cached_responses", ns=ns.name, needles=needles)
    return int(out["forgotten"]) if out else 0


def list_erasures(store: Store, ns: Namespace, *, limit: int = 1000) -> list[ErasureRecord]:
    """The compliance view: every erasure, pending or purged (then only the key's hash), newest first."""
    return [ErasureRecord.from_row(r) for r in store.read("privacy/list_erasures", ns=ns.name, limit=limit)]


def list_purges(store: Store, ns: Namespace, *, limit: int = 1000) -> list[PurgeResult]:
    """The purge runs of a namespace (the purge audits itself), newest first."""
    return [PurgeResult.from_row(r) for r in store.read("privacy/list_purges", ns=ns.name, limit=limit)]


# --- purge -----------------------------------------------------------------------------------

def check_older_than(days: float | None, default: float) -> float:
    value = default if days is None else days
    if not 0 <= value <= 36500:
        raise InvalidInput.field("older_than_days", "must be between 0 and 36500", code="invalid_retention")
    return float(value)


def purge(store: Store, ns: Namespace, *, by: str, older_than_days: float | None = None,
          now: datetime | None = None) -> PurgeResult:
    """Remove for good what was erased more than `older_than_days` ago (default: the retention setting).

    Each erased entity is purged in its own transaction, which also writes its tombstone and adds its
    counts to this run's `(:PurgeRecord)`, so a run cut short leaves a consistent, audited state and
    the next run carries on.

    Args:
        by: the purging principal's key id (or `cli`).
        older_than_days: the retention period; 0 purges every erasure.

    Raises:
        InvalidInput: a negative or absurd retention period.
    """
    days = check_older_than(older_than_days, store.settings.retention_days)
    at = now or utcnow()
    cutoff = at - timedelta(days=days)
    purge_id = uuid.uuid4().hex
    store.write_one("privacy/create_purge_record", ns=ns.name, id=purge_id, now=at, by=by, cutoff=cutoff,
                    older_than_days=days)
    hashes: list[str] = []
    while True:
        due = store.read("privacy/due_erasures", ns=ns.name, cutoff=cutoff, limit=PURGE_BATCH)
        if not due:
            break
        for row in due:
            def work(tx: Tx, r: dict[str, Any] = row) -> None:
                _purge_one(tx, ns, key=r["key"], digest=r["key_hash"], purge_id=purge_id, by=by, now=at)

            store.write(work)
            hashes.append(row["key_hash"])
    result = PurgeResult.from_row(store.read("privacy/read_purge_record", ns=ns.name, id=purge_id)[0])
    log.info("purge ns=%s id=%s entities=%d", ns.name, purge_id, result.entities)
    return PurgeResult(**{**result.__dict__, "key_hashes": tuple(hashes)})


def _purge_one(tx: Tx, ns: Namespace, *, key: str, digest: str, purge_id: str, by: str, now: datetime) -> None:
    """One erased entity, in one transaction: summaries, turn texts, entity, orphans, caches, tombstone."""
    _forget_cached(tx, ns, key)
    summaries = (tx.one("privacy/purge_summaries", ns=ns.name, key=key) or {}).get("summaries", 0)
    turns = (tx.one("privacy/purge_turns", ns=ns.name, key=key, now=now) or {}).get("turns", 0)
    row = tx.one("privacy/purge_entity", ns=ns.name, key=key)
    attribute_ids = row["attributes"] if row else []
    attributes = (tx.one("privacy/delete_orphan_attributes", ns=ns.name, ids=attribute_ids) or {}).get(
        "attributes", 0)
    tx.run("privacy/write_tombstone", ns=ns.name, key_hash=digest, purge_id=purge_id, by=by, now=now,
           turns=turns, summaries=summaries, attributes=attributes)
