"""The honest context, pure: runs of one value (timeline.spans), earlier values, the order of semantic hits
by their final score, and workflow lines filled with the task's values. No database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from graphmem.recall.hits import fill
from graphmem.recall.merge import Hit, asks_earlier, merge, named_attributes
from graphmem.timeline import Span, earlier, span_at, spans

UTC = timezone.utc
T0 = datetime(2025, 3, 10, tzinfo=UTC)
DAY = timedelta(days=1)


@dataclass(frozen=True)
class V:
    value: Any
    valid_from: datetime
    valid_to: datetime | None


# --- spans ---------------------------------------------------------------------------------------------------
def test_a_correction_that_cuts_a_run_in_two_is_read_as_one_run() -> None:
    """The issue's case: basic since 2025-03-10, cut at 2026-02-01 by a late correction."""
    cut, pro, ent = T0 + 328 * DAY, T0 + 448 * DAY, T0 + 540 * DAY
    runs = spans([V("basic", cut, pro), V("enterprise", ent, None), V("basic", T0, cut), V("pro", pro, ent)])
    assert runs == [Span("basic", T0, pro, 2), Span("pro", pro, ent), Span("enterprise", ent, None)]
    assert span_at(runs, cut + DAY) == Span("basic", T0, pro, 2)  # "since" is when it really began
    assert span_at(runs, T0 - DAY) is None


def test_a_gap_or_another_value_keeps_runs_apart_and_bool_is_not_one() -> None:
    assert len(spans([V("a", T0, T0 + DAY), V("a", T0 + 2 * DAY, None)])) == 2  # a gap: not adjacent
    assert len(spans([V(1, T0, T0 + DAY), V(True, T0 + DAY, None)])) == 2  # same_value: bool is not 1
    assert spans([V(1, T0, T0 + DAY), V(1.0, T0 + DAY, None)]) == [Span(1, T0, None, 2)]


def test_many_valued_lanes_join_each_value_with_itself() -> None:
    runs = spans([V("a", T0, T0 + DAY), V("b", T0, None), V("a", T0 + DAY, None)])
    assert runs == [Span("a", T0, None, 2), Span("b", T0, None)]
    assert span_at(runs, T0, "b", any_value=False) == Span("b", T0, None)


def test_earlier_is_the_run_before_the_current_one_or_before_the_time() -> None:
    a, b, c = Span("Portland", T0, T0 + 10 * DAY), Span("Denver", T0 + 10 * DAY, T0 + 20 * DAY), \
        Span("Seattle", T0 + 20 * DAY, None)
    assert earlier([a, b, c], T0 + 30 * DAY) == b
    assert earlier([a, b, c], T0 + 15 * DAY) == a
    assert earlier([a, b, c], T0 + 5 * DAY) is None
    assert earlier([a, b], T0 + 30 * DAY) == b  # nothing true now: the last run that ended


def test_earliest_is_the_first_run_that_ended_before_the_current_one() -> None:
    """"Where is she from originally?" asks for Portland, not Denver (the run `earlier` gives)."""
    from graphmem.recall.merge import asks_earlier, asks_first
    from graphmem.timeline import earliest

    a, b, c = Span("Portland", T0, T0 + 10 * DAY), Span("Denver", T0 + 10 * DAY, T0 + 20 * DAY), \
        Span("Seattle", T0 + 20 * DAY, None)
    assert earliest([a, b, c], T0 + 30 * DAY) == a and earliest([c, b, a], T0 + 30 * DAY) == a
    assert earliest([a, b, c], T0 + 15 * DAY) == a
    assert earliest([a, b, c], T0 + 5 * DAY) is None
    for question in ("Where's Soo-ah Kim from originally?", "Who was Sophie's advisor initially?",
                     "What did Emeka study at first?", "What was her original plan?"):
        assert asks_first(asks_earlier(question)), question
    for question in ("What plan did Aoife Ní Bhriain start on?", "Which plan did she start out on?",
                     "which desk did he begin with", "what was her plan to begin with",
                     "what city was Maria in when she first joined"):  # probe 26 (stop 55)
        assert asks_first(asks_earlier(question)), question
    assert asks_earlier("What is Tom's start date?") is None and asks_earlier("When did Tom start?") is None
    for question in ("What day does Maria start on?", "When does Maria start on the new contract?",
                     "To start with, what is Tom's phone?"):  # a future, a sentence's opener: no earlier value
        assert asks_earlier(question) is None, question
    assert not asks_first(asks_earlier("What was his address before he moved?")) and not asks_first(None)



def test_a_perfect_tense_asks_for_every_run_so_far() -> None:
    """"What accounts has Lucía had?" asks for every earlier account, oldest first; "since when has she lived
    in Seattle" and "how long has" ask about the current run, "before he moved" for the one before it."""
    from graphmem.recall.merge import asks_all, asks_earlier
    from graphmem.timeline import all_earlier

    a, b, c = Span("Portland", T0, T0 + 10 * DAY), Span("Denver", T0 + 10 * DAY, T0 + 20 * DAY), \
        Span("Seattle", T0 + 20 * DAY, None)
    assert all_earlier([c, b, a], T0 + 30 * DAY) == [a, b] and all_earlier([a, b, c], T0 + 15 * DAY) == [a]
    for question in ("What accounts has Lucía Fernández had?", "Where has she lived?", "Which units has Kofi Boateng "
                     "rented?", "Which plans have they been on?", "Maria's branches over the years",
                     "What cars has Mr. O'Neill owned so far?"):
        assert asks_all(asks_earlier(question)), question
    for question in ("since when has she lived in Seattle?", "How long has Tom worked there?",
                     "What was his address before he moved?", "Has Kwame been living in London?"):
        assert not asks_all(asks_earlier(question)), question
    assert not asks_all(None)

days = st.integers(min_value=0, max_value=40)


@given(st.lists(st.tuples(st.sampled_from("ab"), days, st.integers(min_value=1, max_value=5)), max_size=12))
def test_spans_cover_exactly_what_the_versions_cover(parts: list[tuple[str, int, int]]) -> None:
    """Lossless: at every day, the values true in the runs are the values true in the versions; and no two
    runs of one value meet (they would have been joined)."""
    versions = [V(v, T0 + s * DAY, T0 + (s + n) * DAY) for v, s, n in parts]
    runs = spans(versions)
    for d in range(0, 50):
        t = T0 + d * DAY
        assert {v.value for v in versions if v.valid_from <= t < (v.valid_to or t + DAY)} == \
            {r.value for r in runs if r.valid_at(t)}
    for r in runs:
        assert not [o for o in runs if o is not r and o.value == r.value and o.valid_from == r.valid_to]


# --- earlier values asked for ----------------------------------------------------------------------------------
def test_words_that_ask_for_an_earlier_value() -> None:
    for q in ("address before they moved to Seattle?", "what was the previous plan?", "the plan she used to have",
              "formerly on which plan?", "old address of cust-1042", "earlier email?", "她以前住在哪里",
              "Has Yusuf's salary band gone up?", "Was her plan upgraded?", "Did the price increase?"):
        assert asks_earlier(q), q
    for q in ("what plan is cust-1042 on?", "where does she live now?", "the boldest plan", "holder",
              "how old is cust-1042?", "Where does Rose live?", "What is the drop-off point?"):
        assert asks_earlier(q) is None, q


def test_a_time_phrase_asks_for_a_time_not_for_an_earlier_value() -> None:
    """"the week before last", "before March 2025": their words are the question's time (read as such by the
    time words), not a wish for the value before the current one; outside them the word still asks."""
    from datetime import datetime, timezone

    from graphmem.recall import extract_time

    now = datetime(2026, 7, 15, tzinfo=timezone.utc)
    for q in ("Where was Seo-yeon Park the week before last?", "What was her city before March 2025?",
              "Which ward was he in the previous month?"):
        phrases = extract_time(q, now=now).phrases
        assert phrases and asks_earlier(q, phrases) is None, (q, phrases)
    q = "What was her plan before the change, as of the week before last?"
    assert asks_earlier(q, extract_time(q, now=now).phrases) == "before"


def test_the_attributes_a_question_names() -> None:
    attributes = ["address", "plan", "order_id", "email"]
    assert named_attributes("the address before they moved", attributes) == {"address"}
    assert named_attributes("old order id of cust-1042", attributes) == {"order_id"}
    assert named_attributes("which plans exist, planet?", attributes) == set()


def _fact(value: str, vf: datetime, vt: datetime | None, **data: Any) -> Hit:
    return Hit("exact", "fact", f"address: {value}", "r", f"fact:{value}", at=vf,
               data={"valid_from": vf, "valid_to": vt, "txn_time": T0, "txn_end": None, **data})


def test_an_earlier_value_follows_the_current_one_and_only_if_it_ended_by_then() -> None:
    now = T0 + 30 * DAY
    hits = [_fact("Denver", T0 + 10 * DAY, T0 + 20 * DAY, earlier=True), _fact("Seattle", T0 + 20 * DAY, None)]
    assert [h.text for h in merge(hits, valid_at=now, known_at=None)] == ["address: Seattle", "address: Denver"]
    assert [h.text for h in merge(hits, valid_at=T0 + 15 * DAY, known_at=None)] == []  # Denver not ended then
    stale = [_fact("Denver", T0 + 10 * DAY, T0 + 20 * DAY)]  # not asked for: a stale version is dropped
    assert merge(stale, valid_at=now, known_at=None) == []


# --- order by the final score --------------------------------------------------------------------------------
def test_semantic_summaries_and_turns_are_ordered_by_their_final_score() -> None:
    hits = [Hit("semantic", "summary", "s", "r", "summary:1", at=T0 + DAY, score=2.0),
            Hit("semantic", "turn", "t", "r", "turn:1", at=T0, score=3.0),
            Hit("semantic", "turn", "u", "r", "turn:2", at=T0 + 2 * DAY, score=1.0),
            Hit("facts", "fact", "f", "r", "fact:x", at=T0, data={"valid_from": T0, "valid_to": None}),
            Hit("exact", "fact", "e", "r", "fact:y", at=T0, data={"valid_from": T0, "valid_to": None})]
    order = [h.text for h in merge(hits, valid_at=T0 + 3 * DAY, known_at=None)]
    assert order == ["e", "f", "t", "s", "u"]  # exact facts first, then the tiers; within semantic, the score


# --- workflow lines -------------------------------------------------------------------------------------------
def test_a_workflow_argument_is_filled_with_the_tasks_values() -> None:
    filled = {"email": "dana@example.com", "order_id": "ORD-77"}
    assert fill("{email}", filled) == "dana@example.com"
    assert fill("receipt {order_id} to {email}", filled) == "receipt ORD-77 to dana@example.com"
    assert fill("{amount}", filled) == "{amount}"  # a parameter the task did not name stays a parameter
    assert fill(3, filled) == 3


def test_the_plan_is_the_one_reading_of_the_question() -> None:
    """What the steps after the plan need of the question is read into it once (issue 31, item 5): the word
    asking for earlier values (outside time words), a reverse question's lookups, a pronoun, a name asked
    about, the words attributes are matched on; the keyed plan keeps the question as asked."""
    from datetime import datetime, timezone

    from graphmem.recall.plan import classify

    now = datetime(2026, 7, 15, tzinfo=timezone.utc)
    plan = classify("What was her old plan the week before last?", now=now)
    assert (plan.earlier_word, plan.pronoun, plan.reverse, plan.asks_name) == ("old", "her", None, False)
    assert "plan" in plan.words and plan.question == "What was her old plan the week before last?"
    plan = classify("Which patients does Dr. Hannah Schmidt look after?", now=now)
    assert plan.reverse is not None and plan.earlier_word is None and plan.pronoun is None
    plan = classify("What was org-4 called before?", now=now, question="What was Fabrikam called before?")
    assert plan.asks_name and plan.earlier_word == "before" and plan.question == "What was Fabrikam called before?"
    assert plan.query == "What was org-4 called before?"



def test_it_is_a_pronoun_only_where_it_stands_for_something() -> None:
    """Issue 31 item 4 names "it" and "their": "What tier is it on?" means the entity named last, "What time is
    it?", "Is it too late to cancel?", "it is raining" and "Who works in IT?" mean none."""
    from datetime import datetime, timezone

    from graphmem.recall.plan import classify

    now = datetime(2026, 12, 2, 12, tzinfo=timezone.utc)
    said = {q: classify(q, now=now).pronoun for q in (
        "What tier is it on?", "Who manages it?", "What is its tier?", "Where do they live?", "their city?",
        "What time is it?", "Is it too late to cancel?", "It is raining, what is the plan?", "Who works in IT?")}
    assert said == {"What tier is it on?": "it", "Who manages it?": "it", "What is its tier?": "its",
                    "Where do they live?": "they", "their city?": "their", "What time is it?": None,
                    "Is it too late to cancel?": None, "It is raining, what is the plan?": None,
                    "Who works in IT?": None}
