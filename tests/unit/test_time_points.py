"""Time words that name a point, in people's words (issue 31's hidden phrasing misses): "N units ago" reads
facts at that instant (the period stays the window for what was said then); "the start/beginning/middle/end
of X" reads them at that part of X; a numeric date written day- or month-first is a date, never a phone."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from graphmem.identifiers import DEFAULT_REGISTRY, find_identifiers
from graphmem.recall.plan import classify

NOW = datetime(2026, 12, 2, 12, 0, tzinfo=timezone.utc)


def _at(y: int, m: int, d: int, h: int = 0) -> datetime:
    return datetime(y, m, d, h, tzinfo=timezone.utc)


@pytest.mark.parametrize("question, valid_at", [
    ("What was her city six months ago?", _at(2026, 6, 2, 12)),
    ("where did Tom live 2 years ago", _at(2024, 12, 2, 12)),
    ("what plan was she on a month ago?", _at(2026, 11, 2, 12)),
    ("What was the plan at the start of 2025?", _at(2025, 1, 1)),
    ("city at the beginning of March 2025", _at(2025, 3, 1)),
    ("Which manager did they have in the middle of 2024?", _at(2024, 7, 2)),
    ("status at the end of 2024", datetime(2024, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc)),
    ("What was Maria Lopez's city on 15.03.2025?", datetime(2025, 3, 15, 23, 59, 59, 999999, tzinfo=timezone.utc)),
])
def test_facts_are_read_at_the_point_the_words_name(question: str, valid_at: datetime) -> None:
    plan = classify(question, now=NOW)
    assert plan.time.valid_at == valid_at, plan.notes
    assert not plan.asks  # no date was taken for a phone


def test_since_the_start_of_a_year_is_open_from_its_first_day() -> None:
    plan = classify("what changed since the start of 2025", now=NOW)
    assert (plan.time.since, plan.time.until) == (_at(2025, 1, 1), None)


@pytest.mark.parametrize("text", ["on 15.03.2025", "on 03/15/2025", "due 31-12-2024", "2025.03.15"])
def test_a_date_is_never_a_phone(text: str) -> None:
    assert [f for f in find_identifiers(text, DEFAULT_REGISTRY) if f.kind == "phone"] == []


@pytest.mark.parametrize("text", ["call 415.555.0142", "+44 20 7946 0958", "01.23.45.67.89"])
def test_phones_that_look_dotted_are_still_phones(text: str) -> None:
    assert [f.kind for f in find_identifiers(text, DEFAULT_REGISTRY)] == ["phone"]


def _end(y: int, m: int, d: int) -> datetime:  # the last instant of a day: a period's facts are read at its end
    return datetime(y, m, d, 23, 59, 59, 999999, tzinfo=timezone.utc)


#: probe 2 (stop 54), written before it was run: the point of time a question's facts are read at, the questions
#: naming people as users do (NOW is Wednesday 2026-12-02, 12:00 UTC). 31/32 on its first run: "half a year ago"
#: was read as "a year ago" (halves of units were no count); 32/32 after
PROBE_2 = [
    ("What was Maria Lopez's city last year?", _end(2025, 12, 31)),
    ("Where did Tom Berg live three weeks ago?", _at(2026, 11, 11, 12)),
    ("What was the plan 10 days ago?", _at(2026, 11, 22, 12)),
    ("Which plan was she on a year ago?", _at(2025, 12, 2, 12)),
    ("What was his phone in March 2025?", _end(2025, 3, 31)),
    ("What was her city on 2025-03-15?", _end(2025, 3, 15)),
    ("What was the address on 3/15/2025?", _end(2025, 3, 15)),
    ("as of 1 June 2025, who managed the account?", _at(2025, 6, 1)),
    ("What was Ana's plan yesterday?", _end(2026, 12, 1)),
    ("What was the city at the end of last month?", _end(2026, 11, 30)),
    ("What was the plan at the start of last year?", _at(2025, 1, 1)),
    ("Where did he live at the beginning of 2024?", _at(2024, 1, 1)),
    ("Where was Maria Lopez living two months ago?", _at(2026, 10, 2, 12)),
    ("What was his role before 2025?", _end(2024, 12, 31)),
    ("What was her plan last week?", _end(2026, 11, 29)),
    ("What was the phone number on 15/03/2025?", _end(2025, 3, 15)),
    ("What was the city in Q1 2025?", _end(2025, 3, 31)),
    ("What plan was he on in the summer of 2024?", _end(2024, 8, 31)),
    ("Who was her manager at the end of Q2 2025?", _end(2025, 6, 30)),
    ("What was Zhang Wei's email half a year ago?", _at(2026, 6, 2, 12)),
    ("What city was he in 18 months ago?", _at(2025, 6, 2, 12)),
    ("What was her plan at the start of the month?", _at(2026, 12, 1)),
    ("What was his address on March 3rd?", _end(2026, 3, 3)),
    ("What was the status at noon yesterday?", _at(2026, 12, 1, 12)),
    ("What was her city a fortnight ago?", _at(2026, 11, 18, 12)),
    ("What was the plan on 1 Jan?", _end(2026, 1, 1)),
    ("What was Maria's plan in 2024?", _end(2024, 12, 31)),
    ("What was the price as of last Friday?", _at(2026, 11, 27)),
    ("Where did she work in late 2024?", _end(2024, 12, 31)),
    ("What was his city the day before yesterday?", _end(2026, 11, 30)),
    ("What was the plan six weeks ago?", _at(2026, 10, 21, 12)),
    ("Where did O'Neill live at the end of 2023?", _end(2023, 12, 31)),
]


@pytest.mark.parametrize("question, valid_at", [
    ("where did he live a year and a half ago", _at(2025, 6, 2, 12)),
    ("What plan was Kenji on 2 and a half years ago?", _at(2024, 6, 2, 12)),
    ("city 1.5 years ago", _at(2025, 6, 2, 12)),
    ("what did she say half an hour ago", datetime(2026, 12, 2, 11, 30, tzinfo=timezone.utc)),
    ("what was the plan half a month ago", _at(2026, 11, 17, 12)),
    ("one and a half months ago", _at(2026, 10, 18, 12)),
    ("3.5 wks ago", _at(2026, 11, 8)),
    ("half a decade ago", _at(2021, 12, 2, 12)),
])
def test_a_unit_and_a_half_back_is_that_instant(question: str, valid_at: datetime) -> None:
    assert classify(question, now=NOW).time.valid_at == valid_at


@pytest.mark.parametrize("question", ["the price went up 2.3 years ago?", "version 2.5 months ago"])
def test_a_decimal_other_than_a_half_is_no_count(question: str) -> None:
    """2.3 stays a decimal (never "3 years ago"); a version number stays a version."""
    assert classify(question, now=NOW).time.valid_at is None


#: probe 3 (stop 54), written before it was run: more points people mean (NOW is Wednesday 2026-12-02, 12:00 UTC).
#: 26/28 on its first run: "circa 2020" (a year after "circa", "around", "roughly", "c.") and "last Xmas" named no
#: time; 28/28 after
PROBE_3 = [
    ("Where was Tom Berg living 3 weeks back?", _at(2026, 11, 11, 12)),
    ("What plan was Maria on a couple months ago?", _at(2026, 10, 2, 12)),
    ("Who was her manager in Q4 of last year?", _end(2025, 12, 31)),
    ("What was his plan in the first week of January 2025?", _end(2025, 1, 7)),
    ("What was her city on New Year's Day 2025?", _end(2025, 1, 1)),
    ("as at 31/12/2024, who managed the account?", _at(2024, 12, 31)),
    ("What was the plan prior to 2024-06-01?", _end(2024, 5, 31)),
    ("What was the status mid-Jan?", _end(2026, 1, 20)),
    ("What was his plan early last month?", _end(2026, 11, 10)),
    ("Where did she live late last year?", _end(2025, 12, 31)),
    ("What was the plan in the second half of last year?", _end(2025, 12, 31)),
    ("What was Maria's plan two quarters ago?", _at(2026, 6, 2, 12)),
    ("Which plan was she on in the previous quarter?", _end(2026, 9, 30)),
    ("What was Tom's city on the 3rd?", _end(2026, 11, 3)),
    ("What was the price the Monday before last?", _end(2026, 11, 16)),
    ("What was the status as of 9am on 1 March 2025?", _at(2025, 3, 1, 9)),
    ("What was Zhang Wei's plan around 1 May 2025?", _end(2025, 5, 1)),
    ("Where did the Garcias live circa 2020?", _end(2020, 12, 31)),
    ("What did his plan look like 3 months back?", _at(2026, 9, 2, 12)),
    ("What was the city last Xmas?", _end(2025, 12, 25)),
    ("What was his role at the end of the first quarter of 2025?", _end(2025, 3, 31)),
    ("What was her phone number at the start of last quarter?", _at(2026, 7, 1)),
    ("What was O'Brien's plan on Friday 14 March 2025?", _end(2025, 3, 14)),
    ("What was the plan on Mar 14th '25?", _end(2025, 3, 14)),
    ("What was her plan 1 yr ago today?", _at(2025, 12, 2, 12)),
    ("What was Ana's email as of the end of June 2025?", _end(2025, 6, 30)),
    ("Where did Priya work at the beginning of the year?", _at(2026, 1, 1)),
    ("What was the balance on the last day of last month?", _end(2026, 11, 30)),
]


#: probe 4 (stop 55), written before it was run: seasons, ordinal days, weekdays, fiscal-free quarters and halves, "this
#: time last year", "the year before last" (NOW is Wednesday 2026-12-02, 12:00 UTC). 27/28 on its first run, the miss the question set's:
#: it expected "last Monday" to be the latest Monday (30 Nov), where the documented convention reads the Monday of
#: last week, as "last Tuesday" and "since last Monday" do; 28/28 with that expectation
PROBE_4 = [
    ("What was Lena's plan this time last year?", _at(2025, 12, 2, 12)),
    ("Where did Omar live over Christmas 2024?", _end(2024, 12, 25)),
    ("What was her city in the spring of 2025?", _end(2025, 5, 31)),
    ("What plan was Kofi on in autumn 2024?", _end(2024, 11, 30)),
    ("Which plan did he have in the fall of 2023?", _end(2023, 11, 30)),
    ("What was his plan on June 1, 2025?", _end(2025, 6, 1)),
    ("What was the plan on the 1st of June 2025?", _end(2025, 6, 1)),
    ("Where did Ines live in H1 2025?", _end(2025, 6, 30)),
    ("What plan was she on in mid-March 2025?", _end(2025, 3, 20)),
    ("Who managed the account on Tuesday?", _end(2026, 12, 1)),
    ("What was his phone last Monday?", _end(2026, 11, 23)),  # the Monday of last week (tests/unit/time_phrases.py)
    ("What was the address three years back?", _at(2023, 12, 2, 12)),
    ("What was her plan 90 days ago?", _at(2026, 9, 3, 12)),
    ("What was the plan in the third quarter of 2025?", _end(2025, 9, 30)),
    ("What was her email in the 2nd quarter of 2024?", _end(2024, 6, 30)),
    ("What was the plan two Fridays ago?", _end(2026, 11, 20)),
    ("What plan was she on at the end of September?", _end(2026, 9, 30)),
    ("What was the city in December 2025?", _end(2025, 12, 31)),
    ("What was her city on 12 Dec 2025?", _end(2025, 12, 12)),
    ("What was his plan on Dec. 12, 2025?", _end(2025, 12, 12)),
    ("What was his role at the start of Q3 2025?", _at(2025, 7, 1)),
    ("How was the plan a decade ago?", _at(2016, 12, 2, 12)),
    ("What was his plan 48 hours ago?", _at(2026, 11, 30, 12)),
    ("What did she have on 2025/06/01?", _end(2025, 6, 1)),
    ("What was the status on 1st June?", _end(2026, 6, 1)),
    ("What was the city in Sept 2024?", _end(2024, 9, 30)),
    ("Where did she live the year before last?", _end(2024, 12, 31)),
    ("What was the plan at the end of last week?", _end(2026, 11, 29)),
]


#: probe 5 (stop 55), written before it was run: time as people write it in chat and by holidays ("2 wks ago",
#: "3 mo ago", "1 yr ago", "a couple of weeks back", "last weekend", "this past Monday", "around Easter 2025",
#: "Valentine's Day 2025", "Halloween", "New Year's Eve", "year end 2024", "end of day yesterday", "2 years and 3
#: months ago") (NOW is Wednesday 2026-12-02, 12:00 UTC). 20/22 on its first run: "Valentine's Day 2025" and "on
#: Halloween" named no time (only Christmas and New Year were fixed-day holidays); 22/22 after
PROBE_5 = [
    ("what was her plan a couple of weeks back?", _at(2026, 11, 18, 12)),
    ("what plan was he on 2 wks ago", _at(2026, 11, 18, 12)),
    ("what was the city 3 mo ago?", _at(2026, 9, 2, 12)),
    ("plan 1 yr ago", _at(2025, 12, 2, 12)),
    ("what was her plan last weekend?", _end(2026, 11, 29)),
    ("what was Maria's plan over the weekend?", _end(2026, 11, 29)),
    ("What was his city around Easter 2025?", _end(2025, 4, 20)),
    ("what was the plan on the 1st?", _end(2026, 12, 1)),
    ("What was his plan on New Year's Eve?", _end(2025, 12, 31)),
    ("what was the plan in the summer?", _end(2026, 8, 31)),
    ("what plan was she on in January?", _end(2026, 1, 31)),
    ("What was his role 2 years and 3 months ago?", _at(2024, 9, 2, 12)),
    ("what was the plan this past Monday", _end(2026, 11, 30)),
    ("what was the city at the end of Q3?", _end(2026, 9, 30)),
    ("What was her plan as of Dec 1st?", _at(2026, 12, 1)),
    ("what plan did he have on the 15th of last month?", _end(2026, 11, 15)),
    ("what plan was she on 6 months back?", _at(2026, 6, 2, 12)),
    ("What was the plan on Valentine's Day 2025?", _end(2025, 2, 14)),
    ("What was his address on Halloween?", _end(2026, 10, 31)),
    ("What was the plan in the first week of last month?", _end(2026, 11, 7)),
    ("What was her city at year end 2024?", _end(2024, 12, 31)),
    ("What was the plan at end of day yesterday?", _end(2026, 12, 1)),
]


#: probe 6 (stop 55), written before it was run: months named relatively ("March of last year", "the March before
#: last", "June of this year"), weekdays of a week, ranges written with a dash or "between", numeric months,
#: ordinal weeks and weekdays of a month, thirds of a month or year, "pre-2020", "the close of Q1", ISO weeks
#: (NOW is Wednesday 2026-12-02, 12:00 UTC). 23/25 on its first run: "the March before last" and "pre-2020" read no
#: time ("post-2020" neither); 25/25 after
PROBE_6 = [
    ("What was her plan in March of last year?", _end(2025, 3, 31)),
    ("What was his city in June of this year?", _end(2026, 6, 30)),
    ("What plan was she on the March before last?", _end(2025, 3, 31)),
    ("What was the plan on Monday of last week?", _end(2026, 11, 23)),
    ("What was his plan on Monday last week?", _end(2026, 11, 23)),
    ("What was the plan in the year 2023?", _end(2023, 12, 31)),
    ("What was her plan at 5pm yesterday?", _at(2026, 12, 1, 17)),
    ("What was the plan at the close of Q1 2025?", _end(2025, 3, 31)),
    ("What was her city pre-2020?", _end(2019, 12, 31)),
    ("What plan was he on in Jan–Mar 2025?", _end(2025, 3, 31)),
    ("What was the city between 2020 and 2022?", _end(2022, 12, 31)),
    ("What was her plan in 03/2025?", _end(2025, 3, 31)),
    ("What was the plan in 2025-03?", _end(2025, 3, 31)),
    ("What was his plan on 3rd March 2025?", _end(2025, 3, 3)),
    ("What was the plan in the 3rd week of March 2025?", _end(2025, 3, 21)),
    ("What was the plan back in Q2?", _end(2026, 6, 30)),
    ("What was her city in late March 2025?", _end(2025, 3, 31)),
    ("What was the plan in early June?", _end(2026, 6, 10)),
    ("What was the plan in mid-2025?", _end(2025, 8, 31)),
    ("What was the plan on the last day of February 2024?", _end(2024, 2, 29)),
    ("What was the plan the first Monday of March 2025?", _end(2025, 3, 3)),
    ("What was the plan in the autumn of 2025?", _end(2025, 11, 30)),
    ("What was her plan in week 12 of 2025?", _end(2025, 3, 23)),
    ("What plan was he on on 2025.03.15?", _end(2025, 3, 15)),
    ("What was her city in the winter of 2024?", _end(2025, 2, 28)),
]


#: probe 7 (stop 55), written before it was run: days counted from holidays, two-digit years, "throughout",
#: "halfway through", clock times, weekdays counted back, thirds and halves of units (NOW is Wednesday 2026-12-02,
#: 12:00 UTC). 22/23 on its first run: "halfway through 2024" was read as "through 2024" (until its end); "halfway"
#: or "midway" through or into a period is its middle now, as "the middle of" it; 23/23 after
PROBE_7 = [
    ("What was the plan the week before Christmas 2025?", _end(2025, 12, 24)),
    ("What was her plan 3 days before Christmas 2025?", _end(2025, 12, 22)),
    ("What was the plan the day after New Year's Day 2025?", _end(2025, 1, 2)),
    ("What was his city in the first quarter of last year?", _end(2025, 3, 31)),
    ("What was the plan exactly one year ago?", _at(2025, 12, 2, 12)),
    ("What was the plan as of 1/1/25?", _at(2025, 1, 1)),
    ("What was the plan on 31 Dec '24?", _end(2024, 12, 31)),
    ("What was the plan in Dec '24?", _end(2024, 12, 31)),
    ("What was his city during 2024?", _end(2024, 12, 31)),
    ("What was the status throughout 2023?", _end(2023, 12, 31)),
    ("What was the plan by the end of 2024?", _end(2024, 12, 31)),
    ("What was the plan at the beginning of last month?", _at(2026, 11, 1)),
    ("What was the plan halfway through 2024?", _at(2024, 7, 2)),
    ("What was the plan the Friday before last?", _end(2026, 11, 20)),
    ("What was the plan 2 Mondays ago?", _end(2026, 11, 23)),
    ("What was Maria's plan at midnight on 1 March 2025?", _at(2025, 3, 1)),
    ("What was the plan at 14:30 on 3 March 2025?", datetime(2025, 3, 3, 14, 30, tzinfo=timezone.utc)),
    ("What was the plan on the 2nd of Jan?", _end(2026, 1, 2)),
    ("What was his plan in summer '24?", _end(2024, 8, 31)),
    ("What was the plan on Sunday the 1st of June 2025?", _end(2025, 6, 1)),
    ("What was her plan three and a half years ago?", _at(2023, 6, 2, 12)),
    ("What was the plan last Christmas Eve?", _end(2025, 12, 24)),
    ("What was the plan on Thanksgiving 2025?", _end(2025, 11, 27)),
]


#: probe 8 (stop 55), written before it was run: dates in every punctuation, seasons and weeks without a year,
#: large counts back, "as at", "effective", "on or before", halves of the year, days counted from holidays by weeks
#: and months (NOW is Wednesday 2026-12-02, 12:00 UTC). 17/22 on its first run: "3 Mar. 2025" (a period after a
#: day-first abbreviated month), "effective 1 July 2025", "on or before", "the first half of the year" and "a month
#: before Easter" named no time or the wrong one; 22/22 after
PROBE_8 = [
    ("What was her plan on the 3rd of March, 2025?", _end(2025, 3, 3)),
    ("What was his plan on March 3 2025?", _end(2025, 3, 3)),
    ("What was the plan on 3 Mar. 2025?", _end(2025, 3, 3)),
    ("What was the plan on Mar 3, '25?", _end(2025, 3, 3)),
    ("What was her plan on Tue 4 March 2025?", _end(2025, 3, 4)),
    ("What was his city in the spring?", _end(2026, 5, 31)),
    ("What was her plan at the end of the summer?", _end(2026, 8, 31)),
    ("What was the plan at the start of the week?", _at(2026, 11, 30)),
    ("What was the plan at the end of the week before last?", _end(2026, 11, 22)),
    ("What was the plan 10 weeks ago?", _at(2026, 9, 23, 12)),
    ("What was her plan 100 days ago?", _at(2026, 8, 24, 12)),
    ("What was his plan twelve months ago?", _at(2025, 12, 2, 12)),
    ("What was the plan 5 yrs ago?", _at(2021, 12, 2, 12)),
    ("What was the plan one week ago today?", _at(2026, 11, 25, 12)),
    ("What was the plan as at 30 June 2025?", _at(2025, 6, 30)),
    ("What was the plan effective 1 July 2025?", _at(2025, 7, 1)),
    ("What was her plan on or before 1 March 2025?", _end(2025, 3, 1)),
    ("What was her plan during the first half of the year?", _end(2026, 6, 30)),
    ("What was the plan in the latter half of 2025?", _end(2025, 12, 31)),
    ("What was her plan the day before New Year's Eve 2025?", _end(2025, 12, 30)),
    ("What was the plan a month before Easter 2025?", _end(2025, 3, 20)),
    ("What was the plan two weeks after Christmas 2025?", _end(2026, 1, 8)),
]


#: probe 9 (stop 55), written before it was run: days of the month without a month, months without a year, days
#: counted before a date, hedges ("or so", "approx.", "about"), part words without "the", month ranges, "as of the
#: 1st" (NOW is Wednesday 2026-12-02, 12:00 UTC). 20/22 on its first run: "a fortnight before" and "a year before"
#: a day were no count (days, weeks and months were); 22/22 after
PROBE_9 = [
    ("What was the plan on the 28th?", _end(2026, 11, 28)),
    ("What was the plan on the 28th of November?", _end(2026, 11, 28)),
    ("What was his plan on November 28?", _end(2026, 11, 28)),
    ("What was the plan in November?", _end(2026, 11, 30)),
    ("What was her plan last Nov?", _end(2026, 11, 30)),
    ("What was the plan 3 weeks before 1 March 2025?", _end(2025, 2, 8)),
    ("What was the plan a fortnight before Christmas 2025?", _end(2025, 12, 11)),
    ("What was the plan a year before 1 March 2025?", _end(2024, 3, 1)),
    ("What was her plan at the end of 2024 or so?", _end(2024, 12, 31)),
    ("What was the plan in approx. March 2025?", _end(2025, 3, 31)),
    ("What was the plan in about mid-March?", _end(2026, 3, 20)),
    ("What was the plan at start of 2025?", _at(2025, 1, 1)),
    ("What was the plan at end of Q2 2025?", _end(2025, 6, 30)),
    ("What was the plan at beginning of last year?", _at(2025, 1, 1)),
    ("What was her plan from March 2025 to May 2025?", _end(2025, 5, 31)),
    ("What was the plan Mar–May 2025?", _end(2025, 5, 31)),
    ("What was the plan between March and May 2025?", _end(2025, 5, 31)),
    ("What was the plan over the summer of 2025?", _end(2025, 8, 31)),
    ("What was the plan around the 10th of March 2025?", _end(2025, 3, 10)),
    ("What was the plan as of the 1st?", _at(2026, 12, 1)),
    ("What was the plan as of the first of the month?", _at(2026, 12, 1)),
    ("What was the plan on the 1st of the month?", _end(2026, 12, 1)),
]


#: probe 10 (stop 56), written before it was run: chat words, spans beside a day, clock times
PROBE_10 = [
    # "b4" was read as "before" here, then dropped after a review: room B4, unit B4, cell B4 are everywhere
    ("what was sam's plan b4 xmas 2025", _end(2025, 12, 25)),
    ("plan as at 31/12/2025", _at(2025, 12, 31)),
    ("What was the plan the weekend before last?", _end(2026, 11, 22)),
    ("What was the plan on Dec 1st?", _end(2026, 12, 1)),
    ("What was the plan on the 1st of Dec 2025?", _end(2025, 12, 1)),
    ("What was the plan as of last Friday at 5pm?", _at(2026, 11, 27, 17)),
    ("What was the plan the day before yesterday?", _end(2026, 11, 30)),
    ("What was the plan in the 2 weeks before Christmas 2025?", _end(2025, 12, 24)),
    ("What was the plan in the week commencing 3 March 2025?", _end(2025, 3, 9)),
    ("What was the plan over the weekend of 8 March 2025?", _end(2025, 3, 9)),
    ("What was her plan back in Feb?", _end(2026, 2, 28)),
    ("What was the plan the summer before last?", _end(2025, 8, 31)),
    ("What was the plan at Easter 2025?", _end(2025, 4, 20)),
    ("What was the plan at 9am on 3 March 2025?", _at(2025, 3, 3, 9)),
    ("What was the plan on 3rd March '25?", _end(2025, 3, 3)),
    ("What was the plan a decade ago?", _at(2016, 12, 2, 12)),  # the instant, as "2 years ago" (set's error)
    ("What was the plan 1.5 years ago?", _at(2025, 6, 2, 12)),
    ("What was the plan in the 90 days before 1 March 2025?", _end(2025, 2, 28)),
    ("What was the plan the week after next?", _end(2026, 12, 20)),
    ("what plan was she on when we spoke on 4 Nov", _end(2026, 11, 4)),
    ("What was the plan on Wed 26 Nov?", _end(2026, 11, 26)),
    ("what was the plan on the 2nd", _at(2026, 12, 2, 12)),  # today: read now (set's error)
]


@pytest.mark.parametrize("question, valid_at", PROBE_2 + PROBE_3 + PROBE_4 + PROBE_5 + PROBE_6 + PROBE_7
                         + PROBE_8 + PROBE_9 + PROBE_10)
def test_the_point_people_mean(question: str, valid_at: datetime) -> None:
    plan = classify(question, now=NOW)
    assert plan.time.valid_at == valid_at, plan.notes
