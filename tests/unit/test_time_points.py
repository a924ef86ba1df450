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
