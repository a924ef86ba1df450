"""The one entry point: `resolve(question, now=, mask=)` -> the `Interval` the question speaks about.

How it reads a question, in three steps:
1. blank what is never a date (the caller's identifier spans, then `masking`), lower-case it;
2. find the atoms: every pattern of `dates` and `relative` runs once over the text; the longest
   non-overlapping matches win, and a clock time joins the day beside it ("10 am yesterday");
3. read the words around the first atom (the operator layer below): "as of"/"known on" make an
   instant, "since"/"after" an open start, "before"/"until"/"by" an open end, "between X and Y" /
   "from X to Y" one range; otherwise the atom's own period (the operator words are in `lexicon`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from graphmem.recall.timephrases import business, dates, foreign, holidays, numeric, relative
from graphmem.recall.timephrases.lexicon import (AFTER, AS_OF, BEFORE, CONNECT, DAY_OF, EFFECTIVE, HALFWAY, KNOWN, LEAD,
                                                 MONTH, MONTHS, NTH_WEEK, OFFSET, PART, PLACES, SHORT_WEEKDAY, SINCE,
                                                 SPAN_AROUND, SPAN_LEAD, SUFFIX_AFTER, SUFFIX_BEFORE, SUFFIX_SINCE, UNTIL,
                                                 WEEK_FROM, WEEK_OF, WEEKEND_OF,
                                                 WEEKDAYS, number)
from graphmem.recall.timephrases.masking import blank, lower, mask_identifiers
from graphmem.recall.timephrases.periods import (DAY, HALF, THIRD, THIRDS_OF, UTC, Atom, Build, Rule, add_months,
                                                half_way, period, portion, shift, third)
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
RULES: tuple[Rule, ...] = (*numeric.RULES, *dates.RULES, *business.RULES, *foreign.RULES, *holidays.RULES, *relative.RULES)
#: what each pattern of RULES needs in a text to match at all (`graphmem.text.regex_gates.Gates`): most patterns are skipped on most
#: questions ("what is maria lopez's plan?" holds no digit, no month, no weekday...), without changing any result
_GATES = Gates([pattern for pattern, _ in RULES])
# the operator layer's words (SINCE, AS_OF, SPAN_AROUND, ...) are `lexicon`'s, beside the words the atoms are made of
_CLOCK_GAP = re.compile(r"\s*(?:on|,)?\s*")
_TICK = timedelta(microseconds=1)


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
_DATE_LEAD = re.compile(r"\b(?:on|from|between|until|till|til|since|before|after|during|as\s+of)\s*(?:the\s*)?$"
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
        day = first + 7 * PLACES[which] * DAY
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
        if CONNECT.fullmatch(text, a.e, hi.s) and (both := _range(lo, hi)):
            lead = LEAD.search(text, 0, lo.s)
            return Interval("range", *both, words(lo.s if lead is None else lead.start(), hi.e))
    if a.end is not None and a.end - a.start >= THIRDS_OF and (nth := NTH_WEEK.search(text, 0, a.s)) is not None:
        first = a.end - 7 * DAY if nth[1] == "last" else a.start + 7 * PLACES[nth[1]] * DAY
        a = a._replace(s=nth.start(), start=first, end=first + 7 * DAY, at=None)
    elif a.end is not None and a.end - a.start > DAY and (day_of := DAY_OF.search(text, 0, a.s)) is not None:
        first = a.end - DAY if day_of[1] == "last" else a.start
        a = a._replace(s=day_of.start(), start=first, end=first + DAY, at=None)
    if a.end is not None and (around := SPAN_AROUND.search(text, 0, a.s)) is not None:
        count, unit = number(around["n"]) or 1, around["units"].rstrip("s")
        count, unit = (2 * count, "week") if unit == "fortnight" else (count, unit)
        start, end = ((shift(a.start, unit, -count), a.start) if around["way"][0] in "bl"
                      else (a.end, shift(a.end, unit, count)))
        lead = LEAD.search(text, 0, around.start()) or SPAN_LEAD.search(text, 0, around.start())
        return Interval("range", start, end, words(around.start() if lead is None else lead.start(), a.e))
    if a.end is not None and a.end - a.start == DAY and (since := WEEK_FROM.search(text, 0, a.s)) is not None:
        a = a._replace(s=since.start(), end=a.start + 7 * DAY, at=None)  # "the week commencing 10 March"
    elif a.end is not None and a.end - a.start == DAY and (weekend := WEEKEND_OF.search(text, 0, a.s)) is not None:
        day = a.start.weekday()  # a Monday's weekend is the long one it ends ("the weekend of bank holiday Monday")
        saturday = a.start - (day + 2) % 7 * DAY if day in (0, 6) else a.start + (5 - day) * DAY
        a = a._replace(s=weekend.start(), start=saturday, end=saturday + (3 if day == 0 else 2) * DAY, at=None)
    if (off := OFFSET.search(text, 0, a.s)) is not None and a.end is not None and not SPAN_LEAD.search(
            text, 0, off.start()) and (
            a.end - a.start == DAY or a.end - a.start == 7 * DAY and (off["units"] or "").startswith("week")):
        # "two days before Christmas", "two weeks after the first week of March": a day or a week moved ("the week
        # before 3 March" is a span, "before" bounds it)
        n = 1 if off["n"] is None else number(off["n"])
        sign, start, end = (-1 if off["way"] == "before" else 1), a.start, a.end
        unit = (off["units"] or "day")[:2]
        if n is not None and unit in ("mo", "ye"):  # "a month before Easter", "a year before 1 March": the same day
            moved = shift(start, "year" if unit == "ye" else "month", sign * n)
            a = a._replace(s=off.start(), start=moved, end=moved + (end - start), at=None)
        elif n is not None:
            step = n * {"we": 7, "fo": 14}.get(unit, 1) * DAY * sign
            a = a._replace(s=off.start(), start=start + step, end=end + step, at=None)
    week_of = WEEK_OF.search(text, 0, a.s)
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
    if (known := KNOWN.search(text, 0, a.s)) is not None:
        return Interval("instant", point or a.start, None, words(known.start(), a.e), "known")
    if (m := AS_OF.search(text, 0, a.s)) is not None or (
            a.end is not None and a.end - a.start <= DAY and (m := EFFECTIVE.search(text, 0, a.s)) is not None):
        return Interval("instant", point or a.start, None, words(m.start(), a.e))
    if (m := AFTER.search(text, 0, a.s)) is not None or (m := SUFFIX_AFTER.match(text, a.e)) is not None:
        # after X: once X is over
        return Interval("since", a.end or a.start, None, words(min(m.start(), a.s), max(m.end(), a.e)))
    if (m := SINCE.search(text, 0, a.s)) is not None or (m := SUFFIX_SINCE.match(text, a.e)) is not None:
        return Interval("since", a.start, None, words(min(m.start(), a.s), max(m.end(), a.e)))
    if (m := BEFORE.search(text, 0, a.s)) is not None or (m := SUFFIX_BEFORE.match(text, a.e)) is not None:
        return Interval("until", None, a.start, words(min(m.start(), a.s), max(m.end(), a.e)))
    if a.end is not None and (m := HALFWAY.search(text, 0, a.s)) is not None:  # its middle, not "through" X
        middle = a.start + (a.end - a.start) / 2  # as "the middle of"
        if (b := SINCE.search(text, 0, m.start()) or AFTER.search(text, 0, m.start())) is not None:
            return Interval("since", middle, None, words(b.start(), a.e))
        if (b := BEFORE.search(text, 0, m.start()) or UNTIL.search(text, 0, m.start())) is not None:
            return Interval("until", None, middle, words(b.start(), a.e))
        if (b := AS_OF.search(text, 0, m.start())) is not None:
            return Interval("instant", middle, None, words(b.start(), a.e))
        return Interval("range", a.start, a.end, words(m.start(), a.e), at=middle)  # as "the middle of"
    if (m := UNTIL.search(text, 0, a.s)) is not None:
        return Interval("until", None, a.end or a.start, words(m.start(), a.e))  # until X: X included
    if a.end is not None and (m := PART.search(text, 0, a.s)) is not None:
        share = {"start": 0.0, "beginning": 0.0, "middle": 0.5}.get(m[2])
        at = a.end - _TICK if share is None else a.start + (a.end - a.start) * share
        if (b := SINCE.search(text, 0, m.start()) or AFTER.search(text, 0, m.start())) is not None:
            return Interval("since", at, None, words(b.start(), a.e))  # since the start of X
        if (b := BEFORE.search(text, 0, m.start()) or UNTIL.search(text, 0, m.start())) is not None:
            return Interval("until", None, at, words(b.start(), a.e))  # before the middle of X
        cut = m.end("prep") if m["prep"] else m.start()  # "known at | the start of X": the operator's own "at"
        if (b := KNOWN.search(text, 0, cut) or KNOWN.search(text, 0, m.start())) is not None:
            return Interval("instant", at, None, words(b.start(), a.e), "known")  # known at the end of X
        if (b := AS_OF.search(text, 0, cut) or AS_OF.search(text, 0, m.start())) is not None:
            return Interval("instant", at, None, words(b.start(), a.e))  # as of the end of X
        return Interval("range", a.start, a.end, words(m.start(), a.e), at=at)
    lead = LEAD.search(text, 0, a.s)
    phrase = words(a.s if lead is None else lead.start(), a.e)
    if a.end is None:
        return Interval("instant", a.start, None, phrase)
    return Interval("range", a.start, a.end, phrase, at=a.at)
