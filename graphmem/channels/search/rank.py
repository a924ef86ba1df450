"""Ranking for hybrid search: fuse dense and keyword candidates, then let context lift them. Pure.

Why these parts (each measured on LoCoMo, and none specific to it):
- **fused**: dense cosine (min-max over its candidates) and BM25 (over the best keyword score; on the
  namespace's own statistics, see `keywords` and `stats`, so no other tenant moves it) are
  added with weights; reciprocal-rank fusion (RRF) is kept as a part of its own. Normalised scores beat plain
  RRF because they keep *how much* better the top keyword hit is, which matters for rare names.
- **neighbour**: in a conversation the answer is often the turn next to the one that matches the
  question's words (a question and its reply); each turn is lifted by its strongest neighbour, and
  more by a matching question just before it.
- **speaker**: a query naming a person prefers what that person said (the name is left out of the
  keyword query: see `graphmem.channels.search.terms`).
- **session**: turns of a session whose best turns match are about the same thing, so a turn gains
  a share of its session's mean top score.
- **summary**: a summary that matches lifts the turns it covers.
- **recency** and **importance**: small tie-breakers, newer and more important first.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class Weights:
    dense: float = 0.6
    text: float = 1.0
    rrf: float = 0.0
    rrf_k: int = 60
    neighbour: float = 0.3
    answer: float = 0.7  # the lift a question lends to the turn after it (its answer)
    # turns said by a person the query names: 0.6 over 0.4 after per-namespace BM25 (issue #18), LoCoMo R@5/R@10
    # +0.004/+0.007 on conversations 0-4 (tuned), +0.010/+0.002 on 5-9 (held out)
    speaker: float = 0.6
    session: float = 0.5
    session_top: int = 3
    summary: float = 0.3
    summary_hit: float = 0.8  # a summary hit's own score relative to a turn's
    recency: float = 0.05
    half_life_days: float = 30.0
    importance: float = 0.05


DEFAULT_WEIGHTS = Weights()
#: the parts a turn's score is the sum of
TURN_PARTS = ("fused", "neighbour", "session", "summary", "speaker", "recency", "importance")


@dataclass(frozen=True)
class TurnInfo:
    id: str
    session: str
    at: datetime
    speaker: str | None = None
    importance: float = 0.5
    prev: str | None = None
    next: str | None = None
    question: bool = False


@dataclass(frozen=True)
class SummaryInfo:
    id: str
    session: str
    to_at: datetime
    importance: float = 0.5
    turns: tuple[str, ...] = ()


@dataclass
class Ranked:
    kind: str
    id: str
    score: float
    parts: dict[str, float] = field(default_factory=dict)


def normalise(scores: Mapping[str, float]) -> dict[str, float]:
    """Min-max over the candidate list; one candidate (or all equal) scores 1."""
    if not scores:
        return {}
    lo, hi = min(scores.values()), max(scores.values())
    if hi - lo < 1e-12:
        return {i: 1.0 for i in scores}
    return {i: (s - lo) / (hi - lo) for i, s in scores.items()}


def rrf(lists: Iterable[Sequence[str]], k: int) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for ranked in lists:
        for r, i in enumerate(ranked):
            out[i] += 1.0 / (k + r + 1)
    return dict(out)


def fuse(dense: Mapping[str, float], text: Mapping[str, float], w: Weights) -> dict[str, dict[str, float]]:
    """Per candidate: its normalised dense and keyword scores, RRF, and their weighted sum."""
    top_text = max(text.values(), default=0.0)
    dn = normalise(dense)
    tn = {i: s / top_text for i, s in text.items() if s > 0}  # BM25 is ratio-scaled: 0 means no match
    ranks = rrf([sorted(dense, key=lambda i: -dense[i]), sorted(tn, key=lambda i: -text[i])], w.rrf_k)
    top_rrf = max(ranks.values(), default=1.0)
    out = {}
    for i in set(dn) | set(tn):
        parts = {"dense": dn.get(i, 0.0), "text": tn.get(i, 0.0), "rrf": ranks.get(i, 0.0) / top_rrf}
        parts["fused"] = w.dense * parts["dense"] + w.text * parts["text"] + w.rrf * parts["rrf"]
        out[i] = parts
    return out


def rank(*, turns: Mapping[str, TurnInfo], turn_dense: Mapping[str, float], turn_text: Mapping[str, float],
         summaries: Mapping[str, SummaryInfo], summary_dense: Mapping[str, float],
         summary_text: Mapping[str, float], eligible: set[str], w: Weights = DEFAULT_WEIGHTS,
         speakers: set[str] | frozenset[str] = frozenset()) -> list[Ranked]:
    """Every eligible turn and every summary candidate, best first, with the parts of its score.

    `turns` describes candidates and their neighbours; only ids in `eligible` (those passing the
    caller's filters and view) may be returned or lend their score to a neighbour. `speakers` are
    the (lower-case) speakers the query names.
    """
    fused = {i: p for i, p in fuse(turn_dense, turn_text, w).items() if i in eligible}
    base = {i: p["fused"] for i, p in fused.items()}
    sfused = fuse(summary_dense, summary_text, w)
    summary_score = {i: p["fused"] for i, p in sfused.items() if i in summaries}

    lift: dict[str, float] = defaultdict(float)  # neighbour lift
    for i, v in base.items():
        t = turns.get(i)
        if t is None:
            continue
        for j, weight in ((t.prev, w.neighbour), (t.next, w.answer if t.question else w.neighbour)):
            if j is not None and j in eligible:
                lift[j] = max(lift[j], weight * v)
    by_session: dict[str, list[float]] = defaultdict(list)
    for i, v in base.items():
        if i in turns:
            by_session[turns[i].session].append(v)
    session_score = {s: sum(sorted(v, reverse=True)[:w.session_top]) / min(len(v), w.session_top)
                     for s, v in by_session.items()}
    covered: dict[str, float] = defaultdict(float)
    for sid, v in summary_score.items():
        for tid in summaries[sid].turns:
            if tid in eligible:
                covered[tid] = max(covered[tid], w.summary * v)

    pool = [i for i in set(base) | set(lift) | set(covered) if i in turns]
    newest = max((turns[i].at for i in pool), default=None)
    recency = _recency_of({turns[i].at for i in pool}, newest, w)
    no_fused = {"dense": 0.0, "text": 0.0, "rrf": 0.0, "fused": 0.0}
    out: list[Ranked] = []
    # Plain locals and one dict literal per candidate: ranking some 300 candidates is on every search's
    # critical path, and building each parts dict step by step cost twice as much.
    for i in pool:
        t = turns[i]
        f = fused.get(i, no_fused)
        neighbour, summary = lift.get(i, 0.0), covered.get(i, 0.0)
        session = w.session * session_score.get(t.session, 0.0)
        speaker = w.speaker if t.speaker is not None and t.speaker.lower() in speakers else 0.0
        recent, importance = recency[t.at], w.importance * (t.importance - 0.5)
        parts = {"dense": f["dense"], "text": f["text"], "rrf": f["rrf"], "fused": f["fused"], "neighbour": neighbour,
                 "session": session, "summary": summary, "speaker": speaker, "recency": recent,
                 "importance": importance}
        out.append(Ranked("turn", i, f["fused"] + neighbour + session + summary + speaker + recent + importance,
                          parts))
    snewest = max((s.to_at for s in summaries.values()), default=None)
    for sid, v in summary_score.items():
        s = summaries[sid]
        parts = dict(sfused[sid])
        parts["session"] = w.session * session_score.get(s.session, 0.0)
        parts["recency"] = w.recency * _recency(s.to_at, snewest, w.half_life_days)
        parts["importance"] = w.importance * (s.importance - 0.5)
        total = w.summary_hit * parts["fused"] + parts["session"] + parts["recency"] + parts["importance"]
        out.append(Ranked("summary", sid, total, parts))
    out.sort(key=lambda r: (-r.score, r.kind, r.id))
    return out


def rounded(ranked: Sequence[Ranked]) -> list[Ranked]:
    """Scores and parts rounded for display (only for what is returned: rounding every candidate cost more
    than ranking them)."""
    return [Ranked(r.kind, r.id, round(r.score, 6), {k: round(v, 6) for k, v in r.parts.items()}) for r in ranked]


def _recency_of(ats: Iterable[datetime], newest: datetime | None, w: Weights) -> dict[datetime, float]:
    """The weighted recency part of each distinct time (turns of one session often share one)."""
    return {at: w.recency * _recency(at, newest, w.half_life_days) for at in ats}


def _recency(at: datetime, newest: datetime | None, half_life_days: float) -> float:
    """1 for the newest candidate, halving every `half_life_days` before it."""
    if newest is None:
        return 0.0
    days = max(0.0, (newest - at).total_seconds() / 86400.0)
    return math.pow(0.5, days / half_life_days)
