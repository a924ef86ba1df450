"""Time words, pure: what a question says about time ("as of 2026-03-01", "last week", "in March", "去年",
"上周"), read relative to a given `now`.

dateparser finds and parses the dates (English and Chinese), behind `_dateparser` alone; the rules
around it are ours: which spans are dates at all (a cheap gate first, since dateparser sees dates in
"we" or in phone numbers), and what the words before and after a date make of it (a point to read
facts at, a range to search, the instant the caller asks what was believed).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from graphmem.instants import UTC, format_instant

_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
           r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
#: cheap gate before dateparser (which costs milliseconds and sees dates in "we" or in phone numbers);
#: a span dateparser finds is kept only if it matches this too.
_TIMEISH = re.compile(
    r"\d{4}-\d{1,2}|\d{1,2}/\d{1,2}|\b(?:19|20)\d{2}\b|\b(?:" + _MONTHS + r")\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|\b(?:today|yesterday|tonight|ago|days?|weeks?|months?|years?|weekend|fortnight)\b"
    r"|年|月|周|星期|礼拜|昨|今天|今年|本周|前天|去年|\d+\s*[日号天]", re.IGNORECASE)
_BARE_MONTH = re.compile(r"^(?:" + _MONTHS + r")$", re.IGNORECASE)
_MONTH_PREPS = {"in", "since", "until", "till", "before", "after", "during", "from", "by", "of", "to", "and",
                "through", "early", "late", "mid", "last", "this", "next"}
_LEAD_PREPS = {"of", "in", "on", "at", "from", "since", "until", "till", "to", "before", "after", "by",
               "during", "as", "and", "between"}
_AS_OF = re.compile(r"(?:\bas\s+(?:of|at)|截至|截止到?)\s*$", re.IGNORECASE)
_KNOWN = re.compile(r"\b(?:known|believed|recorded|thought)\s+(?:as\s+of|on|at|in|by)?\s*$", re.IGNORECASE)
_SINCE = re.compile(r"(?:\b(?:since|after|from|between)|自从?|从)\s*$", re.IGNORECASE)
_SINCE_AFTER = re.compile(r"^\s*(?:日|号)?\s*(?:以来|之后|以后|起)")
_UNTIL = re.compile(r"(?:\b(?:until|till|before|up\s+to|and|to|through)|直到|到)\s*$", re.IGNORECASE)
_BEFORE = re.compile(r"(?:\bbefore)\s*$", re.IGNORECASE)
_UNTIL_AFTER = re.compile(r"^\s*(?:日|号)?\s*(?:之前|以前)")
_TAIL_OK = re.compile(r"\d|^(?:am|pm|a\.m\.|p\.m\.|noon|midnight|morning|afternoon|evening|night|ago|"
                      r"o'clock|utc|gmt)$|[日号点天前后年月周]$", re.IGNORECASE)
_TICK = timedelta(microseconds=1)
_SEARCH_LANGUAGES = ["en", "zh"]

#: One span parsed: its instant (UTC) and the period it names (time | day | week | month | year).
Parsed = tuple[datetime, str]


@dataclass(frozen=True, slots=True)
class TimeScope:
    """What a query says about time: a point to read facts at, a range to search, and the words."""

    valid_at: datetime | None = None
    known_at: datetime | None = None
    since: datetime | None = None
    until: datetime | None = None  # inclusive, like the search contract
    phrases: tuple[str, ...] = ()

    def explain(self) -> str:
        """The sentence the route carries, so a caller sees which words moved the read times."""
        parts = [f"{name}={format_instant(v)}" for name, v in
                 (("valid_at", self.valid_at), ("known_at", self.known_at),
                  ("since", self.since), ("until", self.until)) if v is not None]
        words = ", ".join(repr(p) for p in self.phrases)
        return f"time words {words} set {', '.join(parts)}" if parts else ""


def _dateparser(text: str, now: datetime) -> tuple[list[tuple[str, datetime]], Callable[[str], Parsed | None]]:
    """The one door to dateparser: the date spans it finds in `text` (with their UTC instants), and a
    parser for one span, both relative to `now`. Imported on use: it loads locale data."""
    from dateparser.date import DateDataParser
    from dateparser.search import search_dates

    settings: dict[str, Any] = {
        "RELATIVE_BASE": now.astimezone(UTC).replace(tzinfo=None), "PREFER_DATES_FROM": "past",
        "TIMEZONE": "UTC", "TO_TIMEZONE": "UTC", "RETURN_AS_TIMEZONE_AWARE": True}
    found = search_dates(text, languages=_SEARCH_LANGUAGES, settings=settings) or []
    parser = DateDataParser(languages=_SEARCH_LANGUAGES, settings=settings)

    def parse(span: str) -> Parsed | None:
        data = parser.get_date_data(span)
        if data.date_obj is None:
            return None
        has_time = "time" in (data.parts or ()) and data.date_obj.time() != datetime.min.time()
        return data.date_obj.astimezone(UTC), "time" if has_time else data.period or "day"

    return [(span, when.astimezone(UTC)) for span, when in found], parse


def _period(start: datetime, period: str) -> tuple[datetime, datetime]:
    """The half-open period a parsed date stands for ("last week" is that whole week)."""
    day = start.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "time":
        return start, start + _TICK
    if period == "week":
        monday = day - timedelta(days=day.weekday())
        return monday, monday + timedelta(days=7)
    if period == "month":
        first = day.replace(day=1)
        nxt = first.replace(year=first.year + 1, month=1) if first.month == 12 else first.replace(month=first.month + 1)
        return first, nxt
    if period == "year":
        first = day.replace(month=1, day=1)
        return first, first.replace(year=first.year + 1)
    return day, day + timedelta(days=1)


def _split_span(span: str) -> tuple[str, str]:
    """("of 2026-03-01") → ("of", "2026-03-01"): prepositions dateparser folded into its span."""
    words = span.split()
    i = 0
    while i < len(words) - 1 and words[i].lower() in _LEAD_PREPS:
        i += 1
    return " ".join(words[:i]), " ".join(words[i:])


def _parse_period(text: str, found: datetime, parse: Callable[[str], Parsed | None]) -> tuple[str, datetime, datetime]:
    """The words and period of a span (one dateparser call in the usual case). dateparser's search
    sweeps in trailing words ("on 2026-02-01 about the"): words that cannot end a time expression
    are dropped first; if what is left does not parse, the whole span is tried, then `found`."""
    words = text.split()
    core = list(words)
    while len(core) > 1 and not (_TAIL_OK.search(core[-1]) or _TIMEISH.search(core[-1])):
        core.pop()
    for candidate in dict.fromkeys((" ".join(core), text)):
        parsed = parse(candidate)
        if parsed is not None:
            return candidate, *_period(*parsed)
    return text, *_period(found, "time" if found.time() != datetime.min.time() else "day")


def extract_time(query: str, *, now: datetime, mask: Iterable[tuple[int, int]] = ()) -> TimeScope:
    """The time a query speaks about, relative to `now`.

    `mask` lists spans (identifiers) that must not be read as dates: "138-0000-1234" is a phone,
    not a day. "as of X" sets valid_at to X; "known on X" sets known_at; "since/after X" and
    "until/before X" bound a range; a period ("last week", "in March", "去年") sets the range to that
    period and valid_at to its last instant (never after now), so facts are read as they stood then.
    """
    chars = list(query)
    for s, e in mask:
        chars[s:e] = " " * (e - s)
    text = "".join(chars)
    if not _TIMEISH.search(text):
        return TimeScope()
    found, parse = _dateparser(text, now)
    now = now.astimezone(UTC)
    valid_at = known_at = since = until = None
    phrases: list[str] = []
    cursor = 0
    for span, when in found:
        start_at = text.find(span, cursor)
        if start_at < 0:
            continue
        cursor = start_at + len(span)
        lead, core = _split_span(span)
        if not _TIMEISH.search(core):
            continue  # "we" (Wednesday), "sat" ...
        before = (text[:start_at] + " " + lead).rstrip()
        after = text[cursor:]
        if _BARE_MONTH.match(core) and (not before.split() or before.split()[-1].lower() not in _MONTH_PREPS):
            continue  # "May I get a refund?"
        words, start, end = _parse_period(core, when, parse)
        last = min(end - _TICK, now) if start <= now else end - _TICK
        trigger = next((m.group(0).strip() for rx in (_KNOWN, _AS_OF, _BEFORE, _UNTIL, _SINCE)
                        if (m := rx.search(before)) is not None), lead)
        phrases.append(" ".join(f"{trigger} {words}".split()))
        if end - start == _TICK:  # a precise instant ("10 am yesterday") is a point, not a range
            if _KNOWN.search(before):
                known_at = known_at or start
            else:
                valid_at = valid_at or start
        elif _KNOWN.search(before):
            known_at = known_at or start
        elif _AS_OF.search(before):
            valid_at = valid_at or start
        elif _BEFORE.search(before) or _UNTIL_AFTER.match(after):
            until = until or start - _TICK
        elif _UNTIL.search(before) and (since is not None or not before.endswith(("and", "to"))):
            until = until or end - _TICK
        elif _SINCE.search(before) or _SINCE_AFTER.match(after):
            since = since or start
        else:
            since, until = since or start, until or end - _TICK
            valid_at = valid_at or last
    if valid_at is None and until is not None:
        valid_at = min(until, now)  # "before March": facts as they stood just before
    return TimeScope(valid_at, known_at, since, until, tuple(phrases))
