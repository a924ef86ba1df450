"""Patterns for times named relative to now: today/yesterday (and their French, German, Spanish and
Chinese words), last/this/next week|month|quarter|year|weekend, "N units ago", "in N units", rolling
windows ("in the last 7 days"), weekdays, and clock times (merged into their day by the resolver).

Relative words take the unit as the grain: "3 days ago" is that whole day, "2 weeks ago" the
Monday-week holding the day 14 days back, "last week" the previous Monday-week. Rolling windows are
the exception: "in the past 30 days" is [now - 30 days, now), to the second.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from graphmem.recall.timephrases.lexicon import (COUNT, DAY_WORDS, FOREIGN_COUNT, RELATIVE, UNIT_ABBREVIATIONS, UNIT_MULTIPLES, UNITS,
                                                 SHORT_WEEKDAY, WEEKDAYS, number)
from graphmem.recall.timephrases.periods import DAY, Atom, Rule, add_months, period, rule, shift, unit_atom

RULES: list[Rule] = []


@rule(RULES, r"(?:\b(?:the day before yesterday|the day after tomorrow|today|tonight|this morning|this afternoon|"
      r"yday|tmrw|tomorow|tommorow|tommorrow|yesterdy|yesteday|"  # in a hurry, and misspelt
      r"this evening|yesterday|tomorrow|avant-hier|hier|vorgestern|gestern|anteayer|ayer|aujourd'hui|heute|hoy|"
      r"demain)\b|昨天|今天|明天|前天|后天)")
def _day_word(m: re.Match[str], now: datetime) -> Atom | None:
    start = period(now, "day")[0] + DAY_WORDS[m[0]] * DAY
    return Atom(m.start(), m.end(), start, start + DAY)


@rule(RULES, r"\blast\s+night\b")
def _last_night(m: re.Match[str], now: datetime) -> Atom | None:
    """"last night": yesterday (evenings and mornings are read as their day); not "the last night of the trip",
    "our last night in Lisbon", "his last night shift"."""
    if re.search(r"\b(?:the|our|my|his|her|their|your|its|every|a|one)\s+$", m.string[:m.start()]) or re.match(
            r"\s+(?:shifts?|of|together)\b", m.string[m.end():]):
        return None
    start = period(now, "day")[0] - DAY
    return Atom(m.start(), m.end(), start, start + DAY)


@rule(RULES, r"\b(earlier|later)\s+(?:today|this\s+(?:morning|afternoon|evening)|this\s+(week|month|quarter|year))\b")
def _earlier_later(m: re.Match[str], now: datetime) -> Atom | None:
    """"earlier this year": from its start to now; "later this month": from now to its end; "earlier today"."""
    start, end = period(now, m[2] or "day")
    return Atom(m.start(), m.end(), start, now) if m[1] == "earlier" else Atom(m.start(), m.end(), now, end)


@rule(RULES, r"\b(?:(?:this\s+)?(year|month|quarter|week)[\s-]+to[\s-]+date|so\s+far\s+this\s+(year|month|quarter|week)"
      r"|(ytd))\b")
def _to_date(m: re.Match[str], now: datetime) -> Atom | None:
    """"year to date", "YTD", "so far this month": from the period's start to now (as "earlier this year"); not when
    the question dates it otherwise ("year to date revenue in 2025", "YTD as of June 2025", "last year to date": the
    other words' time). "MTD", "QTD" and "WTD" are not read: "MTD" is also Making Tax Digital, a return to file."""
    if _DATED_ELSEWHERE.search(m.string):
        return None
    unit = m[1] or m[2] or "year"
    return Atom(m.start(), m.end(), period(now, unit)[0], now)


_DATED_ELSEWHERE = re.compile(r"\b(?:in|for|during|of|since|until|through|by)\s+(?:the\s+)?(?:fy\s*)?(?:(?:19|20)\d\d|january|"
                              r"february|march|april|june|july|august|september|october|november|december|jan|feb|apr|"
                              r"jun|jul|aug|sept?|oct|nov|dec)\b|\bas\s+(?:of|at)\b|\b(?:last|previous|next)\s+year[\s-]+to"
                              r"[\s-]+date\b|\bytd\s+(?:19|20)\d\d\b")  # "in 2025", "as of June", "YTD 2024"; not "store 2019"


@rule(RULES, r"\b(?:(?:in|over|during|within|for)\s+)?the\s+(?:next|coming)\s+" + COUNT
      + r"\s+(hours?|days?|weeks?|fortnights?|months?|years?)\b")
def _rolling_ahead(m: re.Match[str], now: datetime) -> Atom | None:
    """"within the next 2 weeks", "over the coming 3 days": [now, now + N units), the rolling window ahead."""
    n, unit = number(m[1]), m[2]
    if not n:
        return None
    if unit in UNIT_MULTIPLES:
        unit, times = UNIT_MULTIPLES[unit]
        n *= times
    return Atom(m.start(), m.end(), now, shift(now, UNITS[unit], n))


@rule(RULES, r"\b(?:over|during|at|on)\s+the\s+weekend\b")
def _the_weekend(m: re.Match[str], now: datetime) -> Atom | None:
    """"over the weekend": the latest weekend that has begun (this one on a Saturday or Sunday); not "the
    weekend of 12 July", "the weekend before last", "the weekend two weeks ago" (other rules read those)."""
    rest = m.string[m.end():]
    latest = 0 if now.weekday() >= 5 else -1
    if (before := re.match(r"\s+before\s+last\b", rest)) is not None:  # "over the weekend before last"
        return unit_atom(m, now, "weekend", latest - 1)._replace(e=m.end() + before.end())
    if re.match(r"\s+(?:of|before|after|\d+|an?|one|two|three|four|five|six|several)\b", rest):
        return None
    return unit_atom(m, now, "weekend", latest)


@rule(RULES, r"\b(?:start|beginning|middle|end|(?:first|last)\s+day|(?:first|second|third|fourth|last)\s+week"
      r"|(?:first|1st|former|second|2nd|latter)\s+half)"
      r"\s+of\s+(the\s+(year|month|week|quarter))\b(?![\s-]+(?:party|parties|review|reviews|report|reports|sale|"
      r"sales|bonus|bonuses|dinner|celebration|event|results|close|exams?|holidays?|break|function|awards?)\b)")
def _the_unit(m: re.Match[str], now: datetime) -> Atom | None:
    """"at the end of the month", "by the end of the year", "the first half of the year": the one now is in (the atom is "the year"; the
    words before it are read as for any period)."""
    if m[2] == "week" and "half" in m[0]:  # a half of a week is no period people mean by halves
        return None
    start, end = period(now, m[2])
    return Atom(m.start(1), m.end(1), start, end)


_ROLLING_LEAD = re.compile(r"\b(?:in|over|during|within)\s+the\s*$")


@rule(RULES, r"\b(last|previous|this\s+past|this|current|next)\s+(week|month|year|quarter|weekend|wk|yr|mth)\b")
def _relative_unit(m: re.Match[str], now: datetime) -> Atom | None:
    """"last week" is the previous whole week, "this past weekend" the one just gone; "the last week of March"
    is no last week (the resolver reads it as a week of March)."""
    if re.match(r"\s+of\b", m.string[m.end():]) and re.search(r"\bthe\s*$", m.string[:m.start()]):
        return None
    if m[1] == "last" and _ROLLING_LEAD.search(m.string, 0, m.start()):
        return None  # "in the last year": a rolling window (below)
    return unit_atom(m, now, UNITS.get(m[2], m[2]), RELATIVE[" ".join(m[1].split())])  # "last wk" as written in a hurry


@rule(RULES, r"\b(?:this|the\s+same)\s+time\s+(?:(?:last|previous)\s+(week|month|year)|(yesterday)|"
      + COUNT + r"\s+(days?|weeks?|fortnights?|months?|years?|decades?)\s+(?:ago|back))\b")
def _this_time(m: re.Match[str], now: datetime) -> Atom | None:
    """"this time last year", "this time two years ago": the instant that many units before now (a day of the
    month kept, else its last day)."""
    count, unit = (1, m[1]) if m[1] else (1, "day") if m[2] else (number(m[3]), m[4].rstrip("s"))
    if count is None:
        return None
    count, unit = {"fortnight": (2 * count, "week"), "decade": (10 * count, "year")}.get(unit, (count, unit))
    if unit in ("day", "week"):
        return Atom(m.start(), m.end(), now - count * (DAY if unit == "day" else 7 * DAY), None)
    back = add_months(now, -count * (12 if unit == "year" else 1))
    last_day = (add_months(back, 1) - DAY).day
    at = back.replace(day=min(now.day, last_day), hour=now.hour, minute=now.minute, second=now.second,
                      microsecond=now.microsecond)
    return Atom(m.start(), m.end(), at, None)


@rule(RULES, r"\bthe\s+(week|month|year|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+"
      r"(before last|after next)\b")
def _before_last(m: re.Match[str], now: datetime) -> Atom | None:
    """"the week before last", "the Tuesday before last" (a week before last Tuesday), "the Friday after next"."""
    if m[1] in WEEKDAYS:
        today = period(now, "day")[0]
        if m[2] == "before last":
            start = today - today.weekday() * DAY - 14 * DAY + WEEKDAYS[m[1]] * DAY
        else:
            start = today + ((WEEKDAYS[m[1]] - today.weekday() - 1) % 7 + 1) * DAY + 7 * DAY
        return Atom(m.start(), m.end(), start, start + DAY)
    return unit_atom(m, now, m[1], -2 if m[2] == "before last" else 2)


@rule(RULES, r"\b" + COUNT + r"(?:\s+|(?<=\d))(days?|weeks?|fortnights?|months?|years?|quarters?|decades?|hours?|"
      + UNIT_ABBREVIATIONS + r")\s+(?:ago|back)\b"
      r"|\b(?:il y a|vor|hace)\s+(\d{1,3}|" + FOREIGN_COUNT + r")\s+(jours?|tagen|días|dias|día|semaines?|wochen|woche|"
      r"semanas?|mois|monaten|monat|meses|mes|ans?|années?|jahren|jahr|años?)\b"
      r"|(\d{1,3}|[一二两三四五六七八九十]+)\s*(天|周|星期|个月|年)前")
def _ago(m: re.Match[str], now: datetime) -> Atom | None:
    count, unit = (m[1], m[2]) if m[1] else (m[3], m[4]) if m[3] else (m[5], m[6])
    n = number(count)
    if n is None:
        return None
    if unit in UNIT_MULTIPLES:
        unit, times = UNIT_MULTIPLES[unit]
        n *= times
    if UNITS[unit] == "hour":  # "3 hours ago": that hour (the calendar has no smaller unit here), at its instant
        at = shift(now, "hour", -n)
        start = at.replace(minute=0, second=0, microsecond=0)
        return Atom(m.start(), m.end(), start, start + timedelta(hours=1), at=at)
    at = shift(now, UNITS[unit], -n)
    if (more := _AND_BEFORE.search(m.string, 0, m.start())) is not None and (k := number(more[1])):
        # "2 months and 3 days ago": both steps back, read at the finer unit's grain
        coarse = UNITS[UNIT_MULTIPLES.get(more[2], (more[2], 1))[0]]
        at = shift(at, coarse, -k * UNIT_MULTIPLES.get(more[2], (more[2], 1))[1])
        start, end = period(at, UNITS[unit] if _GRAIN.index(UNITS[unit]) < _GRAIN.index(coarse) else coarse)
        return Atom(more.start(), m.end(), start, end, at=at)
    if (today := _TODAY_AFTER.match(m.string, m.end())) is not None:  # "three weeks ago today": that day
        day = period(at, "day")[0]
        return Atom(m.start(), today.end(), day, day + DAY, at=at)
    # the period for what was said then, and the instant N units back for what was true then
    return unit_atom(m, now, UNITS[unit], -n)._replace(at=at)


#: a half of a unit as the next finer one, counted in halves: a year is 12 months (half a year, 6), a month 30 days
_HALVES = {"year": ("month", 12), "quarter": ("day", 91), "month": ("day", 30), "week": ("hour", 168),
           "day": ("hour", 24), "hour": ("minute", 60)}
_HALF_UNITS = r"(days?|weeks?|fortnights?|months?|years?|quarters?|decades?|hours?|" + UNIT_ABBREVIATIONS + r")"


@rule(RULES, r"\bhalf\s+an?\s+" + _HALF_UNITS + r"\s+(?:ago|back)\b"
      r"|\b(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+and\s+a\s+half\s+"
      + _HALF_UNITS + r"\s+(?:ago|back)\b"
      r"|\b(a|an|one)\s+" + _HALF_UNITS + r"\s+and\s+a\s+half\s+(?:ago|back)\b"
      r"|(?<![\d.])(\d{1,3})\.5\s*" + _HALF_UNITS + r"\s+(?:ago|back)\b")
def _halves_ago(m: re.Match[str], now: datetime) -> Atom | None:
    """"half a year ago", "two and a half years ago", "a year and a half ago", "1.5 years ago": the instant that
    far back, counted in the finer unit (18 months, 45 days, 84 hours); the period for what was said then is that
    month or day (of an hour and a half: that hour), as "18 months ago" reads."""
    whole, unit = (0, m[1]) if m[1] else (number(m[2]), m[3]) if m[3] else (number(m[4]), m[5]) if m[5] else (
        int(m[6]), m[7])
    if whole is None:
        return None
    # half a decade is 5 years, half a fortnight a week: counted in their own unit's multiple, the others finer
    finer, per = UNIT_MULTIPLES[unit] if unit in UNIT_MULTIPLES else _HALVES[UNITS.get(unit, unit)]
    n = whole * per + per // 2
    if finer == "minute":
        at = now - timedelta(minutes=n)
        start = at.replace(minute=0, second=0, microsecond=0)
        return Atom(m.start(), m.end(), start, start + timedelta(hours=1), at=at)
    if finer == "hour":
        at = shift(now, "hour", -n)
        return Atom(m.start(), m.end(), *period(at, "day"), at=at)
    return unit_atom(m, now, finer, -n)._replace(at=shift(now, finer, -n))


_TODAY_AFTER = re.compile(r"\s+today\b")
#: the first part of "2 months and 3 days ago", "a year, two months ago"
_AND_BEFORE = re.compile(r"\b" + COUNT + r"\s+(days?|weeks?|fortnights?|months?|years?)\s*(?:,|and|,\s*and)\s*$")
_GRAIN = ("day", "week", "month", "quarter", "year")


_NOT_AHEAD = re.compile(r"\s*(?:ago|back)\b")


@rule(RULES, r"\bin\s+" + COUNT + r"\s+(days?|weeks?|fortnights?|months?|years?|quarters?)\b"
      r"|\b" + COUNT + r"\s+(days?|weeks?|fortnights?|months?|years?|quarters?)\s+from\s+(?:now|today)\b")
def _in_n(m: re.Match[str], now: datetime) -> Atom | None:
    """"in 3 days", "three weeks from now": that day (week, ...) ahead (not in "... in 2 days ago", which is a
    count of the past)."""
    n, unit = (number(m[1]), m[2]) if m[1] else (number(m[3]), m[4])
    if n is None or _NOT_AHEAD.match(m.string, m.end()):
        return None
    if unit in UNIT_MULTIPLES:
        unit, times = UNIT_MULTIPLES[unit]
        n *= times
    return unit_atom(m, now, UNITS[unit], n)


_ROLLING_WORDS = re.compile(r"\s*(?:in|over|during|within)\b|\s*the\b")


@rule(RULES, r"\b(?:(?:in|over|during|within)\s+)?(?:the\s+)?(?:last|past|previous)\s+(?:" + COUNT
      + r"\s+)?(hours?|days?|weeks?|fortnights?|months?|quarters?|years?|decades?|" + UNIT_ABBREVIATIONS + r")\b")
def _rolling(m: re.Match[str], now: datetime) -> Atom | None:
    """"in the last 7 days", "over the past year", "within last month": [now - N units, now). Without a count
    or "the", "last week" and "in/during last year" are the calendar unit (above: "What ward was she in last
    year?" - the "in" is the ward's); "over/within last X" and "in past X" stay windows."""
    if re.match(r"\s+of\b", m.string[m.end():]):
        return None  # "the last day of February": that day (the resolver's part of a period)
    if not m[1] and (re.fullmatch(UNIT_ABBREVIATIONS, m[2]) or (
            m[2] in ("week", "month", "quarter", "year") and re.search(r"\bprevious\b", m[0]))):
        return None  # an abbreviation only with a count: "the past 48 hrs", not "the previous HR manager"; "the
        # previous month" is the calendar month before this one ("the previous 3 months", "the previous day" windows)
    lead = _ROLLING_WORDS.match(m[0])
    if not m[1] and not re.search(r"\bthe\b", m[0]) and not (
            lead and (re.match(r"\s*(?:over|within)\b", m[0]) or "past" in m[0])):
        return None
    n, unit = number(m[1]) if m[1] else 1, m[2]
    if not n:
        return None  # "the past 0 days" is no window
    if unit in UNIT_MULTIPLES:  # "the past fortnight", "over the last decade"
        unit, times = UNIT_MULTIPLES[unit]
        n *= times
    return Atom(m.start(), m.end(), shift(now, UNITS[unit], -n), now)


@rule(RULES, r"\b(?:(last|this\s+coming|coming|upcoming|this|next|on)\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|"
      r"sunday)s?\b")
def _weekday(m: re.Match[str], now: datetime) -> Atom | None:
    """"last Tuesday" is Tuesday of last week; "this Monday" the Monday of this week; "next Friday" and "this
    coming Friday" the first Friday after today; a bare weekday the latest that has started (today included)."""
    return weekday_atom(m, now, m[1], WEEKDAYS[m[2]])


#: a weekday written short, as people do in chat: "on Tues", "since Mon", "last Fri"
_SHORT_DAYS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,
               "sun": 6}
_SHORT_LEAD = re.compile(r"\b(?:since|until|till|til|by|before|after|from|between)\s*$"
                         r"|\b(?:from|between)\s+(?:" + SHORT_WEEKDAY + r")\.?\s+(?:to|and|until|till|til|through)\s*$")
#: short weekdays that are words too ("sat the exam", "to wed", "score on SAT"): never after "on" alone
_WORDS_TOO = frozenset({"sat", "sun", "wed"})


@rule(RULES, r"\b(?:(last|this|next|on)\s+)?(" + SHORT_WEEKDAY + r")\b\.?"
      r"(?=\s*(?:[?!.,;:)]|$|\d|(?:at|and|or|to|until|till|til|through|morning|afternoon|evening|night)\b))")
def _weekday_short(m: re.Match[str], now: datetime) -> Atom | None:
    """A weekday written short ("on Tues?", "since Mon", "last Fri.", "Sat 4 March"), read as the whole word is, but
    only after a word of time and where a clause, a date or a part of the day follows: "on sun exposure", "she sat
    down" and "the cat sat" are words."""
    if (m[1] is None or (m[1] == "on" and m[2] in _WORDS_TOO)) and _SHORT_LEAD.search(m.string, 0, m.start()) is None:
        return None
    return weekday_atom(m, now, m[1] if m[1] != "on" else None, _SHORT_DAYS[m[2]])


def weekday_atom(m: re.Match[str], now: datetime, relation: str | None, weekday: int) -> Atom:
    today = period(now, "day")[0]
    monday = today - today.weekday() * DAY
    if relation == "last":
        start = monday - 7 * DAY + weekday * DAY
    elif relation == "this":
        start = monday + weekday * DAY
    elif relation == "next" or (relation or "").endswith("coming"):
        start = today + ((weekday - today.weekday() - 1) % 7 + 1) * DAY
    else:
        start = today - ((today.weekday() - weekday) % 7) * DAY
    return Atom(m.start(), m.end(), start, start + DAY)


@rule(RULES, r"\b" + COUNT + r"\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\s+(?:ago|back)\b")
def _weekdays_ago(m: re.Match[str], now: datetime) -> Atom | None:
    """"two Fridays ago": the latest Friday before today is one Friday ago, the one a week before it two."""
    n = number(m[1])
    if n is None or n < 1:
        return None
    today = period(now, "day")[0]
    start = today - ((today.weekday() - WEEKDAYS[m[2]] - 1) % 7 + 1) * DAY - (n - 1) * 7 * DAY
    return Atom(m.start(), m.end(), start, start + DAY)


@rule(RULES, r"\b" + COUNT + r"\s+weekends?\s+(?:ago|back)\b")
def _weekends_ago(m: re.Match[str], now: datetime) -> Atom | None:
    """"two weekends ago": the latest weekend that has begun is none ago on a Saturday or Sunday, else one ago (last
    weekend); the one a week before it two."""
    n = number(m[1])
    if n is None or n < 1:
        return None
    return unit_atom(m, now, "weekend", -n)


#: "the Monday after Easter", "the Friday before 3 March": the first such weekday after (or before) that day
_BESIDE = re.compile(r"\s+(after|before)\s+(?:the\s+)?")
_THE = re.compile(r"\b(?:the|on)\s+$")


def weekday_beside(text: str, atoms: list[Atom]) -> list[Atom]:
    """`atoms` with each weekday named before "after"/"before" a day joined to that day, moved to the weekday."""
    out: list[Atom] = []
    i = 0
    while i < len(atoms):
        a, b = atoms[i], atoms[i + 1] if i + 1 < len(atoms) else None
        way = _BESIDE.fullmatch(text, a.e, b.s) if b is not None else None
        if (way is not None and b is not None and b.end is not None and b.end - b.start == DAY
                and text[a.s:a.e] in WEEKDAYS and _THE.search(text, 0, a.s) is not None):
            weekday, day = WEEKDAYS[text[a.s:a.e]], b.start.weekday()
            step = (weekday - day - 1) % 7 + 1 if way[1] == "after" else -((day - weekday - 1) % 7 + 1)
            out.append(Atom(a.s, b.e, b.start + step * DAY, b.end + step * DAY))
            i += 2
        else:
            out.append(a)
            i += 1
    return out


@rule(RULES, r"\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|\b(?:at\s+)?(noon|midnight)\b"
      r"|\bat\s+(\d{1,2}):(\d{2})\b|(?<=\d\s)(\d{1,2}):(\d{2})\b")
def _clock(m: re.Match[str], now: datetime) -> Atom | None:
    """A clock time ("10 am", "at 9:30", "noon"): an instant once the resolver gives it its day."""
    if m[4]:
        hour, minute = (12 if m[4] == "noon" else 0), 0
    elif m[3]:
        hour, minute = int(m[1]) % 12 + (12 if m[3].startswith("p") else 0), int(m[2] or 0)
    elif m[5]:
        hour, minute = int(m[5]), int(m[6])
    else:
        hour, minute = int(m[7]), int(m[8])
    if hour > 23 or minute > 59:
        return None
    return Atom(m.start(), m.end(), now, None, clock=(hour, minute))
