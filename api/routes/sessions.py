"""Turns, windows and summaries of conversation sessions: parse, call the library, shape."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from api.respond import in_one_hop
from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, SettingsDep, StoreDep, ViewDep, WriterDep
from api.schemas.conversation import (
    SummaryOut,
    TurnBatchIn,
    TurnBatchOut,
    TurnIn,
    TurnOut,
    TurnWriteOut,
    WindowOut,
)
from graphmem.channels.conversation import summary, turns, window

router = APIRouter(prefix="/v1/{ns}", tags=["conversation"], dependencies=KNOWN_QUERY_ONLY)

SessionId = Annotated[str, Path(min_length=1, max_length=200, description="the caller's session id")]
_UNKNOWN_SESSION: dict[int | str, dict[str, Any]] = {404: {"description": "unknown session (code unknown_session)"}}
_WRITE: dict[int | str, dict[str, Any]] = {
    409: {"description": "a turn id already exists in the namespace (code duplicate_turn)"},
    422: {"description": "invalid field, named in details (empty or too long text, bad time, …)"}}


@router.post("/sessions/{sid}/turns", status_code=201, response_model=TurnWriteOut, responses=_WRITE)
def post_turn(sid: SessionId, body: TurnIn, ns: NamespaceDep, _: WriterDep, store: StoreDep,
              settings: SettingsDep) -> TurnWriteOut:
    """Store a turn: embedded, linked to the previous turn and to the entities it mentions, readable in the
    window when this returns. Turns that leave the window join a summary chunk in the same transaction; the
    chunk's text is written in the background (about a second), or at once when the summary is read."""
    result = turns.add_turns(store, ns, session=sid, turns=[body.spec()], settings=settings)
    return TurnWriteOut.of_result(result)


@router.post("/sessions/{sid}/turns/batch", status_code=201, response_model=TurnBatchOut, responses=_WRITE)
def post_turns(sid: SessionId, body: TurnBatchIn, ns: NamespaceDep, _: WriterDep, store: StoreDep,
               settings: SettingsDep) -> TurnBatchOut:
    """Import many turns of one session in arrival order, all or nothing (at most settings.max_batch)."""
    specs = [t.spec(f"turns.{i}.at") for i, t in enumerate(body.turns)]
    return TurnBatchOut.of(turns.add_turns(store, ns, session=sid, turns=specs, settings=settings))


@router.get("/sessions/{sid}/window", response_model=WindowOut, responses=_UNKNOWN_SESSION)
async def get_window(sid: SessionId, ns: NamespaceDep, store: StoreDep, view: ViewDep,
                     size: Annotated[int | None, Query(
                         ge=1, le=1000, description="default settings.window_size")] = None,
                     ) -> Response:
    """The last N turns of the session by time, then arrival; newest last."""
    return await in_one_hop(lambda: WindowOut.of(window.read_window(store, ns, session=sid, size=size, view=view)))


@router.get("/sessions/{sid}/summary", response_model=SummaryOut, responses=_UNKNOWN_SESSION)
async def get_summary(sid: SessionId, ns: NamespaceDep, store: StoreDep, view: ViewDep) -> Response:
    """Core topic, confirmed facts, open items, key entities, tone and intent of what left the window."""
    return await in_one_hop(lambda: SummaryOut.of(summary.read_summary(store, ns, session=sid, view=view)))


@router.get("/turns/{turn_id:path}", response_model=TurnOut,
            responses={404: {"description": "unknown turn (code unknown_turn)"}})
async def get_turn(turn_id: str, ns: NamespaceDep, store: StoreDep, view: ViewDep) -> Response:
    """One turn by its exact id (`D1:3` is never `D1:30`)."""
    return await in_one_hop(lambda: TurnOut.of(turns.get_turn(store, ns, turn_id=turn_id, view=view)))
