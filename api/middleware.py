"""The store holder (a lazy Neo4j connection) and the outermost ASGI middleware (request id, body limit,
request metric, access log)."""

from __future__ import annotations

import logging
import re
import threading
import time
import uuid

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api import errors
from api.body import BodyLimit
from api.logs import request_id_var
from graphmem import metrics
from graphmem.channels.conversation import start_embeddings, start_extractions, start_folds
from graphmem.channels.reembed import start_catch_up
from graphmem.tenants import resume_deletions
from graphmem.errors import PayloadTooLarge, StoreRefused, StoreUnavailable
from graphmem.settings import Settings
from graphmem.store import Store, apply_schema, connection_for

#: the one route whose body is an export (`settings.max_import_bytes`), not a request (`max_body_bytes`)
IMPORT_PATH = re.compile(r"^/v1/[^/]+/import$")

log = logging.getLogger("graphmem.api")


class StoreHolder:
    """Connects lazily and applies the schema once; a Neo4j outage never needs a graphmem restart."""

    def __init__(self, settings: Settings, store: Store | None) -> None:
        self.settings = settings
        self.store = store
        self.owned = store is None
        self.schema_ok = False
        self.closed = False
        self._lock = threading.Lock()

    def connect(self) -> Store:
        with self._lock:
            if self.closed:  # a refused or stopped app: nothing (a warm-up thread, a late request) reopens it
                raise StoreUnavailable("the service is stopped", code="stopped")
            if self.store is None:
                uri, auth = connection_for(self.settings)
                self.store = Store(self.settings, uri, auth)
            if not self.schema_ok:
                self.store.ping()
                apply_schema(self.store)
                self.schema_ok = True
                start_folds(self.store)  # summaries a stopped process left queued get their text
                start_embeddings(self.store)  # turns a stopped process left without their embedding
                start_extractions(self.store)  # with an LLM: turns a stopped process left queued
                start_catch_up(self.store)  # after a move to this model: what the previous one wrote since
                resume_deletions(self.store)  # namespaces a stopped process was deleting
            return self.store

    def open(self) -> None:
        """At the app's start (again, for a test client entered twice): connections may be made."""
        with self._lock:
            self.closed = False

    def close(self) -> None:
        """At the app's stop or refused start: closes the store it opened; later `connect` calls raise."""
        with self._lock:
            self.closed = True
            if self.owned and self.store is not None:
                self.store.close()
                self.store, self.schema_ok = None, False


class EnvelopeMiddleware:
    """The outermost layer: request id (X-Request-ID in and out, on every log line), the body-size limit
    (413 before any body is read for a declared length, as soon as it passes the limit for a chunked one:
    `api.body.BodyLimit`), the lazy Neo4j connection, the request metric and the access log.

    A pure ASGI middleware rather than `@app.middleware("http")`: Starlette's BaseHTTPMiddleware runs the
    app in a task behind memory streams, which costs more per request than an exact lookup in Neo4j.
    """

    def __init__(self, app: ASGIApp, settings: Settings, holder: StoreHolder) -> None:
        self.app, self.settings, self.holder = app, settings, holder

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        rid = headers.get("x-request-id") or uuid.uuid4().hex[:16]
        token = request_id_var.set(rid)
        started = time.perf_counter()
        status, status_sent = 500, False

        async def send_with_id(message: Message) -> None:
            nonlocal status, status_sent
            if message["type"] == "http.response.start":
                status, status_sent = message["status"], True
                MutableHeaders(scope=message).append("X-Request-ID", rid)
            await send(message)

        try:
            limit = self.settings.max_import_bytes if scope.get("method") == "POST" and IMPORT_PATH.match(
                scope["path"]) else self.settings.max_body_bytes
            length = headers.get("content-length")
            if length is not None and length.isdigit() and int(length) > limit:
                await errors.render(PayloadTooLarge.over(limit))(scope, receive, send_with_id)
            else:
                state = scope["app"].state
                if state.store is None and scope["path"].startswith("/v1/"):
                    try:
                        state.store = self.holder.connect()
                    except StoreUnavailable:
                        pass
                    except StoreRefused as exc:  # Neo4j came back holding another model's vectors or a newer schema
                        await errors.render(exc)(scope, receive, send_with_id)
                        return
                # with or without a Content-Length (chunked): never read past the limit, answer 413
                limited = BodyLimit(scope, receive, send_with_id, limit)
                try:
                    await self.app(scope, limited.receive, limited.send)
                except PayloadTooLarge:
                    if not limited.over:
                        raise
                except Exception as exc:  # a bug: answered once here, never passed on to the server
                    if status_sent:
                        log.error("unexpected error after the response started: %s", type(exc).__name__)
                    else:
                        await errors.unexpected(scope, exc)(scope, receive, send_with_id)
                if limited.over:
                    await limited.refuse()
        finally:
            path = getattr(scope.get("route"), "path", "unmatched")
            elapsed = time.perf_counter() - started
            metrics.observe_request(scope["method"], path, status, elapsed)
            log.info("request", extra={"method": scope["method"], "route": path, "status": status,
                                       "ms": round(elapsed * 1000, 2)})
            request_id_var.reset(token)
