"""Holidays whose day moves with the year: Easter (Western, `dateutil.easter`), Good Friday and Easter Monday,
and the United States' holidays on a weekday of a month (Thanksgiving, Labor Day, Memorial Day...). Without a year, the latest one begun; a bare
word needs a year or a word of time before it ("at Easter", "since Thanksgiving"), as it is also a word of other
things ("the Easter egg", "a thanksgiving recipe"). The fixed-day holidays (Christmas, New Year, Valentine's Day, St Patrick's Day, Halloween, Boxing Day) are here
too."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from dateutil.easter import easter

from graphmem.recall.timephrases.lexicon import HOLIDAYS, YEAR, year_of
from graphmem.recall.timephrases.periods import UTC, Atom, Reyear, Rule, Span, date_at, latest, rule

RULES: list[Rule] = []

#: things named after a holiday, not times: "the last Easter egg", "a Christmas card", "the Christmas Eve cards" (the
#: rules take their words possessively, ?+, so that a shorter holiday cannot end before the thing's noun)
_THING = r"(?!\s+(?:eggs?|bunn(?:y|ies)|cards?|trees?|cakes?|pies?|chocolates?|baskets?|stockings?|jumpers?|sweaters?)\b)"
_NEW_YEAR_LEAD = re.compile(r"\b(?:at|on|over|during|since|before|after|until|till|til|by|around|from|between|and|to)\s*$")
_RESOLUTION = re.compile(r"\s+(?:resolutions?|plans?|part(?:y|ies)|wish(?:es)?|greetings?|dinners?|drinks|lunch(?:es)?|"
                         r"celebrations?|festivities|fireworks|honours?|cards?|gifts?|bonus(?:es)?)\b")
_HOLIDAY_PREP = re.compile(r"\b(?:at|on|over|during|since|before|after|until|till|til|by|around|for|from|between)\s*$")


@rule(RULES, r"\b(?:on\s+|at\s+)?(?:(last|this|next)\s+)?(good friday|easter(?: sunday| monday)?+)(?:\s+" + YEAR
      + r")?+\b" + _THING)
def _easter(m: re.Match[str], now: datetime) -> Atom | None:
    """Easter Sunday (Western, `dateutil.easter`), Good Friday two days before, Easter Monday the day after.
    A bare "Easter" needs a year or a word of time before it ("at Easter", not "the Easter egg")."""
    if m[2] == "easter" and not m[3] and m[0] == m[2] and not _HOLIDAY_PREP.search(m.string, 0, m.start()):
        return None
    shift = {"good friday": -2, "easter monday": 1}.get(m[2], 0)

    def make(y: int) -> Span:
        day = datetime.combine(easter(y), datetime.min.time(), UTC) + timedelta(days=shift)
        return day, day + timedelta(days=1)

    return _holiday(m, now, make, m[1], m[3])


#: holidays of the United States on the n-th weekday of a month (n = -1: its last): (month, weekday, n)
_NTH_WEEKDAY = {"thanksgiving": (11, 3, 4), "labor day": (9, 0, 1), "memorial day": (5, 0, -1), "mlk day": (1, 0, 3),
                "martin luther king day": (1, 0, 3), "martin luther king jr day": (1, 0, 3), "presidents day": (2, 0, 3),
                "columbus day": (10, 0, 2)}


@rule(RULES, r"\b(?:on\s+|at\s+)?(?:(last|this|next)\s+)?(thanksgiving|labor day|memorial day|mlk day|martin luther king"
      r"(?: jr\.?)? day|presidents['’]? day|columbus day)(\s+day)?+(?:\s+" + YEAR + r")?+\b" + _THING)
def _nth_weekday(m: re.Match[str], now: datetime) -> Atom | None:
    """Thanksgiving (November's fourth Thursday), Labor Day (September's first Monday), Memorial Day (May's last
    Monday), Martin Luther King Day, Presidents' Day and Columbus Day, as in the United States. A bare "Thanksgiving"
    needs a year, "Day" or a word of time before it, as Easter does."""
    if (m[2] == "thanksgiving" and not any(m.group(1, 3, 4)) and not re.match(r"(?:on|at)\s", m[0])
            and not _HOLIDAY_PREP.search(m.string, 0, m.start())):
        return None
    month, weekday, n = _NTH_WEEKDAY[re.sub(r"['’.]", "", m[2])]

    def make(y: int) -> Span:
        first = date_at(y, month) if n > 0 else date_at(y + month // 12, month % 12 + 1) - timedelta(days=7)
        day = first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * max(n - 1, 0))
        return day, day + timedelta(days=1)

    return _holiday(m, now, make, m[1], m[4])


@rule(RULES, r"\b(?:on\s+)?(?:(last|this|next)\s+)?((?:christmas|xmas)(?: day| eve)?+|new year['’]s (?:day|eve)|new year(?!['’]s)"
      r"|valentine['’]?s day|halloween|boxing day|(?:st\.? |saint )patrick['’]s day|independence day"
      r"|veterans['’]? day)(?:\s+" + YEAR + r")?+\b" + _THING)
def _fixed(m: re.Match[str], now: datetime) -> Atom | None:
    """Christmas (Day, Eve), New Year's Day and Eve, Valentine's Day, St Patrick's Day, Halloween, Boxing Day, and the
    United States' Independence Day and Veterans Day: the same day every year. A bare "New Year" is its day after a
    word of time ("over New Year", "between Christmas and New Year"), not in "the new year" or "New Year plans"; so is a bare "Halloween" ("on Halloween", not "the
    Halloween party")."""
    if m[2] == "new year" and not m[1] and not m[3] and (
            _NEW_YEAR_LEAD.search(m.string, 0, m.start()) is None or _RESOLUTION.match(m.string, m.end())):
        return None
    if m[2] == "halloween" and not m[1] and not m[3] and (_RESOLUTION.match(m.string, m.end()) or not (
            m[0].startswith("on") or _HOLIDAY_PREP.search(m.string, 0, m.start()))):
        return None
    month, day = HOLIDAYS[m[2].replace("’", "'")]

    def make(y: int) -> Span:
        start = date_at(y, month, day)
        return start, start + timedelta(days=1)

    return _holiday(m, now, make, m[1], m[3])


def _holiday(m: re.Match[str], now: datetime, make: Reyear, relation: str | None, year: str | None) -> Atom:
    """A holiday in the year the words give; "last Christmas" the latest one over, "next Easter" the first one
    to come, "this Thanksgiving" this year's; without a word, the latest one begun (a later year re-years it)."""
    if year:
        return Atom(m.start(), m.end(), *make(year_of(year)))
    if relation is None:
        return Atom(m.start(), m.end(), *latest(make, now), False, make)
    y = now.year
    if relation == "last":
        y -= make(y)[1] > now
    elif relation == "next":
        y += make(y)[0] <= now
    return Atom(m.start(), m.end(), *make(y))
