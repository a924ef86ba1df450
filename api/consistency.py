"""`Graphmem-Bookmark`: read-your-writes across API replicas (graphmem.bookmarks).

A pure ASGI middleware for `/v1/` routes. The request's header, when present, is validated (a token
this service issued: base64url of a JSON list of Neo4j bookmarks, at most `MAX_HEADER` characters;
anything else is a 400 `invalid_bookmark` naming the header) and every transaction of the request starts
after it, so that it sees at least the state the token stands for, whichever replica answers. A request
that wrote answers with the bookmarks of its writes in the same header; a request that wrote nothing
sends none (the client keeps the token it had). It runs inside authentication (an unknown caller makes
no replica wait on a token, and the keyring's poll never waits on one) and outside idempotency, so an
Idempotency-Key's claim is covered too.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import render
from graphmem import bookmarks
from graphmem.bookmarks import HEADER, Causal
from graphmem.errors import InvalidBookmark

log = logging.getLogger("graphmem.api")


def install(app: FastAPI) -> None:
    """Add the middleware: after idempotency and before authn, so that it runs between them."""
    app.add_middleware(BookmarkMiddleware)


class BookmarkMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        token = Headers(scope=scope).get(HEADER)
        try:
            causal = Causal(bookmarks.decode(token) if token else ())
        except InvalidBookmark as exc:
            await render(exc)(scope, receive, send)
            return

        async def send_with_bookmark(message: Message) -> None:
            if message["type"] == "http.response.start":
                produced = causal.produced
                if produced and len(produced) <= bookmarks.MAX_VALUES:
                    MutableHeaders(scope=message)[HEADER] = bookmarks.encode(produced)
                elif produced:  # never issue a token `decode` would refuse
                    log.warning("%d bookmarks: %s header left out", len(produced), HEADER)
            await send(message)

        with bookmarks.carrying(causal):
            await self.app(scope, receive, send_with_bookmark)
