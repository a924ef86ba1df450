"""The FastAPI application: wiring only. Routers are discovered from `api/routes/`."""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
import threading
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from importlib.resources import files
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import api.routes
from api import authn, consistency, errors
from api.body import BodyLimit
from api import idempotency as idempotency_keys
from api.logs import request_id_var
from graphmem import metrics
from graphmem.channels.conversation import start_embeddings, start_extractions, start_folds
from graphmem.embedding import get_embedder
from graphmem.errors import GraphmemError, PayloadTooLarge, StoreUnavailable
from graphmem.recall.warmup import warm_statements, warm_up
from graphmem.settings import Settings, get_settings
from graphmem.store import Store, connection_for

log = logging.getLogger("graphmem.api")

#: the order of the groups in /docs (Swagger UI and ReDoc keep the order of the top-level `tags`)
TAGS = [
    {"name": "recall", "description": "One question, the channels chosen and explained, a prompt-ready context."},
    {"name": "conversation", "description": "Turns of a session, its window and its summary."},
    {"name": "search", "description": "Hybrid vector + full-text search over turns and summaries."},
    {"name": "entities", "description": "Entities and bitemporal facts: assert, retract, as-of reads, lookup, "
                                        "relations, the as-of graph."},
    {"name": "workflows", "description": "Trajectories of agent runs and the workflows induced from them."},
    {"name": "privacy", "description": "Erasure, purge and the compliance view (compliance and admin keys)."},
    {"name": "audit", "description": "What changed in a namespace, for auditors."},
    {"name": "health", "description": "Liveness, readiness (Neo4j, schema, embedding model), Prometheus metrics."},
]
#: Swagger UI and ReDoc files from the `fastapi-offline` package: /docs works without internet
DOCS_STATIC = "/docs-static"
BEARER = {"type": "http", "scheme": "bearer",
          "description": "an API key (`graphmem keys create --role agent --ns NS`), sent as `Authorization: Bearer <key>`"}


class ModelWarmer:
    """Loads the embedding model in a background thread at start-up, so the service answers at once and the
    first stored turn does not pay the load; `/readyz` answers 503 (`model_loading`) until it is loaded and the
    rest of the first request's lazy costs are paid (`warm_up`, `warm_routes`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.app: FastAPI | None = None  # set by create_app: its routes are warmed too
        self.loaded = threading.Event()
        self.error: str | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._load, name="graphmem-model-warmup", daemon=True)
            self._thread.start()

    def _load(self) -> None:
        quiet_progress_bars()
        started = time.perf_counter()
        try:
            embedder = get_embedder(self.settings.model_path)
            embedder.embed(["warm-up"])  # the single-text session (a turn, a query)
            embedder.embed(["warm-up", "a batch"])  # the batch session, else built by the first batch (0.2 s)
        except Exception as exc:  # readiness reports it; requests that embed fail with the real error
            self.error = f"{type(exc).__name__}: {exc}"
            log.error("the embedding model failed to load: %s", self.error)
            return
        try:  # ready means warm: the first turn should cost what the next ones do (issue #20)
            warm_up(self.settings)  # the text pipeline's lazy parts (identifier patterns, time words)
            if self.app is not None:
                warm_routes(self.app)
                warm_statements(self.app.state.holder.connect())  # Neo4j plans a turn's and a recall's statements
        except Exception as exc:  # an optimisation: never what keeps the service from being ready
            log.warning("warm-up failed (%s: %s); the first requests pay it", type(exc).__name__, exc)
        self.loaded.set()
        log.info("embedding model loaded", extra={"ms": round((time.perf_counter() - started) * 1000)})

    def check(self, wait: float = 0.0) -> None:
        """Raises StoreUnavailable (503, Retry-After) until the model is loaded, waiting at most `wait` s."""
        if self.loaded.wait(wait):
            return
        if self.error is not None:
            raise StoreUnavailable(f"the embedding model failed to load: {self.error}", code="model_failed")
        raise StoreUnavailable("the embedding model is still loading; retry shortly", code="model_loading")


def warm_routes(app: FastAPI) -> None:
    """Let every router build its routes now. Why: FastAPI (0.16x) builds an included router's routes (their
    dependants, pydantic adapters) on the first request it matches, which cost the first turn after `/readyz`
    about 110 ms (measured with yappi). `matches` on a path no route has walks every router; it is Starlette's
    public routing call, and costs nothing where routes are built eagerly."""
    scope: dict[str, Any] = {"type": "http", "method": "GET", "path": "/__graphmem-warm-up__", "root_path": "",
                             "headers": [], "query_string": b""}
    for route in app.router.routes:
        try:
            route.matches(scope)
        except Exception:  # noqa: BLE001 - warming is an optimisation; the request itself reports errors
            log.debug("route warm-up: %r", route, exc_info=True)


def quiet_progress_bars() -> None:
    """No tqdm bar ("Loading weights") inside the JSON log: Hugging Face's bars off for this process."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        return
    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]


def document_auth(schema: dict[str, Any]) -> dict[str, Any]:
    """Declare the bearer key in OpenAPI (Swagger UI's Authorize button) on every /v1 operation. Only the
    document changes: api.authn checks keys as before; the Authorization header parameter the dependency
    declares is dropped from the document, since the security scheme now says it (OpenAPI ignores it)."""
    schema.setdefault("components", {}).setdefault("securitySchemes", {})["apiKey"] = BEARER
    for path, item in schema.get("paths", {}).items():
        if not path.startswith("/v1/"):
            continue
        for op in item.values():
            op["security"] = [{"apiKey": []}]
            params = [p for p in op.get("parameters", [])
                      if not (p.get("in") == "header" and p.get("name", "").lower() == "authorization")]
            if params:
                op["parameters"] = params
            else:
                op.pop("parameters", None)
    return schema


def install_docs(app: FastAPI) -> None:
    """/docs (Swagger UI, with Authorize) and /redoc from local files; no CDN, no Google fonts."""
    app.mount(DOCS_STATIC, StaticFiles(directory=str(files("fastapi_offline") / "static")), name="docs-static")
    documented = app.openapi

    def openapi() -> dict[str, Any]:
        schema = documented()
        if "securitySchemes" not in schema.get("components", {}):
            document_auth(schema)
        return schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/docs", include_in_schema=False)
    def swagger() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title="graphmem - API",
                                   swagger_js_url=f"{DOCS_STATIC}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{DOCS_STATIC}/swagger-ui.css",
                                   swagger_favicon_url=f"{DOCS_STATIC}/favicon.png",
                                   swagger_ui_parameters={"persistAuthorization": True, "displayRequestDuration": True,
                                                          "tryItOutEnabled": True})

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return get_redoc_html(openapi_url="/openapi.json", title="graphmem - API",
                              redoc_js_url=f"{DOCS_STATIC}/redoc.standalone.js",
                              redoc_favicon_url=f"{DOCS_STATIC}/favicon.png", with_google_fonts=False)


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
                start_folds(self.store)  # summaries a stopped process left queued get their text
                start_embeddings(self.store)  # turns a stopped process left without their embedding
                start_extractions(self.store)  # with an LLM: turns a stopped process left queued
            return self.store


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
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message).append("X-Request-ID", rid)
            await send(message)

        try:
            limit = self.settings.max_body_bytes
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
                # with or without a Content-Length (chunked): never read past the limit, answer 413
                limited = BodyLimit(scope, receive, send_with_id, limit)
                try:
                    await self.app(scope, limited.receive, limited.send)
                except PayloadTooLarge:
                    if not limited.over:
                        raise
                if limited.over:
                    await limited.refuse()
        finally:
            path = getattr(scope.get("route"), "path", "unmatched")
            elapsed = time.perf_counter() - started
            metrics.observe_request(scope["method"], path, status, elapsed)
            log.info("request", extra={"method": scope["method"], "route": path, "status": status,
                                       "ms": round(elapsed * 1000, 2)})
            request_id_var.reset(token)


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    settings = settings or get_settings()
    holder = StoreHolder(settings, store)
    warmer = ModelWarmer(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        warmer.start()  # in the background: the process serves (and /readyz says 503) while it loads
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
        openapi_tags=TAGS,
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.model = warmer
    warmer.app = app
    app.state.store = store
    app.state.holder = holder
    errors.install(app)
    install_docs(app)  # after errors.install: it documents the bearer key on the envelope-documented schema
    idempotency_keys.install(app)  # inside the envelope middleware (added later = outer)
    consistency.install(app)  # Graphmem-Bookmark: read-your-writes across replicas (inside authn)
    authn.install(app, settings)  # the caller's key, before anything reads the body

    app.add_middleware(EnvelopeMiddleware, settings=settings, holder=holder)

    for mod in sorted(m.name for m in pkgutil.iter_modules(api.routes.__path__)):
        module = importlib.import_module(f"api.routes.{mod}")
        router = getattr(module, "router", None)
        if router is not None:
            app.include_router(router)
    return app
