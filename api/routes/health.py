"""Liveness, readiness, metrics."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from api.deps import KNOWN_QUERY_ONLY
from api.errors import render
from graphmem import metrics
from graphmem.errors import GraphmemError, SchemaMissing, StoreUnavailable
from graphmem.store import missing_schema

router = APIRouter(tags=["health"], dependencies=KNOWN_QUERY_ONLY)


@router.get("/healthz")
def healthz() -> dict[str, str]:
    """The process is alive (says nothing about Neo4j)."""
    return {"status": "ok"}


#: a probe arriving while the model finishes loading waits this long before answering 503
MODEL_WAIT = 2.0


@router.get("/readyz", responses={503: {"description": "Neo4j unreachable, schema not applied, or the embedding "
                                                      "model still loading (code model_loading)"}})
def readyz(request: Request) -> Response:
    """Neo4j answers, the schema is applied and the embedding model is loaded (it loads in the background at
    start-up: until then this answers 503 `model_loading` with Retry-After)."""
    holder = request.app.state.holder
    warmer = request.app.state.model
    try:
        store = holder.connect()
        request.app.state.store = store
        store.ping()
        missing = missing_schema(store)
        if missing:
            holder.schema_ok = False
            raise SchemaMissing("schema not applied", details={"missing": sorted(missing)})
        warmer.start()  # started by the lifespan; here too for an app served without one (ASGI transport)
        warmer.check(wait=MODEL_WAIT)
    except StoreUnavailable as exc:
        return render(exc)
    except GraphmemError as exc:  # a probe answers "not ready, retry" whatever the cause, under the cause's code
        return render(StoreUnavailable(str(exc), code=exc.code))
    return JSONResponse({"status": "ready", "neo4j": store.uri})


@router.get("/metrics", response_class=Response)
def metrics_endpoint() -> Response:
    """Prometheus text format."""
    return Response(metrics.render(), media_type="text/plain; version=0.0.4; charset=utf-8")
