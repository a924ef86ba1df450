"""`Idempotency-Key` on POST writes: a retried request gets the first response, with no second write.

A pure ASGI middleware, inside the request-id/metrics/body-size middleware: for `POST /v1/{ns}/…`
with the header, it authenticates the caller (a request that would be refused passes through
untouched and is refused by its route), claims the key in Neo4j (graphmem.idempotency), runs the
request, and stores the response unless it was a server error or an auth refusal, in which case
the claim is released. The record is scoped to (API key, namespace, method and path) and kept 24 h.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from anyio import to_thread
from fastapi import FastAPI
from starlette.datastructures import Headers
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import render
from graphmem import idempotency
from graphmem.errors import GraphmemError, PayloadTooLarge, StoreUnavailable
from graphmem.privacy import redact
from graphmem.types import Namespace

log = logging.getLogger("graphmem.api")

_V1 = re.compile(r"^/v1/([^/]+)/")
REPLAYED = "Idempotency-Replayed"


def install(app: FastAPI) -> None:
    """Add the middleware; call before the outer request middleware is added, so it runs inside it."""
    app.add_middleware(IdempotencyMiddleware)


class IdempotencyMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

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
            body = await _read_body(receive, state.settings.max_body_bytes)
            store = state.store
            if store is None:
                raise StoreUnavailable("graphmem is still connecting to Neo4j; retry shortly")
        except GraphmemError as exc:
            await render(exc)(scope, receive, send)
            return
        _resolve_route(scope)
        where = idempotency.Scope(ns, principal.key_id, f"POST {scope['path']}", key)
        request_hash = idempotency.fingerprint("POST", scope["path"], scope.get("query_string", b"").decode(), body)
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
        await self._run_and_record(scope, body, send, store, where, claim.token)

    async def _run_and_record(self, scope: Scope, body: bytes, send: Send, store: Any,
                              where: idempotency.Scope, token: str) -> None:
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

        try:
            await self.app(scope, replay_receive, capture)
        except BaseException:
            await _quietly(lambda: idempotency.release(store, where, token))
            raise
        assert start is not None
        status = int(start["status"])
        content = b"".join(chunks)
        headers = Headers(raw=start.get("headers", []))
        if status >= 500 or status in (401, 403, 429):
            await _quietly(lambda: idempotency.release(store, where, token))
        else:
            media = headers.get("content-type", "application/json")
            await _quietly(lambda: idempotency.complete(store, where, token, status=status,
                                                        response=content.decode("utf-8", "replace"),
                                                        media_type=media))
        await send(start)
        await send({"type": "http.response.body", "body": content, "more_body": False})


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


async def _read_body(receive: Receive, limit: int) -> bytes:
    """The whole body, refused as soon as it passes the limit (a chunked body has no Content-Length
    for the outer middleware to check)."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise PayloadTooLarge.over(limit)
        parts.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(parts)


async def _replay(send: Send, status: int, body: bytes, media_type: str) -> None:
    """The recorded response, byte for byte, marked as a replay."""
    headers = [(b"content-type", media_type.encode("latin-1")), (b"content-length", str(len(body)).encode()),
               (REPLAYED.lower().encode(), b"true")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})

