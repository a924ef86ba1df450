"""Time words, pure: what a question says about time ("as of 2026-03-01", "last week", "in March 2026",
"去年三月"), read relative to a given `now`, as the read times recall uses.

The phrase itself is read by `graphmem.recall.timephrases.resolve` (one grammar, its conventions in
that package's docstring); this module maps its interval onto the `TimeScope` contract the router and
the channels speak: valid_at (the instant facts are read at), known_at (what was believed then), and an
inclusive since/until range over valid time for searches.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmem.instants import UTC, format_instant
from graphmem.recall.timephrases import Interval, resolve

_TICK = timedelta(microseconds=1)


@dataclass(frozen=True, slots=True)
class TimeScope:
    """What a query says about time: a point to read facts at, a range to search, and the words.

    `interval` is the phrase as read ([start, end), its kind: instant | range | since | until), for a
    caller that needs more than the read times ("before X" is kind "until").
    """

    valid_at: datetime | None = None
    known_at: datetime | None = None
    since: datetime | None = None
    until: datetime | None = None  # inclusive, like the search contract
    phrases: tuple[str, ...] = ()
    interval: Interval | None = None

    def explain(self) -> str:
        """The sentence the route carries, so a caller sees which words moved the read times."""
        parts = [f"{name}={format_instant(v)}" for name, v in
                 (("valid_at", self.valid_at), ("known_at", self.known_at),
                  ("since", self.since), ("until", self.until)) if v is not None]
        words = ", ".join(repr(p) for p in self.phrases)
        return f"time words {words} set {', '.join(parts)}" if parts else ""


def scope_of(found: Interval, now: datetime) -> TimeScope:
    """The read times an interval means.

    instant -> valid_at (known_at when the words ask what was believed); since -> since (facts read as
    of now); until -> until = end - 1 µs and facts as they stood then (never after now); range -> both
    bounds, facts as they stood at its end (never after now, unless the whole range is ahead: "what is
    planned for next week" reads what will be true then).
    """
    phrases = (found.phrase,)
    if found.kind == "instant":
        if found.axis == "known":
            return TimeScope(known_at=found.start, phrases=phrases, interval=found)
        return TimeScope(valid_at=found.start, phrases=phrases, interval=found)
    if found.kind == "since" or found.end is None:
        return TimeScope(since=found.start, phrases=phrases, interval=found)
    until = found.end - _TICK
    if found.kind == "until" or found.start is None:
        return TimeScope(valid_at=min(until, now), until=until, phrases=phrases, interval=found)
    valid_at = min(until, now) if found.start <= now else until
    if found.at is not None:  # the words name a point of the range: facts are read there (never after now,
        valid_at = min(found.at, now) if found.start <= now else found.at  # "the end of the month" today)
    return TimeScope(valid_at=valid_at, since=found.start, until=until, phrases=phrases, interval=found)


def extract_time(query: str, *, now: datetime, mask: Iterable[tuple[int, int]] = ()) -> TimeScope:
    """The time a query speaks about, relative to `now`; `TimeScope()` when it names none.

    `mask` lists spans (identifiers) that must not be read as dates: "138-0000-1234" is a phone,
    not a day.
    """
    found = resolve(query, now=now, mask=mask)
    return TimeScope() if found is None else scope_of(found, now.astimezone(UTC))


def phrase_spans(query: str, phrases: Iterable[str]) -> list[tuple[int, int]]:
    """Where the time phrases (`TimeScope.phrases`, their words as the question wrote them, one space between)
    stand in `query`: whole words, any whitespace between them ("the week  before last" across a line break)."""
    out: list[tuple[int, int]] = []
    for phrase in phrases:
        said = phrase.split()
        if not said:
            continue
        if any(c in query for c in _OTHER_SPACE) or "  " in query:  # other whitespace: the pattern (rare: compiled)
            out += [m.span() for m in _phrase_pattern(phrase).finditer(query)]
            continue
        at = query.find(phrase)
        while at >= 0:
            end = at + len(phrase)
            if not (_spaced(said[0][0]) and at and _word(query[at - 1])) and \
                    not (_spaced(said[-1][-1]) and end < len(query) and _word(query[end])):
                out.append((at, end))
                at = query.find(phrase, end)
            else:
                at = query.find(phrase, at + 1)
    return out


_OTHER_SPACE = "\n\t\r\x0b\x0c\u00a0\u2009\u202f\u3000"


def _word(c: str) -> bool:
    return c.isalnum() or c == "_"


@lru_cache(maxsize=1024)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    said = phrase.split()
    # whole words where words are spaced; Chinese phrases stand between other characters ("她三月之前住在哪里")
    left = r"(?<!\w)" if _spaced(said[0][0]) else ""
    right = r"(?!\w)" if _spaced(said[-1][-1]) else ""
    return re.compile(left + r"\s+".join(map(re.escape, said)) + right)


def _spaced(c: str) -> bool:
    """A character of a script that spaces its words (not CJK)."""
    return c.isalnum() and ord(c) < 0x2E80


def without_phrases(query: str, phrases: Iterable[str]) -> str:
    """`query` with its time phrases blanked (same length: offsets stay): their words ask for a time, not for
    an attribute or an earlier value ("the week before last", "before March 2025")."""
    for start, end in phrase_spans(query, phrases):
        query = query[:start] + " " * (end - start) + query[end:]
    return query
