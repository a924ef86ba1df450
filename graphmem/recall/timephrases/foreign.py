"""The other languages' time words: Chinese dates (2025年3月10日, 去年三月, 三月份, 2025年; months in digits or
Chinese numerals), by the same conventions as `dates` (a month without a year is the latest one begun); 2024年底 and
3月初 as "the end of 2024" and "the start of March"; 下午3点 as 3 pm; 上周, 这个月, 去年. French, German and Spanish
last/this/next week, month and year ("la semaine dernière", "diesen Monat", "el año pasado") and weekdays ("lundi
dernier", "seit letztem Montag", "el próximo viernes"), read as their English words are."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from graphmem.recall.timephrases.lexicon import CHINESE_MONTH, RELATIVE, number
from graphmem.recall.timephrases.periods import Atom, Rule, date_at, day_atom, month_atom, period, rule, unit_atom, yearless_day
from graphmem.recall.timephrases.relative import weekday_atom

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


#: 中 and 初 after 年 or 月 start other words too: 中国, 中标, 中秋, 初中 ("今年中国客户", "2024年初中毕业")
_PART_WORD = r"(初(?!中)|中(?![\u4e00-\u9fff])|中(?=[的时前后左])|底|末)"


@rule(RULES, r"(?:(\d{4})|(去|今|明|前))\s*年\s*(?:年\s*)?" + _PART_WORD)  # "2024年底", "去年年底"
def _zh_year_part(m: re.Match[str], now: datetime) -> Atom | None:
    year = int(m[1]) if m[1] else now.year + RELATIVE[m[2]]
    return _part(Atom(m.start(), m.end(), date_at(year), date_at(year + 1)), m[3])


@rule(RULES, r"(?:(\d{4})\s*年\s*)?" + CHINESE_MONTH + r"\s*月\s*" + _PART_WORD)
def _zh_month_part(m: re.Match[str], now: datetime) -> Atom | None:
    month = number(m[2]) or 0
    if not 1 <= month <= 12:
        return None
    a = month_atom(m, now, month, int(m[1]) if m[1] else None)
    return None if a is None else _part(a, m[3])


#: the part of the day before a clock hour, and the hours it adds ("下午3点" is 15:00, "中午1点" 13:00)
_DAY_PART = {"凌晨": 0, "上午": 0, "早上": 0, "中午": 12, "下午": 12, "傍晚": 12, "晚上": 12}


@rule(RULES, r"(凌晨|上午|早上|中午|下午|傍晚|晚上)?\s*(?<![\d第])(\d{1,2}|十[一二]?|[一二两三四五六七八九])\s*[点點]"
      r"(?:\s*(\d{1,2})\s*分|(半)|(?=钟))?")
def _zh_clock(m: re.Match[str], now: datetime) -> Atom | None:
    """"下午3点" (3 pm), "上午10点半" (10:30 am), "昨天晚上8点": a clock time, joined to the day beside it. Without the
    part of the day, only after a day word or before 钟/分/半: "3点意见" (three points), "第2点", "1500点" (points),
    "一点" (a little) are no times."""
    day_word = re.search(r"(?:天|日|号)\s*$", m.string[:m.start()]) is not None
    if not m[1] and not (day_word or m[3] or m[4] or m.string.startswith("钟", m.end())):
        return None
    hour = number(m[2])
    if hour is None or hour > 23:
        return None
    if m[1] and hour < 12 and _DAY_PART[m[1]]:
        hour += 12 if m[1] != "中午" or hour <= 5 else 0  # 中午1点 is 13:00, 中午12点 noon
    elif m[1] == "晚上" and hour == 12:
        return Atom(m.start(), m.end(), now, None, clock=(23, 59))  # midnight at the end of that day
    return Atom(m.start(), m.end(), now, None, clock=(hour, int(m[3]) if m[3] else 30 if m[4] else 0))


@rule(RULES, r"(?:今年)?年初(?:至今|到现在|以来)|今年以来|(?:本月|这个月)(?:初)?(?:至今|到现在|以来)")
def _zh_to_date(m: re.Match[str], now: datetime) -> Atom | None:
    """"年初至今", "今年以来" (year to date), "本月至今" (month to date): from the period's start to now."""
    return Atom(m.start(), m.end(), period(now, "month" if "月" in m[0] else "year")[0], now)


@rule(RULES, r"\b(?:la semaine (dernière|prochaine)|le mois (dernier|prochain)|l'année (dernière|prochaine)"
      r"|(letzte|vorige|nächste)\s+woche|(letzten|vorigen|nächsten)\s+monat|(letztes|voriges|nächstes)\s+jahr"
      r"|la semana (pasada|próxima)|el mes (pasado|próximo)|el año (pasado|próximo)"
      r"|cette semaine|ce mois(?:-ci)?|cette année|diese woche|diesen monat|dieses jahr|esta semana|este mes|este año)\b")
def _relative_unit_foreign(m: re.Match[str], now: datetime) -> Atom | None:
    words = m[0]
    unit = ("week" if re.search(r"semaine|woche|semana", words)
            else "month" if re.search(r"mois|monat|mes", words) else "year")
    this = re.match(r"ce|dies|est", words) is not None  # "cette semaine", "diesen Monat", "este año"
    return unit_atom(m, now, unit, 0 if this else -1 if re.search(r"derni|letzt|vorig|pasad", words) else 1)


@rule(RULES, r"(上个?|这个?|本|下个?)(周|星期|月)|(去|今|明|前)年(?!\d)")
def _relative_unit_zh(m: re.Match[str], now: datetime) -> Atom | None:
    if m[3]:
        return unit_atom(m, now, "year", RELATIVE[m[3]])
    return unit_atom(m, now, "month" if m[2] == "月" else "week", RELATIVE[m[1]])


#: weekdays in French, German and Spanish (English ones are `lexicon.WEEKDAYS`)
_WEEKDAYS = {"lundi": 0, "mardi": 1, "mercredi": 2, "jeudi": 3, "vendredi": 4, "samedi": 5, "dimanche": 6,
             "montag": 0, "dienstag": 1, "mittwoch": 2, "donnerstag": 3, "freitag": 4, "samstag": 5, "sonnabend": 5,
             "sonntag": 6, "lunes": 0, "martes": 1, "miércoles": 2, "miercoles": 2, "jueves": 3, "viernes": 4,
             "sábado": 5, "sabado": 5, "domingo": 6}
_FRENCH_DAYS = frozenset(("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"))
_BEFORE = r"ce|diese[nmr]?|este|el\s+próximo|el\s+proximo|el\s+pasado|letzte[nmr]?|vorige[nmr]?|nächste[nmr]?"
_AFTER = r"dernier|passé|prochain|pasado|próximo|proximo|que\s+viene"
#: German and Spanish weekdays are names too (Freitag, Sonntag, Domingo): read after a word of time of their language
_LEAD = re.compile(r"\b(?:am|seit|bis|ab|vom|zum|el|desde|hasta|para)\s+$")


@rule(RULES, r"\b(?:(" + _BEFORE + r")\s+)?(" + "|".join(sorted(_WEEKDAYS, key=len, reverse=True)) + r")\b(?:\s+("
      + _AFTER + r")\b)?")
def _weekday_foreign(m: re.Match[str], now: datetime) -> Atom | None:
    """"lundi dernier", "letzten Montag", "el lunes pasado" (last week's), "ce lundi", "diesen Montag", "este lunes"
    (this week's), "lundi prochain", "nächsten Freitag", "el próximo viernes" (the first after today), a bare weekday
    the latest begun: in French alone, in German and Spanish after "am", "seit", "el", "desde"... ("am Montag")."""
    said = " ".join(w for w in (m[1], m[3]) if w)
    if not said and m[2] not in _FRENCH_DAYS and _LEAD.search(m.string, 0, m.start()) is None:
        return None
    relation = (None if not said else "this" if re.match(r"ce|dies|est", said)
                else "last" if re.search(r"derni|pass|letzt|vorig|pasad", said) else "next")
    return weekday_atom(m, now, relation, _WEEKDAYS[m[2]])
