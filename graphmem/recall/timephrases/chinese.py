"""Chinese dates: 2025年3月10日, 去年三月, 三月份, 2025年 (months in digits or Chinese numerals), by the same
conventions as `dates` (a month without a year is the latest one begun)."""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.recall.timephrases.lexicon import CHINESE_MONTH, RELATIVE, number
from graphmem.recall.timephrases.periods import Atom, Rule, date_at, day_atom, month_atom, rule, yearless_day

RULES: list[Rule] = []


@rule(RULES, r"(\d{4})\s*年\s*" + CHINESE_MONTH + r"\s*月(?:份)?(?:\s*(\d{1,2})\s*[日号])?")
def _zh_date(m: re.Match[str], now: datetime) -> Atom | None:
    year, month = int(m[1]), number(m[2]) or 0
    return day_atom(m, year, month, int(m[3])) if m[3] else month_atom(m, now, month, year)


@rule(RULES, r"(去|今|明|前)年\s*" + CHINESE_MONTH + r"\s*月份?")
def _zh_relative_month(m: re.Match[str], now: datetime) -> Atom | None:
    return month_atom(m, now, number(m[2]) or 0, now.year + RELATIVE[m[1]])


@rule(RULES, r"(?<![\d年])" + CHINESE_MONTH + r"\s*月份?(?:\s*(\d{1,2})\s*[日号])?(?!\d)")
def _zh_month(m: re.Match[str], now: datetime) -> Atom | None:
    month = number(m[1]) or 0
    if not 1 <= month <= 12:
        return None
    return yearless_day(m, now, month, int(m[2])) if m[2] else month_atom(m, now, month)


@rule(RULES, r"(\d{4})\s*年(?!\s*\d|\s*[一二两三四五六七八九十])")
def _zh_year(m: re.Match[str], now: datetime) -> Atom | None:
    year = int(m[1])
    return Atom(m.start(), m.end(), date_at(year), date_at(year + 1))
