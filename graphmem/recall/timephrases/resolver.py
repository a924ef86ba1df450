"""The one entry point: `resolve(question, now=, mask=)` -> the `Interval` the question speaks about.

How it reads a question, in three steps:
1. blank what is never a date (the caller's identifier spans, then `masking`), lower-case it;
2. find the atoms: every pattern of `dates` and `relative` runs once over the text; the longest
   non-overlapping matches win, and a clock time joins the day beside it ("10 am yesterday");
3. read the words around the first atom (the operator layer below): "as of"/"known on" make an
   instant, "since"/"after" an open start, "before"/"until"/"by" an open end, "between X and Y" /
   "from X to Y" one range; otherwise the atom's own period.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from dateutil.relativedelta import relativedelta

from graphmem.recall.timephrases import business, chinese, dates, holidays, numeric, relative
from graphmem.recall.timephrases.lexicon import MONTH, MONTHS, SHORT_WEEKDAY, WEEKDAYS, number
from graphmem.recall.timephrases.masking import blank, lower, mask_identifiers
from graphmem.recall.timephrases.periods import (DAY, HALF, THIRD, THIRDS_OF, UTC, Atom, Build, Rule, add_months,
                                                half_way, period, portion, third)
from graphmem.text.regex_gates import Gated, Gates

Kind = Literal["instant", "range", "since", "until"]
Axis = Literal["valid", "known"]


@dataclass(frozen=True, slots=True)
class Interval:
    """The time a question speaks about, half-open [start, end) in UTC.

    kind "range": both bounds; "instant": `start` only (a point: "as of X", "at 10 am"); "since":
    `start` only, open on the right; "until": `end` only, open on the left. `axis` "known" when the
    words ask what was believed then ("known on", "believed as of") rather than what was true.
    `phrase` is the words it was read from, as the question wrote them (for the route's explanation).
    """

    kind: Kind
    start: datetime | None
    end: datetime | None
    phrase: str
    axis: Axis = "valid"
    at: datetime | None = None  # a range's point the words name: "6 months ago", "the start of 2025"


#: Every pattern, in the order they are tried (an earlier rule wins a tie of equal length and start).
RULES: tuple[Rule, ...] = (*numeric.RULES, *dates.RULES, *business.RULES, *chinese.RULES, *holidays.RULES, *relative.RULES)
#: what each pattern of RULES needs in a text to match at all (`graphmem.text.regex_gates.Gates`): most patterns are skipped on most
#: questions ("what is maria lopez's plan?" holds no digit, no month, no weekday...), without changing any result
_GATES = Gates([pattern for pattern, _ in RULES])

# --- the operator layer: the words just before (or after) an atom ---------------------------------------
# (the patterns searched in the words before an atom are `Gated`: skipped at once when the question lacks their
# words, "since", "before", "the start of"; most questions hold few of them)
_KNOWN = Gated(re.compile(r"\b(?:(?:known|believed?|thought)(?:\s+about(?:\s+[\w'’-]+){1,4})?|recorded)"
                          r"\s+(?:as\s+of|on|at|in|by)\s*$"))  # "what was known about her on 1 May"
_AS_OF = Gated(re.compile(r"(?:\bas\s+(?:of|at)|截至|截止到?)\s*$"))
#: "effective 1 July 2025": as of that day (a day only: "most effective last year" is no instant)
_EFFECTIVE = Gated(re.compile(r"(?<![\w-])(?<!most )(?<!more )(?<!less )(?<!very )(?<!how )effective(?:\s+(?:as\s+of|on))?\s*$"))
_AFTER = Gated(re.compile(r"(?<!\bon or )(?:\bafter|\bpost-)\s*$"))  # "post-2020" (never "her post")
_SINCE = Gated(re.compile(r"(?:\bsince|\bon\s+or\s+after|\bdepuis|\bseit|\bdesde|自从?)\s*$"))
_BEFORE = Gated(re.compile(r"(?:(?<!\bon or )\bbefore|\bprior\s+to|\bpre-|\bavant|\bantes\s+de)\s*$"))  # "pre-2020"
_UNTIL = Gated(re.compile(r"(?:\b(?:until|till|through|thru|up\s+to|by|on\s+or\s+before)(?:\s+(?:the\s+)?end\s+of)?|\bbis|"
                          r"\bhasta|直到)\s*$"))  # "on or before 1 March": until its end
_WEEK_OF = Gated(re.compile(r"\b(?:the\s+)?week\s+of\s*$"))
#: a day counted from the day after it: "two days before Christmas", "the day after New Year's Day", "a week after
#: Easter", "a fortnight before", "a month/year before 1 March" (that day moved, not a bound: "before Christmas" alone is one; "the two weeks before Easter" a span)
_OFFSET = Gated(re.compile(r"\b(?:the\s+(?P<one>day)|(?<!\bthe\s)(?P<n>\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|"
                           r"ten|eleven|twelve)"
                           r"\s+(?P<units>days?|weeks?|fortnights?|months?|years?))\s+(?P<way>before|after)\s*$"))
#: a count of units that is a span, not a day moved: "in the final 6 months before 1 March", "within 2 weeks after"
_SPAN_LEAD = re.compile(r"\b(?:in|within|during|over|for|(?:the\s+)?(?:last|past|final|first))\s*$")
#: a week or a day of the period after it, by its place: "the first week of March" (its days 1-7), "the last
#: week of the year" (its last seven days), "the last day of February 2025"
_NTH_WEEK = Gated(re.compile(r"\b(?:the\s+)?(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+of\s*(?:the\s+)?$"))
_DAY_OF = Gated(re.compile(r"\b(?:the\s+)?(first|last)\s+day\s+of\s*(?:the\s+)?$"))
_PLACES = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4}
_SUFFIX_SINCE = re.compile(r"\s*(?:onwards?\b|and later\b|or later\b|以来|起)")
_SUFFIX_AFTER = re.compile(r"\s*(?:之后|以后)")
_SUFFIX_BEFORE = re.compile(r"\s*(?:之前|以前)")
#: the words between two atoms that make them one range ("March 1 and March 5", "2024 to 2025")
_CONNECT = re.compile(r"\s*(?:and|to|until|till|through|thru|-|–|到|至|et|au|à|bis|und|y|a|hasta)\s*"
                      r"(?:the\s+(?:year|month\s+of)\s+)?")  # "between the year 2023 and the year 2025"
#: a preposition kept in the phrase the route shows ("in March 2026", "between ... and ...")
_LEAD = re.compile(r"(?:\b(?:in|on|at|during|between|from|of|for|en|im|am|el|le)|从|在)\s*$")
_CLOCK_GAP = re.compile(r"\s*(?:on|,)?\s*")
_TICK = timedelta(microseconds=1)
#: the middle of the period after it, said as a way through it: "halfway through 2024", "midway into March"
_HALFWAY = Gated(re.compile(r"\b(?:half\s*-?\s*way|mid-?way)\s+(?:through|into)\s*(?:the\s+)?$"))
#: a part of the period after it: "at the start of 2025", "the middle of March", "end of last year"
_PART = Gated(re.compile(r"(?P<prep>\b(?:at|in|by|around|towards?)\s+)?(?:the\s+|the\s+very\s+)?\b(start|beginning|middle|end)\s+of\s*(?:the\s+)?$"))


def _build(build: Build, m: re.Match[str], now: datetime) -> Atom | None:
    """One pattern's atom; none for a day the calendar does not hold (Feb 30, the year 0 or 10000)."""
    try:
        return build(m, now)
    except (ValueError, OverflowError):
        return None


#: "may" and "march" are verbs too: after a day number, written in lower case and followed by a word, they are
#: ("items 1-15 may be delayed", "the 3 march on"); "1-15 May", "3 may 2025", "the 5th of may." stay dates
_VERB_MONTH = re.compile(r"\d\S*\s+(?:of\s+)?(may|march)$")
_WORD_AFTER = re.compile(r"\s+[^\W\d_]")
_DATE_LEAD = re.compile(r"\b(?:on|from|between|until|till|since|before|after|during|as\s+of)\s*(?:the\s*)?$"
                        # a date before and/to/or: "between 3 april and 5 may", "from the 2nd to 9 may"
                        r"|(?:\b" + MONTH + r"|\d(?:st|nd|rd|th)|\d{4}-\d\d-\d\d)(?:,?\s+\d{4})?,?\s+(?:and|to|or)\s*$")


def _verb(question: str, text: str, a: Atom) -> bool:
    """The atom ends in "may" or "march" used as a verb (see `_VERB_MONTH`); a day after a word that leads a
    date ("on 3 may in the office", "between 1 march and 10 march") keeps its month."""
    verb = _VERB_MONTH.search(text, a.s, a.e)
    return (verb is not None and question[verb.start(1):verb.end(1)].islower()
            and _WORD_AFTER.match(text, a.e) is not None and _DATE_LEAD.search(text, 0, a.s) is None)


def _atoms(text: str, now: datetime, question: str) -> list[Atom]:
    """The time expressions in `text` (`question` as written, for its letter case), in order: longest matches
    first, no overlaps, clocks merged."""
    found = [atom for (pattern, build), may in zip(RULES, _GATES.open(text)) if may for m in pattern.finditer(text)
             if (atom := _build(build, m, now)) is not None and not _verb(question, text, atom)]
    if not found:
        return []
    found.sort(key=lambda a: (a.s - a.e, a.s))  # stable: among equal matches the earlier rule wins
    chosen: list[Atom] = []
    for a in found:
        if all(a.e <= c.s or a.s >= c.e for c in chosen):
            chosen.append(a)
    chosen.sort(key=lambda a: a.s)
    chosen = relative.weekday_beside(text, _qualified(text, chosen))
    out: list[Atom] = []
    i = 0
    while i < len(chosen):
        a = chosen[i]
        if a.clock is not None:  # "10 am yesterday", "3pm on March 10", "2025-06-30 14:00", "at 9:30"
            beside = (chosen[i + 1] if i + 1 < len(chosen) else None, out[-1] if out else None)
            day = next((b for b in beside if b is not None and b.clock is None and b.end is not None
                        and b.end - b.start == DAY
                        and _CLOCK_GAP.fullmatch(text, min(a.e, b.e), max(a.s, b.s))), None)
            base = period(now, "day")[0] if day is None else day.start
            at = base.replace(hour=a.clock[0], minute=a.clock[1])
            if day is None:
                a = Atom(a.s, a.e, at, None)
            else:
                if out and out[-1] is day:
                    out.pop()
                else:
                    i += 1
                a = Atom(min(a.s, day.s), max(a.e, day.e), at, None)
        out.append(a)
        i += 1
    return out


#: a weekday that only qualifies the date beside it ("on Tuesday, 4 March 2025", "4 March 2025 (a Tuesday)")
_WEEKDAY = re.compile(r"(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|" + SHORT_WEEKDAY
                      + r")\.?")  # "on Sat 4 March 2025" too
_WEEKDAY_GAP = re.compile(r"[\s,(]*(?:the\s+|a\s+)?")
#: a year after a yearless day or month names its year ("the 4th of July last year", "March, 2025")
_YEAR_GAP = re.compile(r"\s*,?\s*(?:of\s+|in\s+)?")


#: a day of the month without its month ("the 1st", "on the 3rd"), and the "of" before a month ("of last month")
_DAY_ALONE = re.compile(r"(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)")
_OF_GAP = re.compile(r"\s+of\s+")
#: "the first Monday of March 2025", "the last Friday in June"
_NTH_BEFORE = Gated(re.compile(r"\b(?:the\s+)?(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+$"))
_IN_GAP = re.compile(r"\s+(?:of|in)\s+")
_AND_GAP = re.compile(r"\s*(?:and|or|,|&)\s*(?:the\s+)?")
_NTH_WEEKDAY = re.compile(r"(?:(last)\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)")


def _written(text: str, a: Atom) -> bool:
    """A date written out (digits or a month name: "4 March", "2025-03-04"), not a relative day ("tomorrow")."""
    words = text[a.s:a.e]
    return (any(c.isdigit() for c in words) or any(w in MONTHS for w in re.findall(r"\w+", words))
            or re.search(r"christmas|xmas|new year|easter|good friday", words) is not None)


def _qualified(text: str, atoms: list[Atom]) -> list[Atom]:
    """Atoms side by side that are one date: a weekday beside a written day is dropped (the date names the
    day; beside "tomorrow" it is kept, the two disagree), and a yearless day or month followed by a whole year
    takes that year."""
    out: list[Atom] = []
    for a in atoms:
        b = out[-1] if out else None
        if b is not None and b.end is not None and a.end is not None and b.clock is None and a.clock is None:
            weekdays = _WEEKDAY.fullmatch(text, b.s, b.e), _WEEKDAY.fullmatch(text, a.s, a.e)
            if (weekdays[0] and not weekdays[1] and a.end - a.start == DAY and _written(text, a)
                    and _WEEKDAY_GAP.fullmatch(text, b.e, a.s)):
                out[-1] = a._replace(s=b.s)  # "on Tuesday, 4 March 2025": that day
                continue
            if (weekdays[1] and not weekdays[0] and b.end - b.start == DAY and _written(text, b)
                    and _WEEKDAY_GAP.fullmatch(text, b.e, a.s)):
                out[-1] = b._replace(e=a.e)  # "4 March 2025, a Tuesday"
                continue
            month = a.start.day == 1 and a.end == add_months(a.start, 1)
            if (b.end - b.start == DAY == a.end - a.start and _DAY_ALONE.fullmatch(text, b.s, b.e)
                    and not _DAY_ALONE.fullmatch(text, a.s, a.e) and _written(text, a)
                    and _WEEKDAY.search(text, a.s, a.e) is None and _AND_GAP.fullmatch(text, b.e, a.s)):
                try:  # "the 1st and 15th of March", "the 2nd or the 3rd of May 2025": the second's month and year, and
                    first = a.start.replace(day=b.start.day)  # the question is about both: the days from one to the other
                except ValueError:
                    first = None
                if first is not None:  # "the 15th and 1st of March" too: the 1st to the 15th
                    out[-1] = a._replace(s=b.s, start=min(first, a.start), end=max(first + DAY, a.end))
                    continue
            if (weekdays[0] and (day := _weekday_in(text, b, a)) is not None
                    and _WEEK_GAP.fullmatch(text, b.e, a.s)):
                out[-1] = a._replace(s=b.s, start=day, end=day + DAY, at=None)  # "Saturday the weekend before last"
                continue
            named = _NTH_WEEKDAY.fullmatch(text, b.s, b.e)
            if named is not None and month and _IN_GAP.fullmatch(text, b.e, a.s):
                nth = _NTH_BEFORE.search(text, 0, b.s) if named[1] is None else None
                if named[1] is not None or nth is not None:  # "the first Monday of March", "the last Friday in June"
                    which, s = ("last", b.s) if nth is None else (nth[1], nth.start())
                    out[-1] = _nth_weekday(a, which, s, WEEKDAYS[named[2]])
                    continue
            if (b.end - b.start == DAY and _DAY_ALONE.fullmatch(text, b.s, b.e) and a.start.day == 1
                    and a.end == add_months(a.start, 1) and _OF_GAP.fullmatch(text, b.e, a.s)):
                try:  # "the 1st of last month": that day of that month
                    day = a.start.replace(day=b.start.day)
                except ValueError:  # "the 31st of last month" in a month of 30 days: no such day
                    day = None
                if day is not None:
                    out[-1] = b._replace(e=a.e, start=day, end=day + DAY)
                    continue
            whole_year = a.start.month == 1 and a.start.day == 1 and a.end == a.start.replace(year=a.start.year + 1)
            if (not b.year_explicit and b.reyear is not None and whole_year and b.end - b.start < a.end - a.start
                    and _YEAR_GAP.fullmatch(text, b.e, a.s)):
                start, end = b.reyear(a.start.year)
                out[-1] = b._replace(e=a.e, start=start, end=end, year_explicit=True)  # "the 4th of July last year"
                continue
        out.append(a)
    return out


_WEEK_GAP = re.compile(r"[\s,]*(?:of\s+|in\s+)?")


def _weekday_in(text: str, weekday: Atom, week: Atom) -> datetime | None:
    """The day `weekday` names inside `week`, when `week` is a Monday-week or a weekend ("Monday last week",
    "Saturday the weekend before last", "Friday two weeks ago"); None otherwise."""
    if week.end is None or week.clock is not None:
        return None
    length = week.end - week.start
    monday = week.start if length == 7 * DAY and week.start.weekday() == 0 else (
        week.start - 5 * DAY if length == 2 * DAY and week.start.weekday() == 5 else None)
    if monday is None:
        return None
    name = re.search(r"monday|tuesday|wednesday|thursday|friday|saturday|sunday", text[weekday.s:weekday.e])
    day = monday + WEEKDAYS[name[0]] * DAY if name is not None else None
    return day if day is not None and week.start <= day < week.end else None


def _nth_weekday(month: Atom, which: str, s: int, weekday: int) -> Atom:
    """The first (second, ..., last) `weekday` of the month `month` spans; its words start at `s`. A fifth one
    the month does not hold leaves the month."""
    end = month.end or month.start
    first = month.start + ((weekday - month.start.weekday()) % 7) * DAY
    if which == "last":
        day = first + ((end - DAY - first).days // 7) * 7 * DAY
    else:
        day = first + 7 * _PLACES[which] * DAY
    return month._replace(s=s, start=day, end=day + DAY, year_explicit=True) if day < end else month


def _range(first: Atom, second: Atom) -> tuple[datetime, datetime] | None:
    """"between X and Y": [start of X, end of Y); a yearless X takes Y's year ("between January and
    March 2025"), a yearless Y X's and steps back a year, or a week for weekdays, when it would start after Y ends.
    None when X still starts after Y ends ("tomorrow and 1999"): no range, the first words alone."""
    start = first.start
    if not first.year_explicit and second.year_explicit and first.reyear is not None:
        start = first.reyear(second.start.year)[0]
    end = second.end or second.start
    if first.year_explicit and not second.year_explicit and second.reyear is not None:
        # "between 3 April 2025 and 5 May": Y is in X's year, or the year after when it would end before X starts;
        # unless it would end inside X while the latest Y ends after X ("since 2024 until March": the latest March)
        near = second.reyear(start.year)[1]
        near = second.reyear(start.year + 1)[1] if near <= start else near
        end = near if near > (first.end or first.start) or end <= (first.end or first.start) else end
    if start >= end and first.reyear is not None:
        start = first.reyear(start.year - 1)[0]
    if start >= end and first.end is not None and first.end - first.start == DAY and start - 7 * DAY < end:
        start -= 7 * DAY  # "between Monday and Wednesday": the Monday before that Wednesday
    return (start, end) if start < end else None


def resolve(question: str, *, now: datetime, mask: Iterable[tuple[int, int]] = ()) -> Interval | None:
    """The time `question` speaks about, relative to `now`, by the conventions of this package; None
    when it names no time. `mask` lists spans (identifiers) that must not be read as dates.

    Pure and deterministic: the same question and `now` always give the same interval.
    """
    now = now.astimezone(UTC)
    text = mask_identifiers(lower(blank(question, mask)))
    atoms = _atoms(text, now, question)
    if not atoms:
        return None
    a = atoms[0]

    def words(start: int, end: int) -> str:
        return " ".join(question[start:end].split())

    if len(atoms) >= 2:  # "between X and Y", each end narrowed by its own words ("from mid-2024 to mid-2025")
        lo, hi = portion(text, a), portion(text, atoms[1])
        if _CONNECT.fullmatch(text, a.e, hi.s) and (both := _range(lo, hi)):
            lead = _LEAD.search(text, 0, lo.s)
            return Interval("range", *both, words(lo.s if lead is None else lead.start(), hi.e))
    if a.end is not None and a.end - a.start >= THIRDS_OF and (nth := _NTH_WEEK.search(text, 0, a.s)) is not None:
        first = a.end - 7 * DAY if nth[1] == "last" else a.start + 7 * _PLACES[nth[1]] * DAY
        a = a._replace(s=nth.start(), start=first, end=first + 7 * DAY, at=None)
    elif a.end is not None and a.end - a.start > DAY and (day_of := _DAY_OF.search(text, 0, a.s)) is not None:
        first = a.end - DAY if day_of[1] == "last" else a.start
        a = a._replace(s=day_of.start(), start=first, end=first + DAY, at=None)
    if (off := _OFFSET.search(text, 0, a.s)) is not None and a.end is not None and not _SPAN_LEAD.search(
            text, 0, off.start()) and (
            a.end - a.start == DAY or a.end - a.start == 7 * DAY and (off["units"] or "").startswith("week")):
        # "two days before Christmas", "two weeks after the first week of March": a day or a week moved ("the week
        # before 3 March" is a span, "before" bounds it)
        n = 1 if off["n"] is None else number(off["n"])
        sign, start, end = (-1 if off["way"] == "before" else 1), a.start, a.end
        unit = (off["units"] or "day")[:2]
        if n is not None and unit in ("mo", "ye"):  # "a month before Easter", "a year before 1 March": the same day
            moved = start + relativedelta(months=sign * n * (12 if unit == "ye" else 1))
            if isinstance(moved, datetime):
                a = a._replace(s=off.start(), start=moved, end=moved + (end - start), at=None)
        elif n is not None:
            step = n * {"we": 7, "fo": 14}.get(unit, 1) * DAY * sign
            a = a._replace(s=off.start(), start=start + step, end=end + step, at=None)
    week_of = _WEEK_OF.search(text, 0, a.s)
    if week_of is not None:
        a = a._replace(s=week_of.start(), start=period(a.start, "week")[0], end=period(a.start, "week")[1])
    point = None  # the instant "as of" reads, when not the start: the middle of X for "as of mid-X"
    if a.end is not None and a.end - a.start >= THIRDS_OF and (half := HALF.search(text, 0, a.s)) is not None:
        middle = half_way(a.start, a.end)
        second = half[1] in ("second", "2nd", "latter")
        a = a._replace(s=half.start(), start=middle if second else a.start, end=a.end if second else middle, at=None)
    if a.end is not None and a.end - a.start >= THIRDS_OF and (early := THIRD.search(text, 0, a.s)) is not None:
        if early[1] == "mid":
            point = a.start + (a.end - a.start) / 2
        part_start, part_end = third(a.start, a.end, early[1])
        a = a._replace(s=early.start(), start=part_start, end=part_end, at=None)
    point = point or a.at  # "as of 3 weeks ago": the instant three weeks back, not the start of that week
    if (known := _KNOWN.search(text, 0, a.s)) is not None:
        return Interval("instant", point or a.start, None, words(known.start(), a.e), "known")
    if (m := _AS_OF.search(text, 0, a.s)) is not None or (
            a.end is not None and a.end - a.start <= DAY and (m := _EFFECTIVE.search(text, 0, a.s)) is not None):
        return Interval("instant", point or a.start, None, words(m.start(), a.e))
    if (m := _AFTER.search(text, 0, a.s)) is not None or (m := _SUFFIX_AFTER.match(text, a.e)) is not None:
        # after X: once X is over
        return Interval("since", a.end or a.start, None, words(min(m.start(), a.s), max(m.end(), a.e)))
    if (m := _SINCE.search(text, 0, a.s)) is not None or (m := _SUFFIX_SINCE.match(text, a.e)) is not None:
        return Interval("since", a.start, None, words(min(m.start(), a.s), max(m.end(), a.e)))
    if (m := _BEFORE.search(text, 0, a.s)) is not None or (m := _SUFFIX_BEFORE.match(text, a.e)) is not None:
        return Interval("until", None, a.start, words(min(m.start(), a.s), max(m.end(), a.e)))
    if a.end is not None and (m := _HALFWAY.search(text, 0, a.s)) is not None:  # its middle, not "through" X
        middle = a.start + (a.end - a.start) / 2  # as "the middle of"
        if (b := _SINCE.search(text, 0, m.start()) or _AFTER.search(text, 0, m.start())) is not None:
            return Interval("since", middle, None, words(b.start(), a.e))
        if (b := _BEFORE.search(text, 0, m.start()) or _UNTIL.search(text, 0, m.start())) is not None:
            return Interval("until", None, middle, words(b.start(), a.e))
        if (b := _AS_OF.search(text, 0, m.start())) is not None:
            return Interval("instant", middle, None, words(b.start(), a.e))
        return Interval("range", a.start, a.end, words(m.start(), a.e), at=middle)  # as "the middle of"
    if (m := _UNTIL.search(text, 0, a.s)) is not None:
        return Interval("until", None, a.end or a.start, words(m.start(), a.e))  # until X: X included
    if a.end is not None and (m := _PART.search(text, 0, a.s)) is not None:
        share = {"start": 0.0, "beginning": 0.0, "middle": 0.5}.get(m[2])
        at = a.end - _TICK if share is None else a.start + (a.end - a.start) * share
        if (b := _SINCE.search(text, 0, m.start()) or _AFTER.search(text, 0, m.start())) is not None:
            return Interval("since", at, None, words(b.start(), a.e))  # since the start of X
        if (b := _BEFORE.search(text, 0, m.start()) or _UNTIL.search(text, 0, m.start())) is not None:
            return Interval("until", None, at, words(b.start(), a.e))  # before the middle of X
        cut = m.end("prep") if m["prep"] else m.start()  # "known at | the start of X": the operator's own "at"
        if (b := _KNOWN.search(text, 0, cut) or _KNOWN.search(text, 0, m.start())) is not None:
            return Interval("instant", at, None, words(b.start(), a.e), "known")  # known at the end of X
        if (b := _AS_OF.search(text, 0, cut) or _AS_OF.search(text, 0, m.start())) is not None:
            return Interval("instant", at, None, words(b.start(), a.e))  # as of the end of X
        return Interval("range", a.start, a.end, words(m.start(), a.e), at=at)
    lead = _LEAD.search(text, 0, a.s)
    phrase = words(a.s if lead is None else lead.start(), a.e)
    if a.end is None:
        return Interval("instant", a.start, None, phrase)
    return Interval("range", a.start, a.end, phrase, at=a.at)
