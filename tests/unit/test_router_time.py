"""Time words in a recall query as the router reads them: `extract_time` maps the interval
`graphmem.recall.timephrases` reads (relative to a fixed `now`) onto the read times of `TimeScope`."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.identifiers import find_identifiers
from graphmem.recall import TimeScope, extract_time

UTC = timezone.utc
NOW = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)  # a Wednesday
TICK = timedelta(microseconds=1)


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


def masked(query: str) -> TimeScope:
    """As the router calls it: identifiers are masked so they are never read as dates."""
    return extract_time(query, now=NOW, mask=[(f.start, f.end) for f in find_identifiers(query)])


def test_as_of_a_date_sets_valid_at_only() -> None:
    scope = masked("Where did the user live as of 2026-03-01?")
    assert scope.valid_at == at(2026, 3, 1) and scope.phrases == ("as of 2026-03-01",)
    assert (scope.since, scope.until, scope.known_at) == (None, None, None)


@pytest.mark.parametrize("query", ["what did we discuss last week", "上周我们讨论了什么"])
def test_last_week_is_the_previous_monday_to_sunday(query: str) -> None:
    scope = masked(query)
    assert scope.since == at(2026, 7, 6)
    assert scope.until == at(2026, 7, 13) - TICK
    assert scope.valid_at == scope.until  # facts as they stood at the end of that week


@pytest.mark.parametrize("query", ["where was he in March", "三月份他在哪里"])
def test_a_month_name_is_the_latest_past_such_month(query: str) -> None:
    scope = masked(query)
    assert (scope.since, scope.until) == (at(2026, 3, 1), at(2026, 4, 1) - TICK)


@pytest.mark.parametrize("query", ["去年用户住在哪里", "Where did the user live last year?", "in 2025"])
def test_last_year(query: str) -> None:
    scope = masked(query)
    assert (scope.since, scope.until) == (at(2025, 1, 1), at(2026, 1, 1) - TICK)
    assert scope.valid_at == at(2026, 1, 1) - TICK


def test_a_period_containing_now_never_reads_the_future() -> None:
    scope = masked("what happened this week")
    assert scope.since == at(2026, 7, 13)
    assert scope.valid_at == NOW


def test_yesterday_and_a_precise_time() -> None:
    day = masked("yesterday")
    assert (day.since, day.until) == (at(2026, 7, 14), at(2026, 7, 15) - TICK)
    point = masked("where was the parcel at 10 am yesterday")
    assert point.valid_at == at(2026, 7, 14, 10) and point.since is None and point.until is None


def test_since_and_before_bound_a_range() -> None:
    since = masked("orders since 2026-01-05")
    assert since.since == at(2026, 1, 5) and since.until is None and since.valid_at is None
    before = masked("Where did the user live before 2026-03-01")
    assert before.until == at(2026, 3, 1) - TICK and before.valid_at == before.until
    zh = masked("2026-03-01之前用户住在哪里")
    assert zh.until == at(2026, 3, 1) - TICK


def test_between_two_dates() -> None:
    scope = masked("turns between March 1 and March 5")
    assert (scope.since, scope.until) == (at(2026, 3, 1), at(2026, 3, 6) - TICK)
    zh = masked("从2026年1月1日到2026年2月1日的对话")
    assert (zh.since, zh.until) == (at(2026, 1, 1), at(2026, 2, 2) - TICK)


def test_chinese_as_of() -> None:
    assert masked("截至2026年3月1日用户住在哪里").valid_at == at(2026, 3, 1)


def test_known_on_sets_known_at() -> None:
    scope = masked("what was known on 2026-02-01 about the city")
    assert scope.known_at == at(2026, 2, 1) and scope.valid_at is None
    assert scope.phrases == ("known on 2026-02-01",)


@pytest.mark.parametrize("query", [
    "What is the order number of user 138-0000-1234?",  # a phone, not a date
    "用户138-0000-1234的订单号是什么？",
    "May I get a refund?",                               # a verb, not a month
    "what did we say",                                   # "we" is not Wednesday
    "How do I refund an order?",
    "Where does the user live?",
])
def test_no_time_words(query: str) -> None:
    assert masked(query) == TimeScope()


def test_relative_to_the_given_now() -> None:
    later = extract_time("last week", now=NOW + timedelta(days=7))
    assert later.since == at(2026, 7, 13)


# --- the conventions of the phrase table that changed how recall reads (issue 17) ----------------------
def test_after_a_day_starts_when_that_day_is_over() -> None:
    scope = masked("complaints after March 10, 2026")  # dateparser's reading started on the 10th itself
    assert scope.since == at(2026, 3, 11) and scope.until is None and scope.valid_at is None


def test_from_a_month_alone_is_that_month() -> None:
    scope = masked("show orders from December 2025")  # read as "since December 2025" before
    assert (scope.since, scope.until) == (at(2025, 12, 1), at(2026, 1, 1) - TICK)
    assert scope.valid_at == at(2026, 1, 1) - TICK


def test_last_monday_is_monday_of_last_week() -> None:
    scope = masked("what did the customer say last Monday")  # not the Monday of this week (the 13th)
    assert (scope.since, scope.until) == (at(2026, 7, 6), at(2026, 7, 7) - TICK)


def test_as_of_a_period_is_its_start() -> None:
    scope = masked("what was the balance as of last week")
    assert scope.valid_at == at(2026, 7, 6) and (scope.since, scope.until) == (None, None)


def test_a_month_with_its_year_after_an_identifier() -> None:
    """Issue 17: "in March 2026" after a key was read as the year 2026 alone."""
    scope = masked("what plan was cust-1042 on in March 2026?")
    assert (scope.since, scope.until) == (at(2026, 3, 1), at(2026, 4, 1) - TICK)
    assert scope.valid_at == at(2026, 4, 1) - TICK and scope.phrases == ("in March 2026",)
    assert masked("in march of last year").since == at(2025, 3, 1)


def test_a_range_ahead_reads_what_will_be_true_then() -> None:
    scope = masked("what is planned for next week")
    assert scope.since == at(2026, 7, 20) and scope.valid_at == scope.until == at(2026, 7, 27) - TICK


def test_believed_as_of_sets_known_at() -> None:
    scope = masked("what did we believe as of March 2026 about her plan")
    assert scope.known_at == at(2026, 3, 1) and scope.valid_at is None
    assert scope.interval is not None and scope.interval.axis == "known"


def test_until_a_month_includes_it_and_reads_facts_at_its_end() -> None:
    scope = masked("orders until March 2026")
    assert scope.since is None and scope.until == at(2026, 4, 1) - TICK and scope.valid_at == scope.until


def _span(query: str, name: str) -> tuple[int, int]:
    start = query.index(name)
    return start, start + len(name)


@pytest.mark.parametrize("query, name, phrases", [
    ("What is Christmas Jones's phone?", "Christmas Jones", ()),
    ("What did Tuesday Weld say last week?", "Tuesday Weld", ("last week",)),
    ("What was Maria Lopez's city in March 2025?", "Maria Lopez", ("in March 2025",)),
])
def test_a_name_is_no_time_word_and_the_time_words_are_read_once(query: str, name: str,
                                                                 phrases: tuple[str, ...]) -> None:
    """Recall reads a question's time words before its names are known; once a name is known, a phrase inside
    it ("Christmas" of Christmas Jones) is no time, and the others stand as first read (not read again)."""
    from graphmem.recall.plan import classify, time_beside_names

    first = classify(query, now=NOW)
    scope = time_beside_names(query, first, [_span(query, name)], now=NOW)
    assert scope.phrases == phrases
    if not any(p in name for p in first.time.phrases):
        assert scope is first.time  # nothing to read again


@pytest.mark.parametrize("query, since, until", [
    ("What ward was Min-jun Kim in last year?", at(2025, 1, 1), at(2026, 1, 1) - TICK),  # "in" is the ward's
    ("what changed in the last year", NOW - timedelta(days=365), NOW - TICK),
    ("what did she buy over past year", NOW - timedelta(days=365), NOW - TICK),
    ("what happened in last 3 days", NOW - timedelta(days=3), NOW - TICK),
    ("what changed within last month", at(2026, 6, 15, 12), NOW - TICK),
    ("what did he buy over last week", at(2026, 7, 8, 12), NOW - TICK),
    ("Where did she live during last year?", at(2025, 1, 1), at(2026, 1, 1) - TICK),
])
def test_the_last_year_is_a_window_only_with_the_or_a_count(query: str, since: datetime, until: datetime) -> None:
    scope = masked(query)
    assert (scope.since, scope.until) == (since, until), scope


def test_a_time_phrase_is_found_across_any_whitespace() -> None:
    """The phrase keeps one space between its words; the question may hold a line break or two spaces."""
    from graphmem.recall.merge import asks_earlier
    from graphmem.recall.plan import classify, time_beside_names

    query = "What is the phone of\nMay Chen?"
    first = classify(query, now=NOW)
    assert first.time.phrases == ("of May",)
    assert time_beside_names(query, first, [_span(query, "May Chen")], now=NOW).phrases == ()
    query = "Where was Seo-yeon Park the week  before last?"
    assert asks_earlier(query, masked(query).phrases) is None
    from graphmem.recall.timewords import phrase_spans

    assert phrase_spans("last week, then last  week", ["last week"]) == [(0, 9), (16, 26)]
    assert phrase_spans("last weekly report, and last\nweek", ["last week"]) == [(24, 33)]
    assert phrase_spans("aa aa aa", ["aa aa"]) == [(0, 5)]  # not overlapping


def test_chinese_time_words_are_found_between_other_characters() -> None:
    """Chinese writes no spaces: "三月之前" stands between other characters, and is still the question's time,
    neither an earlier value asked for nor a name's part when the name is elsewhere."""
    from graphmem.recall.merge import asks_earlier
    from graphmem.recall.plan import classify, time_beside_names

    for query in ("她三月之前住在哪里？", "王芳三月以前在哪个病房？"):
        assert asks_earlier(query, masked(query).phrases) is None, query
    query = "李五月现在住在哪里？"  # the name 李五月 holds 五月 (May): no time once it is known as a name
    first = classify(query, now=NOW)
    assert first.time.phrases and time_beside_names(query, first, [(0, 3)], now=NOW).phrases == ()


@pytest.mark.parametrize(("query", "since", "end"), [
    ("What was revenue for Q1-Q3 2025?", at(2025, 1, 1), at(2025, 10, 1)),
    ("Revenue Q2-Q4 2025 for ACME-7", at(2025, 4, 1), at(2026, 1, 1))])
def test_a_run_of_quarters_is_a_time_not_a_key(query: str, since: datetime, end: datetime) -> None:
    """The key pattern (ORD-2024-001) once claimed "Q1-Q3", and the router's mask hid the time from the reader."""
    scope = masked(query)
    assert scope.since == since and scope.until == end - TICK, scope
    assert [f.raw for f in find_identifiers(query)] == (["ACME-7"] if "ACME" in query else [])
