"""Request and response models for turns, windows, summaries and search.

Times come in as ISO-8601 strings with a zone (or bare dates, UTC midnight), parsed with
`parse_instant` so that a bad one is a 422 naming its field; times go out as UTC with `Z`. Text
limits (empty, longer than `max_text_chars`) and `k` bounds are checked by the library, so the same
rule holds for library callers; the schema documents them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.schemas.base import In, JsonObject
from graphmem.channels.conversation import AddResult, NewTurn, SessionSummary, SummaryPart, Turn, Window
from graphmem.channels.search import Hit, SearchResult
from graphmem.instants import format_instant, parse_instant

Instant = Annotated[str | None, Field(None, description="ISO-8601 with zone (or a bare date: UTC midnight)",
                                      examples=["2026-07-01T09:00:00Z"])]


def instant(value: str | None, field: str) -> datetime | None:
    return None if value is None else parse_instant(value, field)


def _out(value: datetime | None) -> str | None:
    return format_instant(value)


class TurnIn(In):
    role: str = Field("user", description="user, assistant, system, tool, …", examples=["user"])
    text: str = Field(description="1 to settings.max_text_chars characters", examples=["My order ORD-7 is late"])
    speaker: str | None = Field(None, max_length=200, examples=["Alice"])
    at: Instant = None
    id: str | None = Field(None, max_length=200, description="the caller's turn id, unique per namespace (e.g. D3:12)",
                           examples=["D3:12"])
    metadata: JsonObject | None = Field(None, description="free JSON; `importance` (0–1) is used in ranking")
    extract: bool = Field(False, description="extract entities, facts and relations with the configured LLM after "
                          "the write (the turn's `extraction`); 422 extraction_unavailable without one")

    def spec(self, field: str = "at") -> NewTurn:
        return NewTurn(text=self.text, role=self.role, speaker=self.speaker, at=instant(self.at, field),
                       id=self.id, metadata=self.metadata, extract=self.extract)


class TurnBatchIn(In):
    turns: list[TurnIn] = Field(min_length=1, description="in arrival order; at most settings.max_batch")


class TurnOut(BaseModel):
    id: str
    session: str
    seq: int
    role: str
    speaker: str | None
    text: str | None
    at: str | None
    created_at: str | None
    metadata: dict[str, Any]
    summary: str | None = Field(description="the summary chunk this turn was folded into, once it left the window")
    erased_at: str | None = None
    archived_at: str | None = None
    extraction: Literal["queued", "done", "failed"] | None = Field(
        None, description="for a turn posted with extract: its LLM extraction, queued until the worker ran it")
    extraction_error: str | None = Field(None, description="why the extraction failed")

    @classmethod
    def of(cls, t: Turn) -> "TurnOut":
        return cls(id=t.id, session=t.session, seq=t.seq, role=t.role, speaker=t.speaker, text=t.text,
                   at=_out(t.at), created_at=_out(t.created_at), metadata=t.metadata, summary=t.summary,
                   erased_at=_out(t.erased_at), archived_at=_out(t.archived_at),
                   extraction=t.extraction, extraction_error=t.extraction_error)  # type: ignore[arg-type]


class TurnWriteOut(TurnOut):
    folded: list[str] = Field(description="summary chunks written because turns left the window")
    archived: int = Field(0, description="turns and summaries archived past the namespace capacity")

    @classmethod
    def of_result(cls, r: AddResult) -> "TurnWriteOut":
        return cls(**TurnOut.of(r.turns[0]).model_dump(), folded=r.summaries, archived=r.archived)


class TurnBatchOut(BaseModel):
    turns: list[TurnOut]
    folded: list[str]
    archived: int = 0

    @classmethod
    def of(cls, r: AddResult) -> "TurnBatchOut":
        return cls(turns=[TurnOut.of(t) for t in r.turns], folded=r.summaries, archived=r.archived)


class WindowOut(BaseModel):
    session: str
    size: int
    turns: list[TurnOut] = Field(description="newest last")

    @classmethod
    def of(cls, w: Window) -> "WindowOut":
        return cls(session=w.session, size=w.size, turns=[TurnOut.of(t) for t in w.turns])


class _Structured(BaseModel):
    text: str
    core_topic: str
    topics: list[str]
    facts: list[str]
    open_items: list[str]
    entities: list[str]
    tone: str
    intent: str
    summariser: str


class SummaryPartOut(_Structured):
    id: str
    from_seq: int
    to_seq: int
    from_at: str | None
    to_at: str | None
    turn_count: int
    created_at: str | None
    updated_at: str | None
    erased_at: str | None = None
    archived_at: str | None = None

    @classmethod
    def of(cls, p: SummaryPart) -> "SummaryPartOut":
        s = p.summary
        return cls(id=p.id, text=s.text, core_topic=s.core_topic, topics=s.topics, facts=s.facts,
                   open_items=s.open_items, entities=s.entities, tone=s.tone, intent=s.intent,
                   summariser=s.summariser, from_seq=p.from_seq, to_seq=p.to_seq, from_at=_out(p.from_at),
                   to_at=_out(p.to_at), turn_count=p.turn_count, created_at=_out(p.created_at),
                   updated_at=_out(p.updated_at), erased_at=_out(p.erased_at), archived_at=_out(p.archived_at))


class SummaryOut(_Structured):
    session: str
    from_seq: int | None
    to_seq: int | None
    from_at: str | None
    to_at: str | None
    turn_count: int = Field(description="turns folded so far: every turn that left the window")
    parts: list[SummaryPartOut] = Field(description="chunk summaries, oldest first")

    @classmethod
    def of(cls, m: SessionSummary) -> "SummaryOut":
        s = m.summary
        return cls(session=m.session, text=s.text, core_topic=s.core_topic, topics=s.topics, facts=s.facts,
                   open_items=s.open_items, entities=s.entities, tone=s.tone, intent=s.intent,
                   summariser=s.summariser, from_seq=m.from_seq, to_seq=m.to_seq, from_at=_out(m.from_at),
                   to_at=_out(m.to_at), turn_count=m.turn_count, parts=[SummaryPartOut.of(p) for p in m.parts])


class SearchIn(In):
    query: str = Field(description="1 to settings.max_text_chars characters", examples=["when is the refund due?"])
    k: int = Field(10, description="1 to settings.max_k (default 100)")
    session: str | None = Field(None, max_length=200)
    speaker: str | None = Field(None, max_length=200)
    since: Instant = None
    until: Annotated[str | None, Field(None, description="ISO-8601 with zone (or a bare date: UTC midnight)",
                                       examples=["2027-01-01T00:00:00Z"])] = None
    kinds: list[Literal["turn", "summary"]] = Field(["turn", "summary"], min_length=1, max_length=2,
                                                    description="what to return (both ranked together)")


class HitOut(BaseModel):
    kind: Literal["turn", "summary"]
    id: str
    text: str
    at: str | None = Field(description="a turn's time; for a summary, the end of the range it covers")
    session: str
    speaker: str | None
    score: float
    parts: dict[str, float] = Field(description="dense, text, rrf (inputs), and the weighted parts whose sum is the "
                                                "score: fused, neighbour, session, summary, speaker, recency, "
                                                "importance")
    from_at: str | None = None
    to_at: str | None = None

    @classmethod
    def of(cls, h: Hit) -> "HitOut":
        return cls(kind=h.kind, id=h.id, text=h.text, at=_out(h.at), session=h.session,  # type: ignore[arg-type]
                   speaker=h.speaker, score=h.score, parts=h.parts, from_at=_out(h.from_at), to_at=_out(h.to_at))


class SearchOut(BaseModel):
    hits: list[HitOut]
    terms: list[str] = Field(description="the query words used for the keyword side")

    @classmethod
    def of(cls, r: SearchResult) -> "SearchOut":
        return cls(hits=[HitOut.of(h) for h in r.hits], terms=r.terms)
