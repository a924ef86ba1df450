"""Liveness, readiness, metrics."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from api.errors import error_body
from graphmem import metrics
from graphmem.errors import GraphmemError

router = APIRouter(tags=["health"])


@router.get("/healthz")
def healthz() -> dict[str, str]:
    """The process is alive (says nothing about Neo4j)."""
    return {"status": "ok"}


@router.get("/readyz", responses={503: {"description": "Neo4j unreachable or schema not applied"}})
def readyz(request: Request) -> Response:
    """Neo4j answers and the schema is applied."""
    holder = request.app.state.holder
    try:
        store = holder.connect()
        request.app.state.store = store
        store.ping()
        missing = store.missing_schema()
        if missing:
            holder.schema_ok = False
            return JSONResponse(error_body("schema_missing", "schema not applied", {"missing": sorted(missing)}),
                                status_code=503, headers={"Retry-After": "5"})
    except GraphmemError as exc:
        return JSONResponse(error_body(exc.code, str(exc)), status_code=503, headers={"Retry-After": "5"})
    return JSONResponse({"status": "ready", "neo4j": store.uri})


@router.get("/metrics", response_class=Response)
def metrics_endpoint() -> Response:
    """Prometheus text format."""
    return Response(metrics.render(), media_type="text/plain; version=0.0.4; charset=utf-8")
