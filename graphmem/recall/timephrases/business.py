"""Patterns for the calendar words of business: ISO weeks ("week 12 of 2025", "W12 2025", "2025-W12") and a
year's end ("at year end 2024", "year-end 2025": its last day, read at its last instant; "before year end 2024"
ends as that day starts).

A week number always comes with its year here: "week 3" alone is as often a week of a project or a course.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from graphmem.recall.timephrases.lexicon import YEAR_WORD, relative_year
from graphmem.recall.timephrases.periods import DAY, Atom, Rule, date_at, rule

RULES: list[Rule] = []


def _iso_week(m: re.Match[str], year: int | None, week: int) -> Atom | None:
    if year is None:
        return None
    try:
        monday = datetime.fromisocalendar(year, week, 1).replace(tzinfo=date_at(year).tzinfo)
    except ValueError:  # week 53 of a year with 52, week 0
        return None
    return Atom(m.start(), m.end(), monday, monday + 7 * DAY)


@rule(RULES, r"\b(?:the\s+)?(?:week|wk\.?)\s*(?:no\.?\s*|number\s+|#)?(\d{1,2})\s+(?:of\s+|in\s+)?" + YEAR_WORD + r"\b"
      r"|\bw(\d{1,2})[\s/-]+" + YEAR_WORD + r"\b")
def _week_of_year(m: re.Match[str], now: datetime) -> Atom | None:
    """"week 12 of 2025", "week 12 last year", "W12 2025", "wk 12 2025": that ISO week (Monday to Monday)."""
    week, year = (m[1], m[2]) if m[1] else (m[3], m[4])
    return _iso_week(m, relative_year(year, now.year), int(week))


@rule(RULES, r"\b((?:19|20)\d{2})-?w(\d{2})\b")
def _iso_week_written(m: re.Match[str], now: datetime) -> Atom | None:
    """"2025-W12", "2025W12": ISO 8601's own writing of a week."""
    return _iso_week(m, int(m[1]), int(m[2]))


@rule(RULES, r"\b(?:the\s+)?(?:fiscal\s+|financial\s+)?year[-\s]end(?:\s+of)?\s+" + YEAR_WORD + r"\b")
def _year_end(m: re.Match[str], now: datetime) -> Atom | None:
    """"year end 2024", "year-end 2025", "the year end of last year": the year's last day, its point the year's last
    instant."""
    year = relative_year(m[1], now.year)
    if year is None:
        return None
    last = date_at(year + 1) - DAY
    return Atom(m.start(), m.end(), last, last + DAY, at=last + DAY - timedelta(microseconds=1))
