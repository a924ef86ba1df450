"""Hybrid search over turns and summaries: parse, call the library, shape."""

from __future__ import annotations

from fastapi import APIRouter, Response

from api.respond import in_one_hop
from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, StoreDep, ViewDep
from api.schemas.conversation import SearchIn, SearchOut, instant
from graphmem.channels import search as search_channel

router = APIRouter(prefix="/v1/{ns}", tags=["search"], dependencies=KNOWN_QUERY_ONLY)


@router.post("/search", response_model=SearchOut,
             responses={422: {"description": "empty or too long query, k out of range, since after until "
                                             "(code invalid_interval), bad time: the field is named"}})
async def post_search(body: SearchIn, ns: NamespaceDep, store: StoreDep, view: ViewDep) -> Response:
    """Vector + full-text over turns and summaries, fused, filtered by session, speaker and time
    (inclusive), with recency, importance and neighbouring turns in the score."""
    return await in_one_hop(lambda: SearchOut.of(search_channel.search(
        store, ns, query=body.query, k=body.k, session=body.session, speaker=body.speaker,
        since=instant(body.since, "since"), until=instant(body.until, "until"), kinds=body.kinds, view=view)))
