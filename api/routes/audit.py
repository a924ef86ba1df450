"""Auditing: what changed between two instants on either time axis, and pictures of an entity's timeline.

Both read through the caller's view (`view`, default the role's own): agents see the application view,
auditors every version with erasure markers. The logic is `graphmem.channels.changes`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, StoreDep, ViewDep
from api.schemas.changes import ChangesOut
from graphmem.channels import changes as audit

router = APIRouter(prefix="/v1/{ns}", tags=["audit"], dependencies=KNOWN_QUERY_ONLY)

_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "unknown entity (code unknown_entity)"},
    422: {"description": "invalid field, named in details (codes invalid_time, invalid_interval, invalid_cursor, "
                         "unknown_attribute, ...)"}}


@router.get("/changes", response_model=ChangesOut, responses=_ERRORS)
def read_changes(
    ns: NamespaceDep, store: StoreDep, view: ViewDep,
    from_: Annotated[str, Query(alias="from", description="ISO-8601 with zone: the window's start (included)")],
    to: Annotated[str, Query(description="ISO-8601 with zone: the window's end (excluded); after `from`")],
    axis: Annotated[str, Query(description="txn (when the service believed it) or valid (when it was true)")] = "txn",
    entity: Annotated[str | None, Query(min_length=1, max_length=500, description="one entity key")] = None,
    attribute: Annotated[str | None, Query(min_length=1, description="one attribute name")] = None,
    limit: Annotated[int, Query(description="changes per page, 1-1000")] = 100,
    after: Annotated[str | None, Query(max_length=4000, description="the `next` cursor of the previous page")] = None,
) -> ChangesOut:
    """Every version that began or ended in `[from, to)` on the axis, grouped by (instant, entity,
    attribute) with the versions before and after, oldest first; keyset-paged by `after`."""
    return ChangesOut.of(audit.changes(store, ns, start=from_, end=to, axis=axis, entity=entity,
                                       attribute=attribute, view=view, limit=limit, after=after))


@router.get("/entities/{key}/timeline.svg", response_class=Response, responses={
    200: {"content": {"image/svg+xml": {}}, "description": "versions as rectangles: valid × transaction time"},
    **_ERRORS})
def read_timeline_svg(
    key: Annotated[str, Path(min_length=1, max_length=500, description="the caller's entity key")],
    ns: NamespaceDep, store: StoreDep, view: ViewDep,
    attribute: Annotated[str | None, Query(min_length=1, description="one attribute only")] = None,
) -> Response:
    """The entity's versions drawn on valid time (x) against transaction time (y), corrections,
    retractions and erasure marked; what `/history` returns in the same view."""
    svg = audit.timeline_picture(store, ns, key=key, view=view, fmt="svg", attribute=attribute)
    return Response(svg, media_type="image/svg+xml")
