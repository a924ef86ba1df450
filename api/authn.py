"""Authentication before anything reads the body: a pure ASGI middleware for `/v1/` routes.

It resolves the caller from `Authorization` (graphmem.access.keystore.LiveKeyring, one per app) and puts the
`Principal` in the request state, where `api.deps.get_principal` reads it; an unknown, revoked or missing
key answers 401 here, so it comes before 400 (malformed JSON), 422 and a body read past the limit (413),
all of which need the body. It runs inside the envelope middleware (request id, access log, metrics), and
outside the idempotency middleware, which reads the body.

When the keyring's poll interval has passed it first refreshes it in a worker thread, waiting at most
`REFRESH_WAIT` seconds: a slow or unreachable Neo4j leaves the last known keyring in force rather than
holding the request.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import anyio
from anyio import to_thread
from fastapi import FastAPI
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from api.errors import render
from graphmem.errors import GraphmemError
from graphmem.access.keystore import LiveKeyring
from graphmem.settings import Settings

REFRESH_WAIT = 0.25


def install(app: FastAPI, settings: Settings) -> None:
    """Give the app its keyring (`app.state.keyring`) and the middleware. Call after the idempotency
    middleware is added and before the envelope one, so that it runs between them. The keyring imports
    `GRAPHMEM_API_KEYS` and the keys file into Neo4j when the app starts (once Neo4j answers)."""
    keyring = LiveKeyring(open_access=settings.open, api_keys=settings.api_keys, keys_file=settings.keys_path)
    app.state.keyring = keyring
    app.add_middleware(AuthnMiddleware)
    inner: Callable[[Any], AbstractAsyncContextManager[Any]] = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        async with inner(a) as state:
            store = app.state.store
            if store is not None:
                await to_thread.run_sync(lambda: keyring.refresh(store, force=True))
            yield state

    app.router.lifespan_context = lifespan


class AuthnMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        state = scope["app"].state
        keyring: LiveKeyring = state.keyring
        store = state.store
        if store is not None and keyring.due():
            with anyio.move_on_after(REFRESH_WAIT):
                await to_thread.run_sync(keyring.refresh, store, abandon_on_cancel=True)
        try:
            principal = keyring.authenticate(Headers(scope=scope).get("authorization"))
        except GraphmemError as exc:
            await render(exc)(scope, receive, send)
            return
        scope.setdefault("state", {})["principal"] = principal
        await self.app(scope, receive, send)
