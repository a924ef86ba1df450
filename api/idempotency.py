"""`Idempotency-Key` on POST writes: a retried request gets the first response, with no second write.

A pure ASGI middleware, inside the request-id/metrics/body-size middleware: for `POST /v1/{ns}/…`
with the header, it authenticates the caller (a request that would be refused passes through
untouched and is refused by its route), claims the key in Neo4j (graphmem.idempotency), runs the
request, and stores the response unless it was a server error or an auth refusal, in which case
the claim is released. The record is scoped to (API key, namespace, method and path) and kept 24 h.
While the request runs, its claim's lease is renewed every third of `idempotency_lease_seconds`; when
the process dies, or Neo4j is gone so the release cannot be written, the lease lapses and a retry runs.

A write can commit and Neo4j vanish before its response is recorded. The caller was answered, so the
response is kept in this process (`Unrecorded`, bounded) and replayed exactly to a retry that reaches
this process, and written to Neo4j as soon as it answers again. A retry that reaches another replica
(or this one after a restart) never runs the write again: every write transaction of the request marks
its claim `written` in the same transaction (`graphmem.store.marking`, `idempotency.mark_written`), so
such a retry gets the recorded response once there is one, else `409 idempotency_unrecorded`.
"""

from __future__ import annotations

import logging
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import anyio
from anyio import to_thread
from fastapi import FastAPI
from starlette.datastructures import Headers
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.body import read_body
from api.errors import render
from graphmem import idempotency
from graphmem.errors import GraphmemError, StoreUnavailable
from graphmem.privacy import redact
from graphmem.store import marking
from graphmem.types import Namespace

log = logging.getLogger("graphmem.api")

_V1 = re.compile(r"^/v1/([^/]+)/")
REPLAYED = "Idempotency-Replayed"


def install(app: FastAPI) -> None:
    """Add the middleware; call before the outer request middleware is added, so it runs inside it."""
    app.add_middleware(IdempotencyMiddleware)


@dataclass(frozen=True)
class _Answer:
    token: str
    request_hash: str
    status: int
    response: str
    media_type: str


class Unrecorded:
    """Answers sent to callers whose idempotency record could not be written (Neo4j gone after the write
    committed), by scope, oldest first; at most `limit`, the oldest forgotten first."""

    def __init__(self, limit: int = 10_000) -> None:
        self._items: OrderedDict[idempotency.Scope, _Answer] = OrderedDict()
        self.limit = limit

    def keep(self, where: idempotency.Scope, answer: _Answer) -> None:
        self._items[where] = answer
        while len(self._items) > self.limit:
            self._items.popitem(last=False)

    def get(self, where: idempotency.Scope) -> _Answer | None:
        return self._items.get(where)

    def oldest(self) -> tuple[idempotency.Scope, _Answer] | None:
        return next(iter(self._items.items()), None)

    def forget(self, where: idempotency.Scope) -> None:
        self._items.pop(where, None)

    def __len__(self) -> int:
        return len(self._items)


class IdempotencyMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.unrecorded = Unrecorded()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        raw_key = headers.get("idempotency-key")
        match = _V1.match(scope["path"])
        if raw_key is None or match is None:
            await self.app(scope, receive, send)
            return
        state = scope["app"].state
        try:
            principal = state.keyring.authenticate(headers.get("authorization"))
            ns = Namespace.parse(match.group(1))
            principal.require_namespace(ns)
        except GraphmemError:  # let the route refuse it with the usual error
            await self.app(scope, receive, send)
            return
        try:
            key = idempotency.check_key(raw_key)
            body = await read_body(receive, state.settings.max_body_bytes)  # the one body-limit helper
            store = state.store
            if store is None:
                raise StoreUnavailable("graphmem is still connecting to Neo4j; retry shortly")
        except GraphmemError as exc:
            await render(exc)(scope, receive, send)
            return
        _resolve_route(scope)
        where = idempotency.Scope(ns, principal.key_id, f"POST {scope['path']}", key)
        request_hash = idempotency.fingerprint("POST", scope["path"], scope.get("query_string", b"").decode(), body)
        kept = self.unrecorded.get(where)
        if kept is not None and kept.request_hash == request_hash:  # answered here, never recorded: exact replay
            await self._record(store, where, kept)
            await _replay(send, kept.status, kept.response.encode("utf-8"), kept.media_type)
            return
        if len(self.unrecorded):
            await self._record_oldest(store)
        try:
            claim = await to_thread.run_sync(lambda: idempotency.claim(store, where, request_hash=request_hash))
            if not claim.claimed and not claim.done:
                claim = await to_thread.run_sync(lambda: idempotency.wait_done(store, where, claim))
        except GraphmemError as exc:
            await render(exc)(scope, receive, send)
            return
        if not claim.claimed:
            log.debug("idempotent replay %s", redact({"route": where.route, "status": claim.status}))
            await _replay(send, claim.status or 200, (claim.response or "").encode("utf-8"),
                          claim.media_type or "application/json")
            return
        await self._run_and_record(scope, body, send, store, where, claim.token, request_hash)

    async def _record(self, store: Any, where: idempotency.Scope, answer: _Answer) -> None:
        """Write the answer to Neo4j; while it cannot be written, this process keeps it."""
        try:
            await to_thread.run_sync(lambda: idempotency.complete(
                store, where, answer.token, status=answer.status, response=answer.response,
                media_type=answer.media_type))
        except GraphmemError as exc:
            log.warning("idempotency record not written yet, kept in this process: %s", exc.code)
            return
        self.unrecorded.forget(where)

    async def _record_oldest(self, store: Any) -> None:
        oldest = self.unrecorded.oldest()
        if oldest is not None:
            await self._record(store, *oldest)

    async def _run_and_record(self, scope: Scope, body: bytes, send: Send, store: Any,
                              where: idempotency.Scope, token: str, request_hash: str) -> None:
        start: Message | None = None
        chunks: list[bytes] = []
        sent_body = False

        async def replay_receive() -> Message:
            nonlocal sent_body
            if not sent_body:
                sent_body = True
                return {"type": "http.request", "body": body, "more_body": False}
            return {"type": "http.disconnect"}

        async def capture(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        failure: Exception | None = None
        try:
            async with anyio.create_task_group() as renewals:
                renewals.start_soon(_renew_while_running, store, where, token)
                try:
                    with marking(idempotency.mark_written(where, token)):  # the claim commits with the write
                        await self.app(scope, replay_receive, capture)
                except Exception as exc:  # kept out of the task group, which would wrap it in a group
                    failure = exc
                finally:
                    renewals.cancel_scope.cancel()
        except BaseException:  # cancelled (client gone, shutdown): give the key back; a crash has the lease
            with anyio.CancelScope(shield=True):
                await _quietly(lambda: idempotency.release(store, where, token))
            raise
        if failure is not None or start is None:
            await _quietly(lambda: idempotency.release(store, where, token))
            if failure is not None:
                raise failure
        assert start is not None
        status = int(start["status"])
        content = b"".join(chunks)
        headers = Headers(raw=start.get("headers", []))
        if status >= 500 or status in (401, 403, 429):
            await _quietly(lambda: idempotency.release(store, where, token))
        else:
            answer = _Answer(token, request_hash, status, content.decode("utf-8", "replace"),
                             headers.get("content-type", "application/json"))
            self.unrecorded.keep(where, answer)
            await self._record(store, where, answer)
        await send(start)
        await send({"type": "http.response.body", "body": content, "more_body": False})


async def _renew_while_running(store: Any, where: idempotency.Scope, token: str) -> None:
    """Keep a long request's claim from lapsing while it still works (most finish before the first renewal)."""
    every = store.services.settings.idempotency_lease_seconds / 3
    while True:
        await anyio.sleep(every)
        try:
            await to_thread.run_sync(lambda: idempotency.renew(store, where, token))
        except Exception as exc:  # the next renewal may work; if none does, the lease lapses
            log.warning("idempotency lease not renewed: %s", getattr(exc, "code", type(exc).__name__))


async def _quietly(fn: Any) -> None:
    """Recording the outcome must not turn a finished write into an error for the caller."""
    try:
        await to_thread.run_sync(fn)
    except GraphmemError as exc:
        log.warning("idempotency record not updated: %s", exc.code)


def _resolve_route(scope: Scope) -> None:
    """Name the route in the scope so that a replayed response is still counted under its route."""
    route = _find_route(scope["app"].router.routes, scope)
    if route is not None:
        scope["route"] = route


def _find_route(routes: Any, scope: Scope) -> Any:
    for route in routes:
        inner = getattr(route, "original_router", None)  # FastAPI >= 0.120 keeps included routers whole
        if inner is not None:
            found = _find_route(inner.routes, scope)
            if found is not None:
                return found
        elif getattr(route, "path", None) is not None and route.matches(scope)[0] == Match.FULL:
            return route
    return None


async def _replay(send: Send, status: int, body: bytes, media_type: str) -> None:
    """The recorded response, byte for byte, marked as a replay."""
    headers = [(b"content-type", media_type.encode("latin-1")), (b"content-length", str(len(body)).encode()),
               (REPLAYED.lower().encode(), b"true")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})

