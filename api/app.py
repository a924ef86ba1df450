"""The FastAPI application factory: wiring only. Routers are listed in `ROUTERS`, in the order they match;
warm-up, docs and the outer middleware live in `api/warmup.py`, `api/docs.py` and `api/middleware.py`."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from api import authn, consistency, errors
from api import idempotency as idempotency_keys
from api.docs import install_docs
from api.middleware import EnvelopeMiddleware, StoreHolder
from api.routes import audit, entities, guide, health, privacy, recall, search, sessions, tenants, workflows
from api.warmup import ModelWarmer
from graphmem.errors import GraphmemError, StoreRefused
from graphmem.settings import Settings, get_settings
from graphmem.store import Store

__all__ = ["ROUTERS", "TAGS", "create_app"]

log = logging.getLogger("graphmem.api")
#: every router the app serves, in the order FastAPI tries them: no two routes match one method and path (a test
#: says so), so the order only sets the cost of matching, which grows with each route tried before the one that
#: matches: the calls agents make most come first (recall, then the exact reads and writes, then sessions)
ROUTERS = (recall.router, entities.router, sessions.router, search.router, workflows.router, health.router,
           tenants.router, audit.router, guide.router, privacy.router)

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
    {"name": "tenants", "description": "Namespaces for operators: list them, delete one whole (admin keys)."},
    {"name": "health", "description": "Liveness, readiness (Neo4j, schema, embedding model), Prometheus metrics."},
]


def create_app(settings: Settings | None = None, store: Store | None = None, *, serving: bool = False) -> FastAPI:
    """The service's app. `serving`: the app is the process's one (`graphmem serve`), whose warm-up ends by freezing
    what it made out of later garbage collections (`api.warmup._freeze`)."""
    settings = settings or get_settings()
    holder = StoreHolder(settings, store)
    warmer = ModelWarmer(settings, freeze=serving)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        holder.open()
        warmer.start()  # in the background: the process serves (and /readyz says 503) while it loads
        try:
            try:
                app.state.store = holder.connect()
            except GraphmemError as exc:
                if isinstance(exc, StoreRefused):  # not a passing outage: the service must not start
                    raise
                log.error("Neo4j not ready at start-up: %s", exc)  # keep serving: /readyz says 503 meanwhile
            yield
        finally:  # stopped, refused or failed: nothing of this app uses its store afterwards
            warmer.stop()  # waits for a warm-up that is running its statements
            holder.close()
            if holder.owned:
                app.state.store = None  # a later start connects again (the middleware's lazy connect)

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

    for router in ROUTERS:
        app.include_router(router)
    return app
