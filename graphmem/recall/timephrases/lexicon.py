"""The words time phrases are made of: month names (English, French, German, Spanish), numbers in
words and in Chinese, weekdays, ordinals, seasons, units, and the regular-expression fragments built
from them once, at import.

Why our own tables and not a library's: the phrases need only these few hundred words, and the study
of issue 17 found that dateparser's locale data, the obvious source, costs 1-3 ms a call; the words
sit here where a reader can check them.
"""

from __future__ import annotations

import re

from graphmem.text.regex_gates import Gated

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
#: small counts in French, German and Spanish ("il y a deux semaines", "vor einem Monat", "hace tres días")
FOREIGN_NUMBERS = {"un": 1, "une": 1, "uno": 1, "una": 1, "einem": 1, "einer": 1, "deux": 2, "zwei": 2, "dos": 2,
                   "trois": 3, "drei": 3, "tres": 3, "quatre": 4, "vier": 4, "cuatro": 4, "cinq": 5, "fünf": 5, "cinco": 5,
                   "sechs": 6, "seis": 6, "sept": 7, "sieben": 7, "siete": 7, "huit": 8, "acht": 8, "ocho": 8, "neuf": 9,
                   "neun": 9, "nueve": 9, "dix": 10, "zehn": 10, "diez": 10, "quinze": 15}
FOREIGN_COUNT = "|".join(sorted(FOREIGN_NUMBERS, key=len, reverse=True))
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
         "semaine": "week", "woche": "week", "semana": "week", "monat": "month", "mes": "month", "an": "year",
         "ans": "year", "année": "year", "années": "year", "jahr": "year", "jahren": "year", "año": "year", "años": "year",
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
            "st patrick's day": (3, 17), "st. patrick's day": (3, 17), "saint patrick's day": (3, 17),
            "independence day": (7, 4), "veterans day": (11, 11), "veterans' day": (11, 11)}

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
    if word in NUMBER_WORDS or word in FOREIGN_NUMBERS:
        return NUMBER_WORDS.get(word) or FOREIGN_NUMBERS[word]
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


# --- the operator words: the words just before (or after) an atom, read by `resolver` -------------------------
# (the patterns searched in the words before an atom are `Gated`: skipped at once when the question lacks their
# words, "since", "before", "the start of"; most questions hold few of them)
KNOWN = Gated(re.compile(r"\b(?:(?:known|believed?|thought)(?:\s+about(?:\s+[\w'’-]+){1,4})?|recorded)"
                         r"\s+(?:as\s+of|on|at|in|by)\s*$"))  # "what was known about her on 1 May"
AS_OF = Gated(re.compile(r"(?:\bas\s+(?:of|at)|截至|截止到?)\s*$"))
#: "effective 1 July 2025": as of that day (a day only: "most effective last year" is no instant)
EFFECTIVE = Gated(re.compile(r"(?<![\w-])(?<!most )(?<!more )(?<!less )(?<!very )(?<!how )effective(?:\s+(?:as\s+of|on))?\s*$"))
AFTER = Gated(re.compile(r"(?<!\bon or )(?:\bafter|\bpost-|\baprès(?:\s+le)?|\bnach\s+dem|\bdespués\s+del?)\s*$"))  # "post-2020" (never "her post")
SINCE = Gated(re.compile(r"(?:\bsince|\bon\s+or\s+after|\bdepuis(?:\s+le)?|\bseit(?:\s+de[mr])?|\bdesde(?:\s+el)?|自从?"
                         # "since we last spoke on 4 Nov", "since she moved in 2024", "since I wrote to her on Monday": the
                         # time of a clause in the past ("since he is away next week" is a reason, no time)
                         r"|\bsince\s+(?:we|you|i|she|he|they|it)\s+(?:last\s+)?(?:[a-z]+ed|spoke|wrote|met|left|came|went|"
                         r"was|were|had|did|began|sent|took|got|saw|made|paid|gave|told|said|rang|sold|bought|moved)\b"
                         r"(?:\s+(?!(?:until|till|til|before|by|after|for|from|through|thru|next|this|since|when|while)\b)"
                         r"[a-z'’]+){0,3}(?:\s+(?:on|in))?)\s*$"))  # never across a bound or a plan: "since he started until"
BEFORE = Gated(re.compile(r"(?:(?<!\bon or )\bbefore|\bprior\s+to|\bpre-|\bavant(?:\s+le)?|\bantes\s+del?|"
                          r"\bvor\s+de[mr])\s*$"))  # "pre-2020", "avant le 1er mars", "vor dem 3. März"
UNTIL = Gated(re.compile(r"(?:\b(?:until|till|til|through|thru|up\s+to|by|on\s+or\s+before)(?:\s+(?:the\s+)?end\s+of)?|"
                         r"\bbis(?:\s+zum|\s+ende)?|\bhasta(?:\s+el|\s+(?:finales|fin)\s+de)?|"
                         r"\bjusqu['’](?:au|à\s+(?:la\s+)?fin(?:\s+de|\s+d['’])?)|直到)\s*$"))  # "on or before 1 March": until its end
WEEK_OF = Gated(re.compile(r"\b(?:the\s+)?week\s+of\s*$"))
#: a day counted from the day after it: "two days before Christmas", "the day after New Year's Day", "a week after
#: Easter", "a fortnight before", "a month/year before 1 March" (that day moved, not a bound: "before Christmas" alone is one; "the two weeks before Easter" a span)
OFFSET = Gated(re.compile(r"\b(?:the\s+(?P<one>day)|(?<!\bthe\s)(?P<n>\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|"
                          r"ten|eleven|twelve)"
                          r"\s+(?P<units>days?|weeks?|fortnights?|months?|years?))\s+(?P<way>before|after)\s*$"))
#: a count of units beside a day, a span: "the 90 days before 1 March" is [1 March - 90 days, 1 March), "the two weeks
#: after Easter" the fortnight from the day after it, "in the final 6 months before" (without "the", `OFFSET`: a day moved)
SPAN_AROUND = Gated(re.compile(r"\bthe\s+(?:(?:last|final|first)\s+)?(?P<n>\d{1,3}|two|three|four|five|six|seven|eight|nine|"
                               r"ten|eleven|twelve|1|one)\s+(?P<units>days?|weeks?|fortnights?|months?|years?)\s+"
                               r"(?P<way>before|leading\s+up\s+to|after|following)\s*$"))
#: a week from the day after it: "the week commencing 10 March", "week beginning Monday"
WEEK_FROM = Gated(re.compile(r"\b(?:the\s+)?week\s+(?:commencing|beginning|starting)(?:\s+on)?\s*$"))
#: the Saturday and Sunday of the day after it: "the weekend of 8 March 2025"
WEEKEND_OF = Gated(re.compile(r"\b(?:the\s+)?weekend\s+of\s*$"))
#: a count of units that is a span, not a day moved: "in the final 6 months before 1 March", "within 2 weeks after"
SPAN_LEAD = re.compile(r"\b(?:in|within|during|over|for|(?:the\s+)?(?:last|past|final|first))\s*$")
#: a week or a day of the period after it, by its place: "the first week of March" (its days 1-7), "the last
#: week of the year" (its last seven days), "the last day of February 2025"
NTH_WEEK = Gated(re.compile(r"\b(?:the\s+)?(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+of\s*(?:the\s+)?$"))
DAY_OF = Gated(re.compile(r"\b(?:the\s+)?(first|last)\s+day\s+of\s*(?:the\s+)?$"))
PLACES = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4}
SUFFIX_SINCE = re.compile(r"\s*(?:onwards?\b|and later\b|or later\b|以来|起)")
SUFFIX_AFTER = re.compile(r"\s*(?:之后|以后)")
SUFFIX_BEFORE = re.compile(r"\s*(?:之前|以前)")
#: the words between two atoms that make them one range ("March 1 and March 5", "2024 to 2025")
CONNECT = re.compile(r"\s*(?:and|to|until|till|til|through|thru|-|–|到|至|et|au|à|bis|und|y|a|hasta)\s*"
                     r"(?:the\s+(?:year|month\s+of)\s+)?")  # "between the year 2023 and the year 2025"
#: a preposition kept in the phrase the route shows ("in March 2026", "between ... and ...")
LEAD = re.compile(r"(?:\b(?:in|on|at|during|between|from|of|for|en|im|am|el|le)|从|在)\s*$")
#: the middle of the period after it, said as a way through it: "halfway through 2024", "midway into March"
HALFWAY = Gated(re.compile(r"\b(?:half\s*-?\s*way|mid-?way)\s+(?:through|into)\s*(?:the\s+)?$"))
#: a part of the period after it: "at the start of 2025", "the middle of March", "end of last year"
PART = Gated(re.compile(r"(?P<prep>\b(?:at|in|by|around|towards?)\s+)?(?:the\s+|the\s+very\s+)?\b(start|beginning|middle|end)\s+of\s*(?:the\s+)?$"))
