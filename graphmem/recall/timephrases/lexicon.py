"""The words time phrases are made of: month names (English, French, German, Spanish), numbers in
words and in Chinese, weekdays, ordinals, seasons, units, and the regular-expression fragments built
from them once, at import.

Why our own tables and not a library's: the phrases need only these few hundred words, and the study
of issue 17 found that dateparser's locale data, the obvious source, costs 1-3 ms a call; the words
sit here where a reader can check them.
"""

from __future__ import annotations

import re

MONTHS: dict[str, int] = {
    name: number
    for number, names in enumerate((
        "january jan janvier januar jänner enero",
        "february feb février fevrier februar febrero",
        "march mar mars märz maerz marzo",
        "april apr avril abril",
        "may mai mayo",
        "june jun juin juni junio",
        "july jul juillet juli julio",
        "august aug août aout agosto",
        "september sept sep septembre septiembre setiembre",
        "october oct octobre oktober octubre",
        "november nov novembre noviembre",
        "december dec décembre decembre dezember diciembre"), start=1)
    for name in names.split()
}
NUMBER_WORDS = {"a couple of": 2, "a couple": 2, "couple of": 2, "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
CHINESE_NUMBERS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
                   "十一": 11, "十二": 12}
#: a weekday written short ("Tues", "Thurs"), as a regular-expression alternation (`relative._weekday_short`)
SHORT_WEEKDAY = r"mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun"
WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
#: a day of the month in words ("the first of March", "March the twenty-first")
_UNITS_TH = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
DAY_ORDINALS: dict[str, int] = {
    **{w: i + 1 for i, w in enumerate(_UNITS_TH)},
    **{w: i + 10 for i, w in enumerate(["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
                                         "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"])},
    **{f"twenty{sep}{w}": 21 + i for i, w in enumerate(_UNITS_TH) for sep in ("-", " ")},
    "thirtieth": 30, "thirty-first": 31, "thirty first": 31,
}
DAY_ORDINAL = "(" + "|".join(sorted((w.replace(" ", r"\s+") for w in DAY_ORDINALS), key=len, reverse=True)) + ")"
#: Meteorological seasons (northern hemisphere): the month each one starts in.
SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
#: "a fortnight ago" is two weeks ago: a unit word and how many of the unit it is
UNIT_MULTIPLES = {"fortnight": ("week", 2), "fortnights": ("week", 2), "decade": ("year", 10), "decades": ("year", 10)}
UNITS = {"day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month", "months": "month",
         "year": "year", "years": "year", "quarter": "quarter", "quarters": "quarter", "hour": "hour",
         "hours": "hour", "jours": "day", "jour": "day", "tagen": "day", "tag": "day", "días": "day",
         "dias": "day", "día": "day", "semaines": "week", "wochen": "week", "semanas": "week", "mois": "month",
         "monaten": "month", "meses": "month", "天": "day", "周": "week", "星期": "week", "个月": "month", "年": "year",
         # as people abbreviate them in a hurry ("2 yrs ago", "the past 48 hrs", "3 wks back")
         "yr": "year", "yrs": "year", "wk": "week", "wks": "week", "mo": "month", "mos": "month", "mth": "month",
         "mths": "month", "hr": "hour", "hrs": "hour"}
#: the abbreviations of UNITS, for the patterns that take them
UNIT_ABBREVIATIONS = r"yrs?|wks?|mos?|mths?|hrs?"
#: Words that name a day relative to today, in days.
DAY_WORDS = {"today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
             "yesterday": -1, "tomorrow": 1, "the day before yesterday": -2, "the day after tomorrow": 2,
             "hier": -1, "gestern": -1, "ayer": -1, "aujourd'hui": 0, "heute": 0, "hoy": 0, "demain": 1,
             "morgen": 1, "mañana": 1, "昨天": -1, "今天": 0, "明天": 1, "前天": -2, "后天": 2, "avant-hier": -2,
             "vorgestern": -2, "anteayer": -2, "yday": -1, "yesterdy": -1, "yesteday": -1, "tmrw": 1,
             "tomorow": 1, "tommorow": 1, "tommorrow": 1}
#: last / this / next, in units, in the languages the table covers.
RELATIVE = {"last": -1, "previous": -1, "this past": -1, "this": 0, "current": 0, "next": 1, "dernière": -1, "dernier": -1,
            "pasada": -1, "pasado": -1, "letzte": -1, "letzten": -1, "letztes": -1, "vorige": -1, "vorigen": -1,
            "上": -1, "上个": -1, "这": 0, "这个": 0, "本": 0, "下": 1, "下个": 1, "去": -1, "今": 0, "明": 1,
            "前": -2}
HOLIDAYS = {"christmas": (12, 25), "christmas day": (12, 25), "christmas eve": (12, 24), "xmas": (12, 25),
            "xmas day": (12, 25), "xmas eve": (12, 24),
            "new year's day": (1, 1), "new year's eve": (12, 31), "new year": (1, 1),
            "valentine's day": (2, 14), "valentines day": (2, 14), "halloween": (10, 31), "boxing day": (12, 26),
            "st patrick's day": (3, 17), "st. patrick's day": (3, 17), "saint patrick's day": (3, 17)}

# --- regular-expression fragments (each one capturing group) ---
#: any month name, longest first so "september" is not read as "sep"
MONTH = "(" + "|".join(sorted(map(re.escape, MONTHS), key=len, reverse=True)) + ")"
#: a year: four digits, or two after an apostrophe ("Q4 '24", "March '25")
YEAR = r"((?:19|20)\d{2}|['’]\d{2}(?!\d))"
#: a year, or a year relative to now
YEAR_WORD = r"((?:19|20)\d{2}|['’]\d{2}(?!\d)|last year|this year|next year)"
COUNT = r"(\d{1,3}|a couple of|a couple|couple of|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
CHINESE_MONTH = r"(\d{1,2}|十[一二]?|[一二两三四五六七八九])"


def number(word: str) -> int | None:
    """A count written in digits, English words or Chinese numerals; None when it is none of them."""
    if word in CHINESE_NUMBERS:
        return CHINESE_NUMBERS[word]
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    try:
        return int(word)
    except ValueError:
        return None


def year_of(word: str) -> int:
    """A year `YEAR` matched: "2025" -> 2025; "'24" -> 2024 and "'99" -> 1999 (two digits after an apostrophe
    are this century's up to '49, the last one's from '50)."""
    if word[0].isdigit():
        return int(word)
    two = int(word[1:])
    return (2000 if two < 50 else 1900) + two


def relative_year(word: str | None, year: int) -> int | None:
    """"2025" -> 2025, "'25" -> 2025, "last year" -> year - 1 ...; None for no word."""
    if word is None:
        return None
    if word[0].isdigit() or word[0] in "'’":
        return year_of(word)
    return year + {"last year": -1, "this year": 0, "next year": 1}[word]
