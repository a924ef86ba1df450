"""The FastAPI application: wiring only. Routers are discovered from `api/routes/`."""

from __future__ import annotations

import importlib
import logging
import pkgutil
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse

import api.routes
from api import errors
from api import idempotency as idempotency_keys
from api.logs import request_id_var
from graphmem import metrics
from graphmem.auth import Keyring
from graphmem.errors import GraphmemError, StoreUnavailable
from graphmem.settings import Settings, get_settings
from graphmem.store import Store, connection_for

log = logging.getLogger("graphmem.api")


class StoreHolder:
    """Connects lazily and applies the schema once; a Neo4j outage never needs a graphmem restart."""

    def __init__(self, settings: Settings, store: Store | None) -> None:
        self.settings = settings
        self.store = store
        self.owned = store is None
        self.schema_ok = False
        self._lock = threading.Lock()

    def connect(self) -> Store:
        with self._lock:
            if self.store is None:
                uri, auth = connection_for(self.settings)
                self.store = Store(self.settings, uri, auth)
            if not self.schema_ok:
                self.store.ping()
                self.store.apply_schema()
                self.schema_ok = True
            return self.store


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    settings = settings or get_settings()
    holder = StoreHolder(settings, store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            app.state.store = holder.connect()
        except GraphmemError as exc:  # keep serving: /readyz says 503 until Neo4j answers
            log.error("Neo4j not ready at start-up: %s", exc)
        yield
        if holder.owned and holder.store is not None:
            holder.store.close()

    app = FastAPI(
        title="graphmem",
        version="0.1.0",
        description="Memory for AI agents: a bitemporal knowledge graph on Neo4j.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.store = store
    app.state.holder = holder
    app.state.keyring = Keyring.from_settings(settings.api_keys, settings.keys_file)
    errors.install(app)
    idempotency_keys.install(app)  # inside the envelope middleware below (added later = outer)

    @app.middleware("http")
    async def envelope(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        rid = request.headers.get("x-request-id") or uuid.uuid4().hex[:16]
        token = request_id_var.set(rid)
        started = time.perf_counter()
        try:
            length = request.headers.get("content-length")
            if length is not None and length.isdigit() and int(length) > settings.max_body_bytes:
                response: Response = JSONResponse(errors.error_body(
                    "payload_too_large", f"request body over {settings.max_body_bytes} bytes",
                    {"limit": settings.max_body_bytes}), status_code=413)
            else:
                if app.state.store is None and request.url.path.startswith("/v1/"):
                    try:
                        app.state.store = holder.connect()
                    except StoreUnavailable:
                        pass
                response = await call_next(request)
            route = request.scope.get("route")
            path = getattr(route, "path", "unmatched")
            metrics.observe_request(request.method, path, response.status_code, time.perf_counter() - started)
            response.headers["X-Request-ID"] = rid
            log.info("request", extra={"method": request.method, "route": path,
                                       "status": response.status_code,
                                       "ms": round((time.perf_counter() - started) * 1000, 2)})
            return response
        finally:
            request_id_var.reset(token)

    for mod in sorted(m.name for m in pkgutil.iter_modules(api.routes.__path__)):
        module = importlib.import_module(f"api.routes.{mod}")
        router = getattr(module, "router", None)
        if router is not None:
            app.include_router(router)
    return app
