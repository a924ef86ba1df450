"""Calendar arithmetic for time phrases, pure and in UTC, and the `Atom` every pattern produces.

Calendar units are whole periods (a day [00:00, next 00:00), a Monday-week, a calendar month, quarter
or year), so every helper returns the half-open [start, end) the conventions of
`graphmem.recall.timephrases` speak of.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import NamedTuple

from graphmem.text.regex_gates import Gated

UTC = timezone.utc
DAY = timedelta(days=1)

#: A half-open period [start, end).
Span = tuple[datetime, datetime]
#: The same period in another year ("March" -> March of year y): how a yearless date is re-read
#: when a later date in the phrase gives the year ("between January and March 2025").
Reyear = Callable[[int], Span]


class Atom(NamedTuple):
    """One time expression found in the text: where it is, and the period (or instant) it names."""

    s: int  # offset of the words in the (masked, lower-cased) question
    e: int
    start: datetime
    end: datetime | None  # None: an instant
    year_explicit: bool = True
    reyear: Reyear | None = None
    clock: tuple[int, int] | None = None  # a bare clock time (hour, minute), to merge into its day
    at: datetime | None = None  # the instant the words point at inside the period ("6 months ago": now - 6 months)


#: A pattern's builder: the match and `now` -> an atom, or None when the words are no date after all.
Build = Callable[[re.Match[str], datetime], Atom | None]
Rule = tuple[re.Pattern[str], Build]


def rule(book: list[Rule], pattern: str) -> Callable[[Build], Build]:
    """Register `pattern` (compiled once, at import) with its builder in `book`, in order."""
    compiled = re.compile(pattern)

    def add(build: Build) -> Build:
        book.append((compiled, build))
        return build

    return add


def date_at(year: int, month: int = 1, day: int = 1) -> datetime:
    """Midnight UTC of a calendar day (ValueError when there is no such day)."""
    return datetime(year, month, day, tzinfo=UTC)


def add_months(t: datetime, n: int) -> datetime:
    """The first day of the month `n` months after the month of `t`."""
    k = t.month - 1 + n
    return t.replace(year=t.year + k // 12, month=k % 12 + 1, day=1)


def period(t: datetime, grain: str) -> Span:
    """The calendar period of `grain` (day, week, month, quarter, year) that holds `t`."""
    day = t.replace(hour=0, minute=0, second=0, microsecond=0)
    if grain == "week":
        monday = day - timedelta(days=day.weekday())
        return monday, monday + timedelta(days=7)
    if grain == "month":
        first = day.replace(day=1)
        return first, add_months(first, 1)
    if grain == "quarter":
        first = day.replace(month=(day.month - 1) // 3 * 3 + 1, day=1)
        return first, add_months(first, 3)
    if grain == "year":
        first = day.replace(month=1, day=1)
        return first, first.replace(year=first.year + 1)
    return day, day + DAY


def shift(t: datetime, unit: str, n: int) -> datetime:
    """`t` moved by `n` units; a month shift keeps the day where the target month has it (Mar 31 - 1
    month = Feb 28), which is what "a month ago" means to a reader."""
    if unit == "day":
        return t + n * DAY
    if unit == "week":
        return t + n * 7 * DAY
    if unit == "hour":
        return t + timedelta(hours=n)
    k = t.month - 1 + {"month": 1, "quarter": 3, "year": 12}[unit] * n
    year, month = t.year + k // 12, k % 12 + 1
    last = (date_at(year + (month == 12), month % 12 + 1) - DAY).day
    return t.replace(year=year, month=month, day=min(t.day, last))


def latest(make: Reyear, now: datetime) -> Span:
    """The latest period of this kind (by year) that has started by `now`: a month, day or season
    named without a year ("in March", "on July 4th")."""
    start, end = make(now.year)
    return (start, end) if start <= now else make(now.year - 1)


# --- atoms of a day or a month, for the patterns ---------------------------------------------------------
def day_atom(m: re.Match[str], year: int, month: int, day: int) -> Atom | None:
    """The day the match names; None for one the calendar does not hold (Feb 30)."""
    try:
        start = date_at(year, month, day)
    except ValueError:
        return None
    return Atom(m.start(), m.end(), start, start + DAY)


def yearless_day(m: re.Match[str], now: datetime, month: int, day: int) -> Atom | None:
    """A day named without its year: the latest begun by `now`, re-yeared by a year later in the phrase."""
    def make(year: int) -> Span:
        start = date_at(year, month, day)
        return start, start + DAY

    try:
        return Atom(m.start(), m.end(), *latest(make, now), False, make)
    except ValueError:
        return None


def month_atom(m: re.Match[str], now: datetime, month: int, year: int | None = None) -> Atom | None:
    """A month of `year`, or without one the latest begun by `now` (re-yeared by a later year)."""
    if not 1 <= month <= 12:
        return None

    def make(y: int) -> Span:
        start = date_at(y, month)
        return start, add_months(start, 1)

    if year is not None:
        return Atom(m.start(), m.end(), *make(year))
    return Atom(m.start(), m.end(), *latest(make, now), False, make)


def year2(text: str) -> int:
    """A year written with two digits or four: "25" -> 2025 (a two-digit year is 20YY)."""
    year = int(text)
    return year + 2000 if year < 100 else year


# --- parts of a period named by the words right before it ---------------------------------------------
#: a third of the period right after it: "early 2025", "mid-March", "late last year" (of a month or longer:
#: "late on Monday", "late 2 days ago" and "paid late in March" use "late" as a word of their own)
THIRD = Gated(re.compile(r"\b(early|mid|late)(?:-|\s+)$"))  # `Gated`: skipped without its words
THIRDS_OF = timedelta(days=28)
#: a half of the period after it: "the first half of 2025", "the latter half of last month"
HALF = Gated(re.compile(r"\b(?:the\s+)?(first|1st|former|second|2nd|latter)\s+half\s+of\s*(?:the\s+)?$"))


def portion(text: str, a: Atom) -> Atom:
    """The atom narrowed by the words right before it, as an end of a range: "the first half of", "early", "mid-",
    "late" (a period of a month or longer; `resolve` narrows a lone atom the same way, and keeps "mid"'s middle)."""
    if a.end is None or a.end - a.start < THIRDS_OF:
        return a
    cut: Callable[[datetime, datetime], tuple[datetime, datetime]]
    if (found := HALF.search(text, 0, a.s)) is not None:
        second = found[1] in ("second", "2nd", "latter")
        cut = (lambda s, e: (half_way(s, e), e)) if second else (lambda s, e: (s, half_way(s, e)))
    elif (found := THIRD.search(text, 0, a.s)) is not None:
        which = found[1]
        cut = lambda s, e: third(s, e, which)  # noqa: E731
    else:
        return a
    whole = a.reyear
    return a._replace(s=found.start(), start=cut(a.start, a.end)[0], end=cut(a.start, a.end)[1], at=None,
                      reyear=None if whole is None else (lambda year: cut(*whole(year))))


def third(start: datetime, end: datetime, which: str) -> tuple[datetime, datetime]:
    """Early, mid or late in a period (a month or longer): a year by four months, a month by ten days (the
    21st to its end), anything else (a quarter, a season) by thirds of whole days."""
    index = {"early": 0, "mid": 1, "late": 2}[which]
    if start.month == 1 and start.day == 1 and end == start.replace(year=start.year + 1):
        bounds = [start, add_months(start, 4), add_months(start, 8), end]
    elif start.day == 1 and end == add_months(start, 1):
        bounds = [start, start + 10 * DAY, start + 20 * DAY, end]
    else:
        days = max(1, (end - start) // DAY // 3)
        bounds = [start, start + days * DAY, start + 2 * days * DAY, end]
    return bounds[index], bounds[index + 1]


def half_way(start: datetime, end: datetime) -> datetime:
    """Where a period's second half begins: six months into a year, whole months into a run of an even number
    of them (a quarter has none: half its days), else half its whole days (March: the 16th)."""
    months = (end.year - start.year) * 12 + end.month - start.month
    if start.day == 1 and end.day == 1 and months % 2 == 0 and months >= 2:
        return add_months(start, months // 2)
    return start + (end - start) // DAY // 2 * DAY


def unit_atom(m: re.Match[str], now: datetime, unit: str, k: int) -> Atom:
    """The whole `unit` (day, week, month, quarter, year, weekend) `k` units from the one now is in."""
    if unit == "weekend":
        monday = period(now, "week")[0] + k * 7 * DAY
        return Atom(m.start(), m.end(), monday + 5 * DAY, monday + 7 * DAY)
    return Atom(m.start(), m.end(), *period(shift(now, unit, k), unit))
