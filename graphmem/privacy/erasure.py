"""Erasure and purge of one entity, and the compliance views.

Erasure is logical first (CONTRIBUTING.md, "Views and erasure"): one transaction sets `erased_at`,
`erased_by` and `erasure_reason` on the entity, writes an `(:Erasure)` record, and hides every copy of
the subject's spellings wherever it is (`graphmem/privacy/reach.py`): turns and summaries (those that
MENTIONS it and those found by the scan, written before it existed or in another format), trajectories
and the workflows induced from them (re-induced without them), other entities' attribute values and
any property (redacted), cached Idempotency-Key responses (dropped). The audit view still shows the
hidden turns and summaries with their markers.

Purge is physical and comes after the retention period: the same scan runs again and removes every
copy, then the entity node with its HAS versions, relations and orphaned values. What stays is a
`(:Tombstone)` holding only an HMAC of namespace and key (`graphmem/access/secret.py`), when, why and
by whom; each purge run is itself a `(:PurgeRecord)`.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from graphmem.errors import EntityNotFound, InvalidInput
from graphmem.instants import utcnow
from graphmem.channels.workflow import Reinduced
from graphmem.privacy.reach import Copies, counts, find_copies, hide_copies, remove_copies, spellings_of
from graphmem.privacy.records import ErasureRecord, PurgeResult
from graphmem.access.secret import erasure_secret, key_hash
from graphmem.types import Namespace

if TYPE_CHECKING:
    from graphmem.store import Store, Tx

log = logging.getLogger(__name__)

MAX_REASON_CHARS = 1000
PURGE_BATCH = 500


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
    digest = key_hash(ns, key, erasure_secret(store.services.settings))
    claim = uuid.uuid4().hex
    sessions: list[str] = []  # whose summary chunks covered a hidden turn: written again after the commit

    def work(tx: Tx) -> ErasureRecord | None:
        row = tx.one("privacy/claim_erasure", ns=ns, key=key, key_hash=digest, now=at, by=by,
                     reason=reason, claim=claim)
        if row is None:
            return None
        if not row["created"]:
            return ErasureRecord.from_row(row)
        spellings = spellings_of(tx, store, ns, key)
        marked = tx.one("privacy/mark_erased", ns=ns, key=key, now=at, by=by, reason=reason) or {}
        copies = find_copies(tx, ns, key, spellings, store.services.registry) if spellings is not None else None
        mentioned = (marked.get("turns", []), marked.get("summaries", []))
        workflows = Reinduced()
        if copies is not None:
            workflows = hide_copies(tx, store, ns, key, copies, now=at)
            turns, summaries = counts(copies, *mentioned)
        else:
            turns, summaries = len(mentioned[0]), len(mentioned[1])
        tx.run("privacy/hide_nodes", ns=ns, ids=[*mentioned[0], *mentioned[1]], now=at)
        hidden_turns = sorted(set(mentioned[0]) | set(copies.turns if copies is not None else []))
        requeued = tx.one("privacy/requeue_covering", ns=ns, ids=hidden_turns, now=at) or {}
        sessions[:] = list(requeued.get("sessions") or [])
        tx.run("privacy/set_erasure_counts", ns=ns, key_hash=digest, turns=turns, summaries=summaries,
               rebuilt=workflows.rebuilt, dropped=workflows.dropped)
        return ErasureRecord.from_row({**row, "turns": turns, "summaries": summaries,
                                       "workflows_rebuilt": workflows.rebuilt,
                                       "workflows_dropped": workflows.dropped}, created=True)

    record = store.write(work)
    if sessions:
        from graphmem.channels.conversation import refold_sessions

        refold_sessions(store, ns, sessions)
    if record is None:
        rows = store.read("privacy/find_tombstone", ns=ns, key_hash=digest)
        if not rows:
            raise EntityNotFound(f"no entity {key!r} in namespace {ns.name!r}", details={"key": key})
        return ErasureRecord.from_row(rows[0])
    log.info("erasure ns=%s key_hash=%s created=%s turns=%d summaries=%d", ns.name, digest[:12],
             record.created, record.turns, record.summaries)
    return record


def list_erasures(store: Store, ns: Namespace, *, limit: int = 1000) -> list[ErasureRecord]:
    """The compliance view: every erasure, pending or purged (then only the key's hash), newest first."""
    return [ErasureRecord.from_row(r) for r in store.read("privacy/list_erasures", ns=ns, limit=limit)]


def list_purges(store: Store, ns: Namespace, *, limit: int = 1000) -> list[PurgeResult]:
    """The purge runs of a namespace (the purge audits itself), newest first."""
    return [PurgeResult.from_row(r) for r in store.read("privacy/list_purges", ns=ns, limit=limit)]


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
    days = check_older_than(older_than_days, store.services.settings.retention_days)
    at = now or utcnow()
    cutoff = at - timedelta(days=days)
    purge_id = uuid.uuid4().hex
    store.write_one("privacy/create_purge_record", ns=ns, id=purge_id, now=at, by=by, cutoff=cutoff,
                    older_than_days=days)
    hashes: list[str] = []
    while True:
        due = store.read("privacy/due_erasures", ns=ns, cutoff=cutoff, limit=PURGE_BATCH)
        if not due:
            break
        for row in due:
            def work(tx: Tx, r: dict[str, Any] = row) -> None:
                _purge_one(tx, store, ns, key=r["key"], digest=r["key_hash"], purge_id=purge_id, by=by, now=at)

            store.write(work)
            hashes.append(row["key_hash"])
    result = PurgeResult.from_row(store.read("privacy/read_purge_record", ns=ns, id=purge_id)[0])
    log.info("purge ns=%s id=%s entities=%d", ns.name, purge_id, result.entities)
    return PurgeResult(**{**result.__dict__, "key_hashes": tuple(hashes)})


def _purge_one(tx: Tx, store: Store, ns: Namespace, *, key: str, digest: str, purge_id: str, by: str,
               now: datetime) -> None:
    """One erased entity, in one transaction: every copy of its spellings, the turns and summaries that
    mention it, the entity, its orphaned values, and the tombstone."""
    spellings = spellings_of(tx, store, ns, key)
    copies = find_copies(tx, ns, key, spellings, store.services.registry) if spellings is not None else Copies()
    linked = tx.one("privacy/mentioning", ns=ns, key=key) or {}
    copies.turns = sorted(set(copies.turns) | set(linked.get("turns", [])))
    copies.summaries = sorted(set(copies.summaries) | set(linked.get("summaries", [])))
    turns, summaries = len(copies.turns), len(copies.summaries)
    remove_copies(tx, store, ns, key, copies, now=now)
    row = tx.one("privacy/purge_entity", ns=ns, key=key)
    attribute_ids = row["attributes"] if row else []
    attributes = (tx.one("privacy/delete_orphan_attributes", ns=ns, ids=attribute_ids) or {}).get(
        "attributes", 0)
    tx.run("privacy/write_tombstone", ns=ns, key_hash=digest, purge_id=purge_id, by=by, now=now,
           turns=turns, summaries=summaries, attributes=attributes)
