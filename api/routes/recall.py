"""One recall call: the router picks the channels, merges by time and explains itself."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, StoreDep
from api.schemas.recall import RecallIn, RecallOut
from graphmem.recall import recall as run_recall
from graphmem.instants import optional_instant

router = APIRouter(prefix="/v1/{ns}", tags=["recall"], dependencies=KNOWN_QUERY_ONLY)


@router.post("/recall", response_model=RecallOut, responses={
    401: {"description": "no or unknown API key"},
    403: {"description": "namespace not allowed"},
    422: {"description": "invalid field (named in details)"}})
def recall(body: RecallIn, ns: NamespaceDep, store: StoreDep) -> RecallOut:
    """Ask memory one question. Identifiers go to the exact channel, "how do I" to workflows, a
    session to its window then summary, anything else to semantic search; time words set valid_at
    or a range. The response lists the route taken and the reason for every result."""
    result = run_recall(
        store, ns, query=body.query, session=body.session, entity=body.entity, task_type=body.task_type,
        valid_at=optional_instant(body.valid_at, "valid_at"), known_at=optional_instant(body.known_at, "known_at"),
        k=body.k, budget_tokens=body.budget_tokens)
    return RecallOut.from_domain(result)
