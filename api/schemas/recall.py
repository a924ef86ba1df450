"""Request and response models for `POST /v1/{ns}/recall`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from api.schemas.base import In

from graphmem.instants import format_instant
from graphmem.recall import ChannelStats, Feedback, Hit, Recall, item_id


class RecallIn(In):
    """One question; the router picks the channels. Times are ISO-8601 with zone (a bare date is UTC)."""

    query: str = Field(min_length=1, max_length=20_000, description="the question, in any language",
                       examples=["Where does U-001 live, and where did they live before?"])
    session: str | None = Field(None, min_length=1, max_length=512,
                                description="read this session's window first, then its summary",
                                examples=["s1"])
    entity: str | None = Field(None, min_length=1, max_length=512,
                               description="an entity key the question is about (read exactly)",
                               examples=["U-001"])
    task_type: str | None = Field(None, min_length=1, max_length=200,
                                  description="ask the workflow channel for this task type",
                                  examples=[None])
    valid_at: str | None = Field(None, description="read facts as true at this time (wins over time words); "
                                                            "ISO-8601 with zone, default now",
                          examples=["2026-07-02T00:00:00Z"])
    known_at: str | None = Field(None, description="read facts as believed at this time (wins over time words); "
                                                            "ISO-8601 with zone, default now",
                          examples=[None])
    k: int = Field(10, ge=1, le=100, description="at most this many results per channel")
    budget_tokens: int | None = Field(None, ge=1, le=100_000,
                                      description="cut `context` to this many tokens (embedding model's tokenizer)",
                                      examples=[500])


class RouteStepOut(BaseModel):
    channel: str = Field(description="exact | workflow | window | summary | semantic | facts")
    reason: str = Field(description="the rule that chose the channel and what it returned")


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return format_instant(value)
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


class RecallResultOut(BaseModel):
    """One result with its channel and the rule that chose it; channel-specific fields follow."""

    model_config = ConfigDict(extra="allow")
    channel: str
    kind: str = Field(description="fact | relation | workflow | turn | summary")
    text: str = Field(description="the compact line used in `context`")
    reason: str
    at: str | None = Field(None, description="the time that orders results within a channel")
    score: float | None = None

    item_id: str = Field("", description="name it in `POST /recall/{id}/feedback` when the agent used it")

    @classmethod
    def from_hit(cls, h: Hit, item: str = "") -> "RecallResultOut":
        extra = {k: _jsonable(v) for k, v in h.data.items() if k not in _RESULT_FIELDS}
        return cls(channel=h.channel, kind=h.kind, text=h.text, reason=h.reason, at=format_instant(h.at),
                   score=h.score, item_id=item, **extra)


_RESULT_FIELDS = frozenset(RecallResultOut.model_fields)  # read once: pydantic's class property costs 1 µs a read


class RecallOut(BaseModel):
    id: str = Field(description="this answer's id: `POST /recall/{id}/feedback` says which items were used")
    route: list[RouteStepOut] = Field(description="the channels asked, in order, and why")
    results: list[RecallResultOut] = Field(description="merged: exact > workflow > window > facts > "
                                                       "summaries > turns, newest first within each")
    context: str = Field(description="the results as prompt-ready lines, most important first, within budget")
    context_tokens: int
    valid_at: str = Field(description="the valid time facts were read at")
    known_at: str = Field(description="the transaction time facts were read at")
    since: str | None = Field(None, description="start of the time range the query spoke of, if any")
    until: str | None = Field(None, description="end (inclusive) of that range, if any")

    @classmethod
    def from_domain(cls, r: Recall) -> "RecallOut":
        return cls(id=r.id, route=[RouteStepOut(channel=s.channel, reason=s.reason) for s in r.route],
                   results=[RecallResultOut.from_hit(h, item_id(r.id, i)) for i, h in enumerate(r.results)],
                   context=r.context,
                   context_tokens=r.context_tokens, valid_at=format_instant(r.valid_at) or "",
                   known_at=format_instant(r.known_at) or "", since=format_instant(r.since),
                   until=format_instant(r.until))


class FeedbackIn(In):
    """Which items of the answer the agent used (their `item_id`s; none is an answer too)."""

    used: list[str] = Field(default_factory=list, max_length=1000, description="item ids of the answer")


class FeedbackOut(BaseModel):
    recall_id: str
    by_channel: dict[str, dict[str, int]] = Field(description="channel -> {returned, used} in this answer")

    @classmethod
    def from_domain(cls, f: Feedback) -> "FeedbackOut":
        return cls(recall_id=f.recall_id, by_channel=f.by_channel)


class ChannelStatsOut(BaseModel):
    channel: str
    returned: int = Field(description="items returned in every answer")
    judged: int = Field(description="items returned in answers that got feedback")
    used: int = Field(description="items the agent said it used")
    hit_rate: float | None = Field(description="used / judged; null before any feedback")
    answers: int = Field(description="answers holding an item of this channel")
    feedbacks: int = Field(description="of those, the ones that got feedback")

    @classmethod
    def from_domain(cls, c: ChannelStats) -> "ChannelStatsOut":
        return cls(channel=c.channel, returned=c.returned, judged=c.judged, used=c.used, hit_rate=c.hit_rate,
                   answers=c.answers, feedbacks=c.feedbacks)


class StatsOut(BaseModel):
    """The namespace's memory hit rate per channel."""

    channels: list[ChannelStatsOut]
