"""Patterns for dates named on the calendar: month names with or without day and year, runs of days, years,
decades and centuries, quarters and seasons (dates in numbers are `numeric`'s, ISO weeks `business`', Chinese
dates `foreign`'s, holidays `holidays`').

Each rule is a precompiled pattern and a builder that turns a match into an `Atom` (or None when the
words are no date after all); `RULES` keeps them in the order they are tried. A date without a year is the
latest one that has started.
"""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.recall.timephrases.lexicon import (
    DAY_ORDINAL,
    DAY_ORDINALS,
    MONTH,
    MONTHS,
    ORDINALS,
    RELATIVE,
    SEASONS,
    YEAR,
    YEAR_WORD,
    relative_year,
    year_of,
)
from graphmem.recall.timephrases.periods import (
    DAY,
    Atom,
    Rule,
    Span,
    add_months,
    date_at,
    day_atom,
    latest,
    month_atom,
    rule,
    yearless_day,
)

RULES: list[Rule] = []


# --- month names --------------------------------------------------------------------------------------
@rule(RULES, r"\b" + MONTH + r"\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*[-–]\s*(\d{1,2})(?:st|nd|rd|th)?(?:,?\s*"
      + YEAR + r")?\b")
def _month_day_span(m: re.Match[str], now: datetime) -> Atom | None:
    """"March 3-7, 2025": one range of days."""
    return _days_of_month(m, now, MONTHS[m[1]], int(m[2]), int(m[3]), m[4])


def _days_of_month(m: re.Match[str], now: datetime, month: int, a: int, b: int, year: str | None) -> Atom | None:
    """Days a to b of `month`: in `year` when the words give one, else in the latest year whose day a has
    begun."""
    try:
        y = year_of(year) if year else latest(lambda y: (date_at(y, month, a), date_at(y, month, a)), now)[0].year
        return Atom(m.start(), m.end(), date_at(y, month, a), date_at(y, month, b) + DAY, bool(year))
    except ValueError:
        return None


_SPAN_LEAD = re.compile(r"\b(?:between|from)\s+(?:the\s+)?$")


@rule(RULES, r"\b(\d{1,2})(?:st|nd|rd|th)?\s*(?:([-–])|\s(?:and|to|until|till|til|through)\s+(?:the\s+)?)\s*(\d{1,2})"
      r"(?:st|nd|rd|th)?\s+(?:of\s+)?" + MONTH + r"\b(?:,?\s*" + YEAR + r")?")
def _day_span_month(m: re.Match[str], now: datetime) -> Atom | None:
    """"1-15 March 2025", "between 1 and 15 March", "from the 5th to the 10th of November": one range of days of
    one month (joined by a word only after "between" or "from": "the 1st and 15th of March" are two days)."""
    if not m[2] and not _SPAN_LEAD.search(m.string, 0, m.start()):
        return None
    a, b, month = int(m[1]), int(m[3]), MONTHS[m[4]]
    if not 1 <= a < b:
        return None
    return _days_of_month(m, now, month, a, b, m[5])


@rule(RULES, r"\b" + MONTH + r"\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?![\d:])(?:,?\s*" + YEAR + r")?\b")
def _month_day(m: re.Match[str], now: datetime) -> Atom | None:
    month, day = MONTHS[m[1]], int(m[2])
    return day_atom(m, year_of(m[3]), month, day) if m[3] else yearless_day(m, now, month, day)


@rule(RULES, r"\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th|er)?\.?\s+(?:of\s+|de\s+)?" + MONTH + r"\b\.?(?:,?\s*(?:de\s+)?"
      + YEAR + r"|\s+(\d{2})(?=\s*(?:[,.;!?)]|$)))?")
def _day_month(m: re.Match[str], now: datetime) -> Atom | None:
    """"4 March 2025", "the 4th of March", "3 Mar. 2025", "3rd March 25" (two digits after a day and a month, where a sentence
    or clause ends, are its year, '00-'49 this century: "on 3 March 25 people came" is the 3rd of March)."""
    day, month = int(m[1]), MONTHS[m[2]]
    if m[4]:  # as after an apostrophe: "5 May 85." is 1985
        return day_atom(m, year_of("'" + m[4]), month, day)
    return day_atom(m, year_of(m[3]), month, day) if m[3] else yearless_day(m, now, month, day)


@rule(RULES, r"(?<!\ba\s)(?<!\bone\s)\b(?:the\s+)?" + DAY_ORDINAL + r"\s+(?:day\s+)?of\s+" + MONTH
      + r"\b(?:,?\s*" + YEAR + r")?|\b" + MONTH + r"\s+the\s+" + DAY_ORDINAL + r"\b(?:,?\s*" + YEAR + r")?(?!\s*[^\W\d_])")
def _day_in_words(m: re.Match[str], now: datetime) -> Atom | None:
    """"the first of March", "the twenty-first of June 2025", "March the third": a day written as a word (not
    "a third of March's revenue", nor "in March the first invoice")."""
    word, month, year = (m[1], m[2], m[3]) if m[1] else (m[5], m[4], m[6])
    day, month_no = DAY_ORDINALS[" ".join(word.split())], MONTHS[month]
    return day_atom(m, year_of(year), month_no, day) if year else yearless_day(m, now, month_no, day)


@rule(RULES, r"(?<!\ba\s)(?<!\bone\s)\b(?:the\s+)?" + DAY_ORDINAL
      + r"\s+(?:day\s+)?of\s+(?:the\s+)?(?:(last|previous|this|current|next)\s+)?(month|year)\b")
def _day_in_words_of_month(m: re.Match[str], now: datetime) -> Atom | None:
    """"the tenth of last month", "the first of next month", "the first of the month" (this one), "the first of
    the year" (1 January; in digits, "the 10th of last month", the resolver joins the day to the month)."""
    day, unit = DAY_ORDINALS[" ".join(m[1].split())], m[3]
    if unit == "year":
        return day_atom(m, now.year + RELATIVE[m[2]] if m[2] else now.year, 1, 1) if day == 1 else None
    first = add_months(now.replace(day=1, hour=0, minute=0, second=0, microsecond=0), RELATIVE[m[2]] if m[2] else 0)
    return day_atom(m, first.year, first.month, day)


@rule(RULES, r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:half|quarter|week|time|monday|tuesday|wednesday|thursday|"
      r"friday|saturday|sunday|floor|row|place|grade|level|edition|round|attempt|version|item|line|page|chapter|step|"
      r"position|season|episode|anniversar(?:y|ie)|birthday|percentile|centur(?:y|ie)|person|generation)s?\b)")
def _nth(m: re.Match[str], now: datetime) -> Atom | None:
    """"on the 15th": the latest past 15th (this month's, else the month before's...); "the 2nd half of
    2025" counts halves, not days."""
    day = int(m[1])
    first = now.replace(hour=0, minute=0, second=0, microsecond=0, day=1)
    for back in range(3):
        month = add_months(first, -back)
        try:
            start = month.replace(day=day)
        except ValueError:
            continue
        if start <= now:
            return Atom(m.start(), m.end(), start, start + DAY)
    return None


@rule(RULES, r"\b" + MONTH + r"\.?,?\s+(?:of\s+|de\s+)?" + YEAR + r"\b")
def _month_year(m: re.Match[str], now: datetime) -> Atom | None:
    return month_atom(m, now, MONTHS[m[1]], year_of(m[2]))


@rule(RULES, r"\b" + MONTH + r"\s+(?:of\s+)?(last|this|next)\s+year\b")
def _month_relative_year(m: re.Match[str], now: datetime) -> Atom | None:
    return month_atom(m, now, MONTHS[m[1]], now.year + RELATIVE[m[2]])


#: a month named alone is a month only after one of these ("in May", not "May I ...", "the March promo")
_MONTH_PREP = re.compile(r"(?:\b(?:in|during|from|since|until|till|til|before|after|of|by|through|to|and|between|"
                         r"en|im|seit|depuis|desde|de|bis|for|ende|anfang|mitte|fin|début)|\bd['’]|\b(?:early|mid|late)-?|"
                         r"截至|从|到)\s*$")  # "bis Ende März", "jusqu'à la fin d'avril": the month, as "the end of March" is


@rule(RULES, r"\b" + MONTH + r"\b")
def _month_alone(m: re.Match[str], now: datetime) -> Atom | None:
    if not _MONTH_PREP.search(m.string, 0, m.start()):
        return None
    return month_atom(m, now, MONTHS[m[1]])


#: what may follow "last/this/next May" or "March" for it to be the month, not a verb or a march
_MONTH_AFTER = re.compile(r"\s*(?:[?!.,;:)]|$|\d|['’]s\b|(?:and|or|to|until|till|til|through|when|while|in|on|at|of|for|with|"
                          r"from|before|after|since|did|was|were|had)\b)")


@rule(RULES, r"\b(?:(last|this\s+past|this|next|previous)\s+" + MONTH + r"\b(?![\s,]*(?:\d|['’]\d|(?:last|this|next)\s+year))"
      r"|the\s+" + MONTH + r"\s+(before\s+last)\b)")
def _month_relative(m: re.Match[str], now: datetime) -> Atom | None:
    """"last March" is the latest March that has ended (said in December 2026: March 2026; said in March: last
    year's), as "this past March" and "previous March"; "the March before last" the one before it; "this March" is
    this year's, "next March" the first to begin after now. A year after it names the year instead ("last June
    2025"), and "the last march" is a march."""
    if m[4]:  # "the March before last"
        relation, word = "before last", m[3]
    else:
        relation, word = m[1], m[2]
        if re.search(r"\bthe\s+$", m.string[:m.start()]):
            return None
        if word in ("may", "march") and not _MONTH_AFTER.match(m.string, m.end()):  # "This may sound odd"
            return None
    month = MONTHS[word]

    def make(y: int) -> Span:
        start = date_at(y, month)
        return start, add_months(start, 1)

    y = now.year
    if relation == "next":
        while make(y)[0] <= now:
            y += 1
    elif relation != "this":
        while make(y)[1] > now:
            y -= 1
        y -= relation == "before last"
    return Atom(m.start(), m.end(), *make(y))


#: a bare four-digit number is a year only after one of these ("in 2025", not "2026 units")
_YEAR_PREP = re.compile(r"(?:\b(?:in|during|since|until|till|til|before|after|from|to|and|between|of|by the end of|the year|"
                        r"through|prior to|up to|for|by|circa|around|approximately|roughly)|\b(?:early|mid|late)-?|\b(?:pre|post)-"
                        r"|\bca?\.|的)\s*$")


#: a bare year that ends a question typed as keywords ("priya dsouza region 2024") after a word that counts nothing
#: ("order 2024", "room 2024", "model 2024" are numbers); a year anywhere else needs a word of time before it
_LAST_WORD = re.compile(r"(?<![\d#])\b(?!(?:order|orders|room|unit|units|flat|apt|suite|no|number|invoice|ticket|model|"
                        r"item|items|id|ref|code|pin|page|line|version|sku|case|batch|lot|seat|seats|row|gate)\s+$)"
                        r"[^\W\d_]{2,},?\s{1,2}$")  # right before it: nothing blanked between


@rule(RULES, r"(?:(?<![\w-])|(?<=\bearly-)|(?<=\bmid-)|(?<=\blate-)|(?<=\bpre-)|(?<=\bpost-))" + YEAR + r"(?![\w-])")
def _year(m: re.Match[str], now: datetime) -> Atom | None:
    ends = m.string[m.end():].strip(" ?.!") == "" and _LAST_WORD.search(m.string, 0, m.start()) is not None
    if not ends and not _YEAR_PREP.search(m.string, 0, m.start()):
        return None
    year = year_of(m[1])
    return Atom(m.start(), m.end(), date_at(year), date_at(year + 1))


#: "the 80s" right after words of scores or temperatures is a range of numbers
_NUMBERS = re.compile(r"\b(?:scor\w*|temperatures?|temps?|degrees?|grades?|marks|percent\w*|points)\b|%")
#: a decade after a possessive is an age ("in his '20s", "in their early 30s"), not a time
_AGE = re.compile(r"\b(?:my|your|his|her|their|our|its|one's)\s+(?:(?:early|mid|late)[-\s]+)?$")


#: decades in words: "the nineties" is the '90s, "the noughties" the 2000s
_DECADE_WORDS = {"noughties": 0, "aughts": 0, "twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6,
                 "seventies": 7, "eighties": 8, "nineties": 9}


@rule(RULES, r"(?:\bthe\s+)?(?<![\w'’-])((?:1[5-9]|20)\d)0['’]?s\b|(?:\bthe\s+)?(?<![\w-])['’]([0-9])0s\b"
      r"|\bthe\s+(?:([1-9])0s|(" + "|".join(_DECADE_WORDS) + r"))\b")
def _decade(m: re.Match[str], now: datetime) -> Atom | None:
    """"the 2010s", "the 1990's", "the '90s", "the 80s", "the nineties": ten years ('00s to '20s this century, '30s
    to '90s the last); "the 1900s", "the 1800s" a whole century (one that has ended: "the 2000s" is a decade). "the" is the
    atom's, so that "since the 2010s" reads its operator. Two digits after "his", "her", "their" are an age, and
    "the 80s" beside scores or temperatures numbers: no time."""
    if not m[1] and (_AGE.search(m.string, 0, m.start()) or ((m[3] or m[4]) and _NUMBERS.search(
            m.string, max(0, m.start() - 30), m.start()))):
        return None
    if m[1] and m[1].endswith("0") and int(m[1]) < 200:  # "the 1900s": 1900-1999
        return Atom(m.start(), m.end(), date_at(int(m[1]) * 10), date_at(int(m[1]) * 10 + 100))
    two = m[2] or m[3] or str(_DECADE_WORDS.get(m[4] or "", ""))
    first = int(m[1]) * 10 if m[1] else (2000 if int(two) <= 2 else 1900) + int(two) * 10
    return Atom(m.start(), m.end(), date_at(first), date_at(first + 10))


# --- quarters and seasons -------------------------------------------------------------------------------
def _part_of_year(m: re.Match[str], now: datetime, months: int, index: int, year_word: str | None) -> Atom:
    """The `index`-th (from 1) run of `months` months of a year: a quarter (3), a half (6); without a year,
    the latest one begun."""
    def make(y: int) -> Span:
        start = date_at(y, months * (index - 1) + 1)
        return start, add_months(start, months)

    year = relative_year(year_word, now.year)
    if year is not None:
        return Atom(m.start(), m.end(), *make(year))
    return Atom(m.start(), m.end(), *latest(make, now), False, make)


def _quarter(m: re.Match[str], now: datetime, quarter: int, year_word: str | None) -> Atom:
    return _part_of_year(m, now, 3, quarter, year_word)


@rule(RULES, r"\bq([1-4])(?:\s+(?:of\s+)?" + YEAR_WORD + r")?\b")
def _q(m: re.Match[str], now: datetime) -> Atom | None:
    return _quarter(m, now, int(m[1]), m[2])


@rule(RULES, r"\b" + YEAR + r"\s+q([1-4])\b")
def _year_q(m: re.Match[str], now: datetime) -> Atom | None:
    return _quarter(m, now, int(m[2]), m[1])


@rule(RULES, r"\bh([12])\s+(?:of\s+)?" + YEAR_WORD + r"\b")
def _h(m: re.Match[str], now: datetime) -> Atom | None:
    """"H1 2025", "H2 of last year": a half year (never "H1" alone: a heading, a cell, a key)."""
    return _part_of_year(m, now, 6, int(m[1]), m[2])


@rule(RULES, r"\b" + YEAR + r"\s+h([12])\b")
def _year_h(m: re.Match[str], now: datetime) -> Atom | None:
    return _part_of_year(m, now, 6, int(m[2]), m[1])


@rule(RULES, r"\b(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+(?:of\s+)?"
      + YEAR_WORD + r")?\b")
def _ordinal_quarter(m: re.Match[str], now: datetime) -> Atom | None:
    return _quarter(m, now, ORDINALS[m[1]], m[2])


@rule(RULES, r"\b(?:the\s+)?(?:final|last)\s+quarter\s+of\s+(?:the\s+year\s+)?" + YEAR_WORD + r"\b")
def _final_quarter(m: re.Match[str], now: datetime) -> Atom | None:
    """"the final quarter of 2024", "the last quarter of last year": Q4 ("last quarter" alone is the one before
    the current, `relative`)."""
    return _quarter(m, now, 4, m[1])


_SEASON_PREP = re.compile(r"\b(?:in|during|the|since|after|before|until)\s*$")


@rule(RULES, r"\b(?:(last|this\s+past|this|next|previous|current)\s+)?(spring|summer|autumn|fall|winter)(?:\s+(?:of\s+)?"
      + YEAR + r"|\s+(before\s+last))?\b")
def _season(m: re.Match[str], now: datetime) -> Atom | None:
    """Meteorological seasons; "winter 2025" starts in December 2025; "last summer" is the latest that
    has ended (so is "this past summer"), "this winter" the one now is in, "the summer before last" the one before last summer. A bare
    season word needs a preposition ("the fall")."""
    relation, name, year = ("last" if m[4] or (m[1] or "").endswith("past") else m[1]), m[2], m[3]
    if (not relation and not year and not _SEASON_PREP.search(m.string, 0, m.start())
            and not re.match(r"\s+(?:last|this|next)\s+year\b", m.string[m.end():])):  # "summer last year"
        return None

    def make(y: int) -> Span:
        start = date_at(y, SEASONS[name])
        return start, add_months(start, 3)

    if year:
        return Atom(m.start(), m.end(), *make(year_of(year)))
    y = now.year + 1
    while make(y)[0] > now:  # the latest that has started
        y -= 1
    start, end = make(y)
    if relation in ("last", "previous") and end > now:
        y -= 1
        start, end = make(y)
    if m[4]:
        start, end = make(y - 1)
    elif relation == "next":
        start, end = make(y + 1)
    if relation is None:  # a year after it names its year ("in summer last year")
        return Atom(m.start(), m.end(), start, end, False, make)
    return Atom(m.start(), m.end(), start, end)
