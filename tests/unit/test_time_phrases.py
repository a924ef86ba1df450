"""The phrase table (`time_phrases.py`) against `graphmem.recall.timephrases.resolve`, at its fixed now.

Every row is one case: the interval (kind, [start, end)) and the axis (valid or known) must be exactly
the table's. Latency is measured, not tested (see the issue-17 report): a timed test on a shared
machine fails for the wrong reasons.
"""

from __future__ import annotations

import string
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from time_phrases import NOW, PHRASES

from graphmem.recall.timephrases import Interval, resolve
from graphmem.recall.timephrases.lexicon import DAY_WORDS, MONTHS, UNITS, WEEKDAYS

UTC = timezone.utc
AT = datetime.fromisoformat(NOW.replace("Z", "+00:00"))


def _instant(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00"))


def _expected(row: dict[str, str | None]) -> tuple[object, ...] | None:
    if row["kind"] == "none":
        return None
    return row["kind"], _instant(row["start"]), _instant(row["end"]), row.get("axis") or "valid"


def _got(found: Interval | None) -> tuple[object, ...] | None:
    return None if found is None else (found.kind, found.start, found.end, found.axis)


@pytest.mark.parametrize("row", PHRASES, ids=[f"{r['category']}-{i}" for i, r in enumerate(PHRASES)])
def test_the_phrase_resolves_as_the_table_says(row: dict[str, str | None]) -> None:
    question = row["question"]
    assert question is not None
    assert _got(resolve(question, now=AT)) == _expected(row), question


def test_as_of_a_part_of_a_period_is_that_instant() -> None:
    """"as of the end of June 2025" reads the last instant of June, "known at the start of 2025" its first (the
    table's instants are to the minute)."""
    for said in ("plan as of end of June 2025", "Which plan was she on as at end of June 2025?"):  # fresh_6
        end = resolve(said, now=AT)
        assert end is not None and (end.kind, end.start, end.axis) == (
            "instant", datetime(2025, 7, 1, tzinfo=UTC) - timedelta(microseconds=1), "valid"), said
    start = resolve("what was known at the start of 2025", now=AT)
    assert start is not None and (start.kind, start.start, start.axis) == ("instant", datetime(2025, 1, 1, tzinfo=UTC), "known")


def test_the_table_covers_what_the_issue_asks_for() -> None:
    """Issue 17 asks for >= 150 phrases over these kinds; the table must not quietly shrink."""
    categories = {row["category"] for row in PHRASES}
    assert len(PHRASES) >= 300
    assert {"month_year", "month_no_year", "month_relative", "relative_day", "relative_week", "quarter",
            "season", "weekday", "week_of", "numeric", "since", "until", "between", "identifier", "none",
            "french", "german", "spanish", "chinese", "fresh"} <= categories


@pytest.mark.parametrize(("question", "phrase"), [
    ("what plan was cust-1042 on in March 2026?", "in March 2026"),
    ("Where did the user live as of 2026-03-01?", "as of 2026-03-01"),
    ("what was known on 2026-02-01 about the city", "known on 2026-02-01"),
    ("turns between March 1 and March 5", "between March 1 and March 5"),
    ("complaints after March 10, 2025", "after March 10, 2025"),
    ("the plans from March 2025 onwards", "March 2025 onwards"),
    ("2026-03-01之前用户住在哪里", "2026-03-01之前"),
    ("where was the parcel at 10 am yesterday", "at 10 am yesterday"),
])
def test_the_phrase_keeps_the_words_as_written(question: str, phrase: str) -> None:
    found = resolve(question, now=AT)
    assert found is not None and found.phrase == phrase


def test_the_callers_mask_is_never_a_date() -> None:
    question = "order 2025-03-10 shipped"
    assert resolve(question, now=AT) is not None
    start = question.index("2025")
    assert resolve(question, now=AT, mask=[(start, start + 10)]) is None


def test_now_in_another_zone_is_the_same_instant() -> None:
    """Calendar units are UTC's: 01:30 on the 1st in +02:00 is still the 30th in UTC."""
    late = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
    east = late.astimezone(timezone(timedelta(hours=2)))
    assert east.day == 1 and resolve("yesterday", now=east) == resolve("yesterday", now=late)
    found = resolve("yesterday", now=east)
    assert found is not None and found.start == datetime(2026, 11, 29, tzinfo=UTC)


_WORDS = sorted({*MONTHS, *WEEKDAYS, *UNITS, *DAY_WORDS, "last", "next", "this", "past", "ago", "in", "since",
                 "after", "before", "until", "between", "and", "from", "to", "as of", "known on", "the", "of",
                 "week of", "q3", "spring", "winter", "am", "pm", "at", "noon", "年", "月", "日", "之前", "之后",
                 "-", "/", ".", ":", ",", "the 31st", "2025", "1999", "2026-02-30", "31/02/2025", "99:99",
                 "13.13.2025", "0 days ago", "999 years ago", "in 999 quarters", "十九个月前", "past 0 days",
                 "tomorrow and 1999", "9999年", "0000年", "12/9999", "9999-12"})


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_WORDS), st.integers(0, 9999).map(str),
                          st.text(string.ascii_letters + string.digits + " -/.:", max_size=6)), max_size=8))
def test_any_words_give_a_well_formed_interval_or_none(words: list[str]) -> None:
    """Nothing a question holds makes the reader fail (impossible days, huge counts, stray clocks),
    and what it answers is a proper half-open interval."""
    found = resolve(" ".join(words), now=AT)
    if found is None:
        return
    assert found.kind in ("instant", "range", "since", "until")
    if found.kind in ("instant", "since"):
        assert found.start is not None and found.end is None
    elif found.kind == "until":
        assert found.start is None and found.end is not None
    else:
        assert found.start is not None and found.end is not None and found.start < found.end
