"""Results and their merge, pure: one `Hit` per thing a channel found, one order for all of them, and
the prompt-ready context cut to a token budget.

The order is fixed and explained (DESIGN.md, "Router"): exact > workflow > window > current facts >
summaries > turns, then the identifier order for exact hits, then time, newest first, and last the
channel's own final score. A fact or relation version not visible at the read times is dropped here,
whatever channel brought it, so a stale version can never outrank, or even accompany, the current one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

#: exact > workflow > window > current facts > summaries > turns. Workflows sit right after exact hits:
#: when the caller asks how to do something, the procedure is the answer, the conversation is context.
TIER_EXACT, TIER_WORKFLOW, TIER_WINDOW, TIER_FACTS, TIER_SUMMARY, TIER_TURN = range(6)
_TIER_BY_CHANNEL = {"exact": TIER_EXACT, "workflow": TIER_WORKFLOW, "window": TIER_WINDOW,
                    "facts": TIER_FACTS, "summary": TIER_SUMMARY}


def tier(channel: str, kind: str) -> int:
    """Where a result ranks: by its channel, and for semantic search by what it found."""
    if channel == "semantic":
        return TIER_SUMMARY if kind == "summary" else TIER_TURN
    return _TIER_BY_CHANNEL.get(channel, TIER_TURN)


@dataclass(frozen=True)
class Hit:
    """One result: what a channel found, why it was asked, and what orders it."""

    channel: str
    kind: str  # fact | relation | entity | workflow | turn | summary
    text: str
    reason: str
    ident: str  # identity across channels: one fact value, one turn, one summary ...
    at: datetime | None = None  # orders hits within a tier, newest first
    score: float | None = None  # the channel's final score (search, workflow similarity): the last tie-break
    group: int = 0  # exact hits keep the order of the identifiers in the query
    data: Mapping[str, Any] = field(default_factory=dict)


def visible(data: Mapping[str, Any], valid_at: datetime, known_at: datetime | None) -> bool:
    """A fact version counts only if valid at valid_at and believed at known_at (half-open intervals);
    known_at None means believed now: the version has not been superseded."""
    vf, vt, tt, te = (data.get(k) for k in ("valid_from", "valid_to", "txn_time", "txn_end"))
    if not ((vf is None or vf <= valid_at) and (vt is None or valid_at < vt)):
        return False
    if known_at is None:
        return te is None
    return (tt is None or tt <= known_at) and (te is None or known_at < te)


def merge(hits: Iterable[Hit], *, valid_at: datetime, known_at: datetime | None) -> list[Hit]:
    """Order and de-duplicate results from every channel.

    Tier first (exact > workflow > window > current facts > summaries > turns), then the identifier
    order for exact hits, then time, newest first, then the final score. A result found twice keeps its
    best rank. A fact or relation version not visible at (valid_at, known_at) is dropped.
    """
    best: dict[str, Hit] = {}
    for h in hits:
        if h.kind in ("fact", "relation") and not visible(h.data, valid_at, known_at):
            continue
        prev = best.get(h.ident)
        if prev is None or _rank(h) < _rank(prev):
            best[h.ident] = h
    return sorted(best.values(), key=_rank)


def _rank(h: Hit) -> tuple[int, int, float, float, str]:
    ts = -h.at.timestamp() if h.at is not None else float("inf")
    return (tier(h.channel, h.kind), h.group, ts, -(h.score or 0.0), h.ident)


def render_context(hits: Iterable[Hit], *, budget_tokens: int | None,
                   count_tokens: Callable[[str], int]) -> tuple[str, int]:
    """One line per result, most important first, cut to `budget_tokens`; returns (text, tokens).

    Lines are added while they fit; the first that does not is shortened word by word when at
    least a few tokens remain, and the cut stops there so that order still means importance.
    """
    if budget_tokens is None:  # nothing to cut: one tokenizer call for the whole text
        text = "\n".join(" ".join(h.text.split()) for h in hits)
        return text, count_tokens(text) if text else 0
    lines: list[str] = []
    used = 0
    for h in hits:
        line = " ".join(h.text.split())
        cost = count_tokens(line + "\n")
        if used + cost <= budget_tokens:
            lines.append(line)
            used += cost
            continue
        room = budget_tokens - used
        if room >= 8:
            words = line.split(" ")
            while words and count_tokens(" ".join(words) + " …\n") > room:
                words.pop()
            if words:
                lines.append(" ".join(words) + " …")
        break
    text = "\n".join(lines)
    total = count_tokens(text) if text else 0
    while total > budget_tokens and lines:  # tokenizers are not additive
        lines.pop()
        text = "\n".join(lines)
        total = count_tokens(text) if text else 0
    return text, total
