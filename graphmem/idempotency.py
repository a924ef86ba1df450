"""Idempotency-Key records, kept in Neo4j so that every API replica sees the same claims.

A key is scoped to (namespace, API key id, route) and kept 24 hours. The first request claims it
atomically (MERGE on a unique constraint: a concurrent identical request waits for the claim and
then finds it), runs, and stores its response; a retry with the same body gets that response back
without a second write; the same key with a different body is refused.

A claim that has not completed holds a lease (`idempotency_lease_seconds`, 10 s by default), which the
API renews while its request still runs. A request that fails or answers 5xx releases its claim; a
process that dies first (or loses Neo4j, so that the release cannot be written) leaves a pending claim
whose lease lapses within seconds, after which a retry of the same request takes it over and runs.
Without the lease such a key answered `idempotency_in_progress` for its whole 24 h (issue 16). Nothing
changes for a completed record: its response is replayed exactly, for 24 h.

Every write transaction of a claimed request also marks the claim `written`, in that transaction
(`mark_written`). A written claim is never taken over nor released: a request whose write committed
just before its process or Neo4j died is not run again by a retry on any replica; the retry is answered
the recorded response, or `409 idempotency_unrecorded` if it was never recorded.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from graphmem.errors import Conflict, IdempotencyMismatch, InvalidInput
from graphmem.instants import utcnow
from graphmem.types import Namespace

if TYPE_CHECKING:
    from graphmem.store import Mark, Store, Tx

log = logging.getLogger(__name__)

TTL = timedelta(hours=24)
KEY_RE = re.compile(r"^[\x21-\x7e]{1,255}$")  # printable ASCII, no spaces, as for other header tokens


@dataclass(frozen=True)
class Scope:
    """Where a key is valid: one namespace, one API key, one route (method and path)."""

    ns: Namespace
    key_id: str
    route: str
    idem_key: str


@dataclass(frozen=True)
class Claim:
    """The state of a key after trying to claim it. `claimed`: this request runs and must complete or release."""

    token: str
    claimed: bool
    request_hash: str
    state: str
    status: int | None = None
    response: str | None = None
    media_type: str | None = None
    lapsed: bool = False  # pending, but nobody renewed its lease: the request that claimed it is gone
    written: bool = False  # the claiming request's write committed (its response may not be recorded)

    @property
    def done(self) -> bool:
        return self.state == "done"


def check_key(raw: str) -> str:
    if not KEY_RE.fullmatch(raw):
        raise InvalidInput.field("Idempotency-Key", "1 to 255 printable ASCII characters without spaces",
                                 code="invalid_idempotency_key")
    return raw


def fingerprint(method: str, path: str, query: str, body: bytes) -> str:
    """SHA-256 of the request; a JSON body is canonicalised so that key order and spacing do not count."""
    try:
        canonical = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode("utf-8")
    except (ValueError, UnicodeDecodeError):
        canonical = body
    h = hashlib.sha256()
    for part in (method.upper().encode(), path.encode(), query.encode(), canonical):
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)
    return h.hexdigest()


def _params(scope: Scope) -> dict[str, object]:
    return {"ns": scope.ns, "key_id": scope.key_id, "route": scope.route, "idem_key": scope.idem_key}


def _claim(row: dict[str, object], token: str, claimed: bool | None = None) -> Claim:
    status = row.get("status")
    return Claim(token=token, claimed=bool(row["claimed"]) if claimed is None else claimed,
                 request_hash=str(row["request_hash"]), state=str(row["state"]),
                 status=int(status) if isinstance(status, int) else None,
                 response=row.get("response") if isinstance(row.get("response"), str) else None,  # type: ignore[arg-type]
                 media_type=row.get("media_type") if isinstance(row.get("media_type"), str) else None,  # type: ignore[arg-type]
                 lapsed=bool(row.get("lapsed")), written=bool(row.get("written")))


def lease(store: Store) -> timedelta:
    return timedelta(seconds=store.services.settings.idempotency_lease_seconds)


def claim(store: Store, scope: Scope, *, request_hash: str, now: datetime | None = None) -> Claim:
    """Claim the key for this request, or learn what the first request with it did. A pending claim
    whose lease lapsed is taken over by the same request (never by a different body).

    Raises:
        IdempotencyMismatch: the key was first used with a different request body.
    """
    at = now or utcnow()
    token = uuid.uuid4().hex

    def work(tx: Tx) -> Claim:
        tx.run("idempotency/delete_expired", ns=scope.ns, now=at, limit=100)
        row = tx.one("idempotency/claim_key", **_params(scope), claim=token, request_hash=request_hash,
                     now=at, expires_at=at + TTL, lease_until=at + lease(store))
        assert row is not None  # MERGE always returns the record
        return _claim(row, token)

    found = store.write(work)
    if not found.claimed and found.request_hash != request_hash:
        raise IdempotencyMismatch(
            "this Idempotency-Key was already used with a different request; use a new key",
            details={"fields": [{"field": "Idempotency-Key", "message": "reused with a different body"}]})
    return found


def wait_done(store: Store, scope: Scope, first: Claim, *, timeout: float | None = None) -> Claim:
    """Poll while a concurrent identical request is in flight, until its response is stored (then
    replayed) or its claim is released or lapses (then this request claims the key and runs).

    `timeout` defaults to the lease plus 2 s, so that a retry of a request whose process died resolves
    in one call rather than answering 409.

    Raises:
        Conflict: still running after `timeout` seconds (code `idempotency_in_progress`): the first
            request is alive and renewing its lease.
    """
    wait = timeout if timeout is not None else store.services.settings.idempotency_lease_seconds + 2.0
    deadline = time.monotonic() + wait
    delay = 0.02
    current = first
    while True:
        if current.lapsed and current.written:
            raise Conflict("the first request with this Idempotency-Key committed its write, but the process "
                           "that ran it stopped before recording its response; its effect is in place: read "
                           "it rather than retry", code="idempotency_unrecorded")
        if current.lapsed:  # abandoned: take it over (claim_key decides atomically who wins)
            current = claim(store, scope, request_hash=first.request_hash)
        if current.done or current.claimed:
            return current
        if time.monotonic() > deadline:
            raise Conflict("a request with this Idempotency-Key is still in progress; retry shortly",
                           code="idempotency_in_progress")
        time.sleep(delay)
        delay = min(delay * 2, 0.5)
        rows = store.read("idempotency/read_key", **_params(scope), claim=current.token, now=utcnow())
        if not rows:  # the first request failed and released its claim: this one may run
            current = claim(store, scope, request_hash=first.request_hash)
        else:
            current = _claim(rows[0], current.token, claimed=False)


def mark_written(scope: Scope, token: str) -> Mark:
    """The mark every write transaction of a claimed request runs first (`Store.write`, `marking`): it
    records in that transaction that the request wrote, and fails it when the claim is no longer this
    request's (its lease lapsed and a retry took it over: that retry writes instead). So a request's write
    and its claim commit together: a retry after a crash never runs a committed write a second time, on
    any replica, even when the response was never recorded (it answers `idempotency_unrecorded`)."""
    def mark(tx: Tx) -> None:
        if tx.one("idempotency/mark_written", **_params(scope), claim=token, now=utcnow()) is None:
            raise Conflict("this request's Idempotency-Key was taken over by a retry, which writes instead; "
                           "nothing was written by this one", code="idempotency_claim_lost")
    return mark


def renew(store: Store, scope: Scope, token: str, *, now: datetime | None = None) -> bool:
    """Extend the lease of a claim whose request is still working; False when it was lost or completed."""
    at = now or utcnow()
    rows = store.write_one("idempotency/renew_key", **_params(scope), claim=token, lease_until=at + lease(store))
    return bool(rows and rows[0]["renewed"])


def complete(store: Store, scope: Scope, token: str, *, status: int, response: str, media_type: str) -> None:
    """Store the first response, to be replayed for 24 h (unless the claim lapsed and was taken over)."""
    rows = store.write_one("idempotency/complete_key", **_params(scope), claim=token, status=status,
                           response=response, media_type=media_type)
    if not rows:
        log.warning("idempotency claim lapsed before its response was stored; a retry may run again")


def release(store: Store, scope: Scope, token: str) -> None:
    """Forget a claim whose request wrote nothing (server error, refused), so a retry runs afresh."""
    store.write_one("idempotency/release_key", **_params(scope), claim=token)
