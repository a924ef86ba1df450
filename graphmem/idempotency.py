"""Idempotency-Key records, kept in Neo4j so that every API replica sees the same claims.

A key is scoped to (namespace, API key id, route) and kept 24 hours. The first request claims it
atomically (MERGE on a unique constraint: a concurrent identical request waits for the claim and
then finds it), runs, and stores its response; a retry with the same body gets that response back
without a second write; the same key with a different body is refused.
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
    from graphmem.store import Store, Tx

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


def _params(scope: Scope) -> dict[str, str]:
    return {"ns": scope.ns.name, "key_id": scope.key_id, "route": scope.route, "idem_key": scope.idem_key}


def _claim(row: dict[str, object], token: str, claimed: bool | None = None) -> Claim:
    status = row.get("status")
    return Claim(token=token, claimed=bool(row["claimed"]) if claimed is None else claimed,
                 request_hash=str(row["request_hash"]), state=str(row["state"]),
                 status=int(status) if isinstance(status, int) else None,
                 response=row.get("response") if isinstance(row.get("response"), str) else None,  # type: ignore[arg-type]
                 media_type=row.get("media_type") if isinstance(row.get("media_type"), str) else None)  # type: ignore[arg-type]


def claim(store: Store, scope: Scope, *, request_hash: str, now: datetime | None = None) -> Claim:
    """Claim the key for this request, or learn what the first request with it did.

    Raises:
        IdempotencyMismatch: the key was first used with a different request body.
    """
    at = now or utcnow()
    token = uuid.uuid4().hex

    def work(tx: Tx) -> Claim:
        tx.run("idempotency/delete_expired", ns=scope.ns.name, now=at, limit=100)
        row = tx.one("idempotency/claim_key", **_params(scope), claim=token, request_hash=request_hash,
                     now=at, expires_at=at + TTL)
        assert row is not None  # MERGE always returns the record
        return _claim(row, token)

    found = store.write(work)
    if not found.claimed and found.request_hash != request_hash:
        raise IdempotencyMismatch(
            "this Idempotency-Key was already used with a different request; use a new key",
            details={"fields": [{"field": "Idempotency-Key", "message": "reused with a different body"}]})
    return found


def wait_done(store: Store, scope: Scope, first: Claim, *, timeout: float = 10.0) -> Claim:
    """Poll while a concurrent identical request is in flight; its stored response is then replayed.

    Raises:
        Conflict: still running after `timeout` seconds (code `idempotency_in_progress`).
    """
    deadline = time.monotonic() + timeout
    delay = 0.02
    current = first
    while not current.done:
        if time.monotonic() > deadline:
            raise Conflict("a request with this Idempotency-Key is still in progress; retry shortly",
                           code="idempotency_in_progress")
        time.sleep(delay)
        delay = min(delay * 2, 0.5)
        rows = store.read("idempotency/read_key", **_params(scope), claim=first.token, now=utcnow())
        if not rows:  # the first request failed and released its claim: this one may run
            return claim(store, scope, request_hash=first.request_hash)
        current = _claim(rows[0], first.token, claimed=False)
    return current


def complete(store: Store, scope: Scope, token: str, *, status: int, response: str, media_type: str) -> None:
    """Store the first response, to be replayed for 24 h."""
    store.write_one("idempotency/complete_key", **_params(scope), claim=token, status=status,
                    response=response, media_type=media_type)


def release(store: Store, scope: Scope, token: str) -> None:
    """Forget a claim whose request wrote nothing (server error, refused), so a retry runs afresh."""
    store.write_one("idempotency/release_key", **_params(scope), claim=token)
