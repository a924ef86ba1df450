"""Patterns for dates written in numbers: ISO days, months and times (2025-03-10, 2025/3/10, 2025.03.10,
2025-03, 2025-03-10T14:30Z), and days with slashes, dashes or dots (3/10/2025, 10-03-2025, 10.03.2025, 3/10,
03/2025). Which of two numbers is the month: `order_in`.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from functools import lru_cache

from graphmem.recall.timephrases.periods import UTC, Atom, Rule, day_atom, month_atom, rule, year2, yearless_day

RULES: list[Rule] = []


@rule(RULES, r"(?<!\d)(\d{4})-(\d{2})-(\d{2})[t ](\d{1,2}):(\d{2})(?::(\d{2}))?z?")
def _iso_time(m: re.Match[str], now: datetime) -> Atom | None:
    try:
        t = datetime(int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]), int(m[6] or 0), tzinfo=UTC)
    except ValueError:
        return None
    return Atom(m.start(), m.end(), t, None)


@rule(RULES, r"(?<![\d-])(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?![\d-])")
def _iso_day(m: re.Match[str], now: datetime) -> Atom | None:
    """Year first, with one separator throughout: 2025-03-15, 2025/3/15."""
    return day_atom(m, int(m[1]), int(m[3]), int(m[4]))


@rule(RULES, r"(?<![\d.])((?:19|20)\d\d)\.(\d\d)\.(\d\d)(?!\d|\.\d)")
def _iso_dots(m: re.Match[str], now: datetime) -> Atom | None:
    """Year first with dots, two digits each (2025.03.15); "2024.10.1" is a version number."""
    return day_atom(m, int(m[1]), int(m[2]), int(m[3]))


@rule(RULES, r"(?<![\d-])(\d{4})-(\d{2})(?![\d-])")
def _iso_month(m: re.Match[str], now: datetime) -> Atom | None:
    return month_atom(m, now, int(m[2]), int(m[1]))


#: countries that write month first (the rest of the world writes day first)
MONTH_FIRST = frozenset({"US", "PH", "FM", "MH", "PW", "GU", "PR", "AS", "VI", "UM"})


@lru_cache(maxsize=1)
def date_order() -> str | None:
    """How numbers with slashes or dashes are read when both could be a month: "mdy", "dmy", or None
    (by the separator: slashes month first, as in the US, dashes day first).

    GRAPHMEM_DATE_ORDER (mdy, dmy, auto) decides; auto takes the country of the process's locale
    (LC_ALL, LC_TIME, LANG: en_US reads 03/04 as 4 March, en_GB, de_DE, pt_BR as 3 April); a locale
    without a country (C, POSIX) leaves it to the separator. Dots are day first whatever the setting: no
    country writes month.day.year. Cached: read once per process, like the identifier patterns."""
    wanted = (os.environ.get("GRAPHMEM_DATE_ORDER") or "auto").strip().lower()
    if wanted in ("mdy", "dmy"):
        return wanted
    for var in ("LC_ALL", "LC_TIME", "LANG"):
        value = os.environ.get(var)
        if value:
            country = re.match(r"[a-z]{2,3}_([A-Z]{2})", value)
            return None if country is None else ("mdy" if country[1] in MONTH_FIRST else "dmy")
    return None


#: a day and a month in numbers with their year, anywhere in a question ("items 1-15" and "scored 7/20" are no
#: dates)
_PAIR = re.compile(r"(?<![\d/.-])(?:(\d{1,2})/(\d{1,2})/(?:\d{4}|\d{2})|(\d{1,2})-(\d{1,2})-\d{4})(?![\d/.-])")
#: two days without their year as the ends of a range are dates too: "between 15/3 and 3/4", "from 20/1 to 5/2"
_RANGE = re.compile(r"\b(?:between|from)\s+(\d{1,2})/(\d{1,2})\s*(?:and|to|until|till|through|-)\s*(\d{1,2})/(\d{1,2})(?![\d/])")


def order_in(text: str, separator: str) -> str | None:
    """How `text` writes days in numbers ("mdy", "dmy" or None): GRAPHMEM_DATE_ORDER when set to one; else the
    question's own evidence (one writer writes all its dates one way: in "between 1/3/2025 and 15/3/2025" the
    second can only be day first, so the first is too); else `date_order` (the locale), else by `separator`."""
    wanted = (os.environ.get("GRAPHMEM_DATE_ORDER") or "").strip().lower()
    if wanted in ("mdy", "dmy"):
        return wanted
    pairs = [(int(m[1] or m[3]), int(m[2] or m[4])) for m in _PAIR.finditer(text)]
    pairs += [(int(m[k]), int(m[k + 1])) for m in _RANGE.finditer(text) for k in (1, 3)]
    seen = {("dmy" if a > 12 else "mdy") for a, b in pairs if (a > 12) != (b > 12)}
    if len(seen) == 1:
        return seen.pop()
    return date_order() or ("mdy" if separator == "/" else "dmy")


def _ordered(a: int, b: int, month_first: bool) -> tuple[int, int]:
    """(month, day) of two numbers: the order given, unless only the other order makes a date."""
    if month_first:
        return (b, a) if a > 12 else (a, b)
    return (a, b) if b > 12 else (b, a)


@rule(RULES, r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\d/])")
def _slashes(m: re.Match[str], now: datetime) -> Atom | None:
    month, day = _ordered(int(m[1]), int(m[2]), order_in(m.string, "/") == "mdy")
    return day_atom(m, year2(m[3]), month, day)


@rule(RULES, r"(?<![\w/.-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\w/.-])")
def _dashes(m: re.Match[str], now: datetime) -> Atom | None:
    month, day = _ordered(int(m[1]), int(m[2]), order_in(m.string, "-") == "mdy")
    return day_atom(m, int(m[3]), month, day)


@rule(RULES, r"(?<![\d/])(\d{1,2})/(\d{4})(?![\d/-])")
def _slash_month(m: re.Match[str], now: datetime) -> Atom | None:
    return month_atom(m, now, int(m[1]), int(m[2]))


#: "24/7" followed by a word is a day only as an end of a range of days ("between 20/7 and 24/7", "from 24/7 to 2/8")
_DATE_LEAD = re.compile(r"\b(?:between|from)\s*$|\d/\d{1,2}\s*(?:and|to|until|till|-)\s*$")
_DATE_NEXT = re.compile(r"\s*(?:and|to|until|till|-)\s*\d{1,2}/\d")


#: a yearless X/Y that is a score or a size ("her size, 8/10", "scored 7/20", "rated 5/5"), or a measure or a thing
#: after an article ("the 3/4 inch screws", "a 5/5 rating", "the 7/11 store", "the 1/2 price offer"), is no day;
#: "the 12/25 delivery", "my 3/15 meeting" are
_SCORE_BEFORE = re.compile(r"\b(?:size|sizes|score|scored|scores|rating|rated|grade|graded|mark|marks|ranked|out\s+of)\W*$")
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an|my|our|your|his|her|their|its|this|that)\s*$")
_MEASURE_AFTER = re.compile(r"\s*(?:inch(?:es)?|in\b|cm|mm|\"|sleeves?|price|off|discount|share|majority|stake|stores?|"
                            r"shops?|ratings?|stars?|of\s+the|cups?|teaspoons?|tsp|tbsp|miles?|pounds?|lbs?|kg|scores?)\b")


@rule(RULES, r"(?<![\d/])(\d{1,2})/(\d{1,2})(?![\d/])")
def _slashes_no_year(m: re.Match[str], now: datetime) -> Atom | None:
    if m[0] == "24/7" and re.match(r"\s+[^\W\d_]", m.string[m.end():]) and not _DATE_LEAD.search(
            m.string, 0, m.start()) and not _DATE_NEXT.match(m.string, m.end()):
        return None  # "24/7 support", "on 24/7 call" are no 24 July; "since 24/7", "between 20/7 and 24/7" are
    if _SCORE_BEFORE.search(m.string, 0, m.start()) or (
            _ARTICLE_BEFORE.search(m.string, 0, m.start()) and _MEASURE_AFTER.match(m.string, m.end())):
        return None
    month, day = _ordered(int(m[1]), int(m[2]), order_in(m.string, "/") == "mdy")
    return yearless_day(m, now, month, day) if 1 <= month <= 12 else None


@rule(RULES, r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d.])")
def _dots(m: re.Match[str], now: datetime) -> Atom | None:
    return day_atom(m, year2(m[3]), int(m[2]), int(m[1]))  # European day.month.year


