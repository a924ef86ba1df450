"""GET /guide: the Neo4j Browser guide (`:play http://127.0.0.1:8000/guide?ns=NAME`), public like /docs: it
holds graphmem's own statements (audit, and the compliance list of erasures) and their parameters, no data. The page is `graphmem.guide`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from api.deps import KNOWN_QUERY_ONLY
from graphmem.guide import render
from graphmem.types import Namespace

router = APIRouter(tags=["audit"], dependencies=KNOWN_QUERY_ONLY)

GuideNs = Annotated[str, Query(description="the namespace the slides' :param lines name")]
GuideKey = Annotated[str, Query(min_length=1, max_length=500, description="an entity key for the per-entity slides")]


@router.get("/guide", response_class=HTMLResponse)
def guide(ns: GuideNs = "demo", key: GuideKey = "U-001") -> HTMLResponse:
    """Slides for Neo4j Browser (`:play <this URL>`): entities, one entity's versions, the graph as of a date,
    comparing times, what changed last week, erased entities; each query as graphmem runs it."""
    page = render(ns=Namespace.parse(ns).name, key=key)
    # Browser fetches the guide from its own origin (http://127.0.0.1:7474)
    return HTMLResponse(page, headers={"Access-Control-Allow-Origin": "*"})


@router.options("/guide", include_in_schema=False)
def guide_preflight(request: Request, ns: GuideNs = "demo", key: GuideKey = "U-001") -> Response:
    """The CORS preflight of Browser's fetch: it sends `pragma` and `cache-control`, which are not safelisted, so
    Chromium asks first; without this answer (405) `:play` showed "No guide by that name"."""
    asked = request.headers.get("access-control-request-headers", "")
    return Response(status_code=204, headers={
        "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET, OPTIONS",
        "Access-Control-Allow-Headers": asked or "pragma, cache-control", "Access-Control-Max-Age": "600"})
