"""One recall call: the router picks the channels, merges by time and explains itself."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from api.respond import in_one_hop
from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, StoreDep, WriterDep
from api.schemas.recall import ChannelStatsOut, FeedbackIn, FeedbackOut, RecallIn, RecallOut, StatsOut
from graphmem.recall import read_stats, record_feedback
from graphmem.recall import recall as run_recall
from graphmem.instants import optional_instant

router = APIRouter(prefix="/v1/{ns}", tags=["recall"], dependencies=KNOWN_QUERY_ONLY)


@router.post("/recall", response_model=RecallOut, responses={
    401: {"description": "no or unknown API key"},
    403: {"description": "namespace not allowed"},
    422: {"description": "invalid field (named in details)"}})
async def recall(body: RecallIn, ns: NamespaceDep, store: StoreDep) -> Response:
    """Ask memory one question. Identifiers go to the exact channel, "how do I" to workflows, a
    session to its window then summary, anything else to semantic search; time words set valid_at
    or a range. The response lists the route taken and the reason for every result."""
    return await in_one_hop(lambda: RecallOut.from_domain(run_recall(
        store, ns, query=body.query, session=body.session, entity=body.entity, task_type=body.task_type,
        valid_at=optional_instant(body.valid_at, "valid_at"), known_at=optional_instant(body.known_at, "known_at"),
        k=body.k, budget_tokens=body.budget_tokens)))


@router.post("/recall/{recall_id}/feedback", response_model=FeedbackOut, responses={
    401: {"description": "no or unknown API key"}, 403: {"description": "namespace or role not allowed"},
    404: {"description": "no such answer (or older than the feedback window)"},
    409: {"description": "feedback on this answer was given already"},
    422: {"description": "an item id that is not one of the answer's (named in details)"}})
def recall_feedback(ns: NamespaceDep, principal: WriterDep, store: StoreDep, body: FeedbackIn,
                    recall_id: Annotated[str, Path(min_length=1, max_length=64)]) -> FeedbackOut:
    """Say which of an answer's items the agent used (`item_id`s; once per answer): the memory hit rate per
    channel (`GET /stats`, `/metrics`) counts them."""
    return FeedbackOut.from_domain(record_feedback(store, ns, recall_id, body.used))


@router.get("/stats", response_model=StatsOut, responses={
    401: {"description": "no or unknown API key"}, 403: {"description": "namespace not allowed"}})
def stats(ns: NamespaceDep, store: StoreDep) -> StatsOut:
    """The namespace's memory hit rate per channel: items returned, judged (in answers that got feedback),
    used, and used / judged."""
    return StatsOut(channels=[ChannelStatsOut.from_domain(c) for c in read_stats(store, ns)])
