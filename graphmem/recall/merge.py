"""Results and their merge, pure: one `Hit` per thing a channel found, one order for all of them, and
the prompt-ready context cut to a token budget.

The order is fixed and explained (docs/design.md, "Router"): exact > workflow > window > current facts >
the session's summary > semantic hits; within a tier the identifier order for exact hits, then the
current value before any earlier one, then the channel's final score (search, workflow similarity:
a summary scored 2.0 never precedes a turn scored 3.0, whichever kind it is), then time, newest first.
A fact or relation version not visible at the read times is dropped here, whatever channel brought it,
so a stale version can never outrank, or even accompany, the current one; the one exception is an
earlier value the question asks for ("before", "previous"), marked `earlier` and kept only if it
ended by the read time, always after the current values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphmem.recall.timewords import without_phrases
from graphmem.timeline import as_of

#: exact > workflow > window > current facts > the session's summary > semantic hits. Workflows sit right
#: after exact hits: when the caller asks how to do something, the procedure is the answer, the
#: conversation is context. Semantic summaries and turns share one tier: their final score orders them.
TIER_EXACT, TIER_WORKFLOW, TIER_WINDOW, TIER_FACTS, TIER_SUMMARY, TIER_SEMANTIC = range(6)
_TIER_BY_CHANNEL = {"exact": TIER_EXACT, "workflow": TIER_WORKFLOW, "window": TIER_WINDOW,
                    "facts": TIER_FACTS, "summary": TIER_SUMMARY}
#: words that ask for a value's whole history: a perfect tense of a verb that holds a value ("has she lived", "have
#: they held"), "over the years", "so far", "the history of"; not "since when has she lived" nor "how long has"
_HISTORY_WORDS = (r"(?<!when\s)(?<!long\s)\b(?:has|have)\s+(?:[\w'’.-]+\s+){0,4}?(?:had|held|lived|worked|banked|owned|used|"
                  r"stayed|resided|rented|leased|occupied|driven|managed|led|taught|studied|attended|visited|bought|"
                  r"ordered|paid|earned|charged|been\s+(?:on|in|at|with))\b"
                  r"|\bover\s+the\s+years\b|\bso\s+far\b|\bhistory\s+of\b")
#: words that ask for the first value: "Where is she from originally?", "What plan did Aoife start on?", "which desk
#: did he start with", "what was her plan to begin with", "when she first joined" (never "What day does Maria start
#: on?" nor a sentence that opens "To start with, ...")
_FIRST_WORDS = (r"original(?:ly)?|initially|at\s+first|start(?:ed|s)?\s+(?:on|with|out(?:\s+(?:on|with|as|in))?)"
                r"|beg(?:an|in|ins|un)\s+(?:on|with)|to\s+(?:begin|start)\s+with(?!\s*,)"
                r"|when\s+[\w'’-]+\s+(?:first\s+)?(?:joined|signed\s+up|started|moved\s+in|arrived)")
#: "start on" after a present or future ("What day does Maria start on?", "will he start with") asks no earlier value
_STARTS = re.compile(r"(?:start|begin)", re.IGNORECASE)
_OPENER = re.compile(r"\s*,")  # "To start with, what is ...": the sentence's opener
_NOT_YET = re.compile(r"\b(?:does|do|will|shall|going\s+to|['’]ll)\s+(?:[\w'’.-]+\s+){0,3}$", re.IGNORECASE)
#: words that ask for a value before the current one ("address before they moved", "old plan"),
#: and words that ask whether a value changed ("Did Yuki move?", "Has Max's weight changed?", "ever", "gone up"): the answer
#: is the value before the current one beside it
_EARLIER = re.compile(_HISTORY_WORDS + r"|\b(?:before|previous(?:ly)?|earlier|used\s+to|formerly|former|prior"
                      r"|" + _FIRST_WORDS +
                      r"|chang(?:e|es|ed)|mov(?:e|es|ed)|switch(?:es|ed)?|ever"
                      # a value that went up or down: "Has Yusuf's salary band gone up?", "Was her plan upgraded?"
                      r"|(?:gone|go|goes|went)\s+(?:up|down)|increas(?:e|es|ed)|decreas(?:e|es|ed)|risen|dropped|fallen"
                      r"|(?:up|down)grad(?:e|es|ed))\b"
                      r"|(?<!how )\bold\b(?!\s+(?:is|are|was|were)\b)"  # "old address", not "how old is"
                      r"|以前|之前|原来|先前", re.IGNORECASE)


#: the earlier words that ask for every value so far (the first branch of `_EARLIER`): "What accounts has Lucía had?",
#: "Where has she lived?", "her plans over the years"; "has she been living in Porto since May" reads a time
_HISTORY = re.compile(_HISTORY_WORDS, re.IGNORECASE)
#: the earlier words that ask for the first value, not the one before the current ("Where is she from originally?")
_FIRST = re.compile(_FIRST_WORDS, re.IGNORECASE)


def asks_all(earlier_word: str | None) -> bool:
    """The earlier word asks for every value so far, not only the one before the current one."""
    return earlier_word is not None and _HISTORY.fullmatch(earlier_word) is not None


def asks_first(earlier_word: str | None) -> bool:
    """Whether the earlier word (`asks_earlier`'s) asks for the first value of an attribute."""
    return earlier_word is not None and _FIRST.fullmatch(earlier_word) is not None


def runs_asked(earlier_word: str) -> str:
    """Which earlier runs the word asks for, as the route says it."""
    return ("the first run" if asks_first(earlier_word) else "every run so far" if asks_all(earlier_word)
            else "the run before the current one")


def tier(channel: str, kind: str) -> int:
    """Where a result ranks: by its channel; every semantic hit (summary or turn) in one tier."""
    return _TIER_BY_CHANNEL.get(channel, TIER_SEMANTIC)


def asks_earlier(query: str, time_phrases: Iterable[str] = ()) -> str | None:
    """The word by which a question asks for an earlier value ("before", "previous", "used to", "old
    <attr>"), or None. A word of one of its `time_phrases` asks for a time, not for an earlier value ("the
    week before last", "before March 2025", "the previous month"). Pure and deterministic, so the route can
    quote it."""
    text = without_phrases(query, time_phrases)
    for m in _EARLIER.finditer(text):
        if not (_STARTS.match(m.group(0)) and (_NOT_YET.search(text, 0, m.start()) or _OPENER.match(text, m.end()))):
            return m.group(0)
    return None


def named_attributes(query: str, attributes: Iterable[str]) -> set[str]:
    """The attributes a question names ("plan", "order id" for order_id), whole words only."""
    low = query.lower()
    return {a for a in attributes
            if re.search(r"(?<![\w-])" + re.escape(a.lower()).replace("_", "[ _]") + r"(?![\w-])", low)}


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
    return as_of(vf, vt, tt, te, valid_at=valid_at, known_at=known_at)


def merge(hits: Iterable[Hit], *, valid_at: datetime, known_at: datetime | None) -> list[Hit]:
    """Order and de-duplicate results from every channel.

    Tier first (exact > workflow > window > current facts > session summary > semantic hits), then the
    identifier order for exact hits (a reverse question's holders first), current values before earlier
    ones, the attributes the question asks about (`asked`) before the entity's others, then the final score, then
    time, newest first. A result found twice keeps its best rank. A fact or relation version not visible
    at (valid_at, known_at) is dropped (an `earlier` one: unless it ended by valid_at).
    """
    best: dict[str, Hit] = {}
    for h in hits:
        if h.kind in ("fact", "relation") and not _kept(h.data, valid_at, known_at):
            continue
        prev = best.get(h.ident)
        if prev is None or _rank(h) < _rank(prev):
            best[h.ident] = h
    return sorted(best.values(), key=_rank)


def _kept(data: Mapping[str, Any], valid_at: datetime, known_at: datetime | None) -> bool:
    """Visible at the read times; an earlier value asked for, only if it had ended by valid_at."""
    if data.get("earlier"):
        vt, te = data.get("valid_to"), data.get("txn_end")
        return vt is not None and vt <= valid_at and (te is None if known_at is None else te is None or known_at < te)
    return visible(data, valid_at, known_at)


def _rank(h: Hit) -> tuple[int, int, bool, bool, float, float, str]:
    ts = -h.at.timestamp() if h.at is not None else float("inf")
    return (tier(h.channel, h.kind), h.group, bool(h.data.get("earlier")), not h.data.get("asked"),
            -(h.score or 0.0), ts, h.ident)


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


@dataclass(frozen=True)
class RouteStep:
    """One line of the route: the channel asked (or skipped) and why, with what it found."""

    channel: str
    reason: str


@dataclass(frozen=True)
class Recall:
    """What `recall` returns: the route taken, the merged results, and the prompt-ready context."""

    route: tuple[RouteStep, ...]
    results: tuple[Hit, ...]
    context: str
    context_tokens: int
    valid_at: datetime
    known_at: datetime
    since: datetime | None = None
    until: datetime | None = None
    id: str = ""  # feedback names it (`usage.record_feedback`); each result's item id is `<id>.<position>`
