"""Chinese dates: 2025年3月10日, 去年三月, 三月份, 2025年 (months in digits or Chinese numerals), by the same
conventions as `dates` (a month without a year is the latest one begun); 2024年底 and 3月初 as "the end of 2024" and
"the start of March"; 下午3点 as 3 pm."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

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


#: where in its period 初 (start), 中 (middle), 底 and 末 (end) read facts, as "the start/middle/end of" does
_PART_AT = {"初": 0.0, "中": 0.5, "底": 1.0, "末": 1.0}
_TICK = timedelta(microseconds=1)


def _part(a: Atom, which: str) -> Atom:
    end = a.end or a.start
    return a._replace(at=end - _TICK if _PART_AT[which] == 1.0 else a.start + (end - a.start) * _PART_AT[which])


@rule(RULES, r"(?:(\d{4})|(去|今|明|前))\s*年\s*(?:年\s*)?(初|中|底|末)")  # "2024年底", "去年年底"
def _zh_year_part(m: re.Match[str], now: datetime) -> Atom | None:
    year = int(m[1]) if m[1] else now.year + RELATIVE[m[2]]
    return _part(Atom(m.start(), m.end(), date_at(year), date_at(year + 1)), m[3])


@rule(RULES, r"(?:(\d{4})\s*年\s*)?" + CHINESE_MONTH + r"\s*月\s*(初|中|底|末)")
def _zh_month_part(m: re.Match[str], now: datetime) -> Atom | None:
    month = number(m[2]) or 0
    if not 1 <= month <= 12:
        return None
    a = month_atom(m, now, month, int(m[1]) if m[1] else None)
    return None if a is None else _part(a, m[3])


@rule(RULES, r"(上午|早上|中午|下午|晚上)?\s*(\d{1,2}|十[一二]?|[一二两三四五六七八九])\s*[点點](?:\s*(\d{1,2})\s*分|(半))?")
def _zh_clock(m: re.Match[str], now: datetime) -> Atom | None:
    """"下午3点" (3 pm), "上午10点半" (10:30 am), "晚上8点": a clock time, joined to the day beside it; an hour in
    Chinese numerals only after 上午/下午/... or before 钟 ("一点" alone is "a little")."""
    if not m[1] and not m[2].isdigit() and not m.string.startswith("钟", m.end()):
        return None
    hour = number(m[2])
    if hour is None or hour > 23:
        return None
    hour += 12 if m[1] in ("下午", "晚上") and hour < 12 else 0
    return Atom(m.start(), m.end(), now, None, clock=(hour, int(m[3]) if m[3] else 30 if m[4] else 0))
