"""The key question's fast path, decided in pure code: which questions the exact read may answer alone
(`fast_keys`, before any read) and which it does answer once the keys are read (`key_answer`)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from graphmem.recall import candidate_keys, classify, fast_keys, key_answer
from graphmem.recall.merge import asks_earlier

UTC = timezone.utc
NOW = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)
C17 = {"C-17": ("customer", "Ana Lee", ("plan", "phone", "city", "order_id"))}
BOTH = {**C17, "C-18": ("customer", None, ("plan",))}

# (question, keys read first, what the read answers: attributes named, () for the whole entity, None = full route)
TABLE: list[tuple[str, tuple[str, ...], tuple[str, ...] | None]] = [
    ("what is the plan of customer C-17?", ("C-17",), ("plan",)),
    ("what was C-17's phone on 3 March 2024?", ("C-17",), ("phone",)),
    ("What's C-17's plan?", ("C-17",), ("plan",)),
    ("C-17 plan", ("C-17",), ("plan",)),
    ("what is the order id of C-17 as of 2025-01-01?", ("C-17",), ("order_id",)),
    ("plan and city of C-17?", ("C-17",), ("city", "plan")),
    ("what is the plan of Ana Lee C-17?", ("C-17",), ("plan",)),  # the entity's own name is not a question word
    ("who is C-17?", ("C-17",), ()),
    ("tell me about C-17", ("C-17",), ()),
    ("what is the plan of C-17 and C-18?", ("C-17", "C-18"), ("plan",)),
    # the attribute in the words people use: a word of the table, another inflection, a filler
    ("where does C-17 live?", ("C-17",), ("city",)),
    ("Where is C-17 based these days?", ("C-17",), None),  # "these days" is no time phrase the reader knows
    ("where is C-17 based now?", ("C-17",), ("city",)),
    ("Which plan has C-17 got?", ("C-17",), ("plan",)),
    ("Can you tell me C-17's phone number, please?", ("C-17",), ("phone",)),
    ("where does C-17 work?", ("C-17",), None),  # an employer C-17 does not have: not its city
    # from the review of that change: words of the table that are verbs with a direction, events, another
    # entity's attribute, and a number that is no phone take the full route
    ("What is C-17's phone number?", ("C-17",), ("phone",)),
    ("who does C-17 manage?", ("C-17",), None),  # not who manages C-17
    ("who did C-17 call?", ("C-17",), None),  # not C-17's phone
    ("what is the order number of C-17?", ("C-17",), None),  # "number" after "order": no phone
    ("Where has C-17 lived?", (), None),  # a history: every earlier value, read by the full route
    ("What plans has C-17 been on?", (), None),  # several values: every one so far, read by the full route
    # read, but the read does not answer it alone: the full route runs
    ("what is the favourite colour of C-17?", ("C-17",), None),  # an attribute C-17 does not have
    ("what did C-17 become?", ("C-17",), None),  # a word beyond the attributes
    ("what is the plan of C-99?", ("C-99",), None),  # unknown key
    ("what is the plan of C-17 and C-99?", ("C-17", "C-99"), None),  # one key unknown: the miss is said
    ("C-17的套餐是什么？", ("C-17",), None),  # other languages take the full route
    # never tried: the full route from the start
    ("what was the plan of C-17 before?", (), None),  # an earlier value: the timeline
    ("has C-17 moved?", (), None),  # a change: the value before the current one beside it (the timeline)
    ("Has C-17's plan ever changed?", (), None),
    ("what has C-17's plan been since March 2024?", (), None),  # a range from a point on: a history
    ("how do I upgrade the plan of C-17?", (), None),  # procedural intent
    ("what is the plan of 138-0000-1234?", (), None),  # a phone: looked up under attributes
    ("what is the plan of ana@example.com?", (), None),
    ("what is the plan of the customer?", (), None),  # no key at all
]


@pytest.mark.parametrize(("query", "keys", "answer"), TABLE, ids=[q for q, _, _ in TABLE])
def test_which_questions_take_the_fast_path(query: str, keys: tuple[str, ...],
                                            answer: tuple[str, ...] | None) -> None:
    plan = classify(query, now=NOW)
    earlier = asks_earlier(query)
    assert fast_keys(plan, earlier) == keys
    found = key_answer(plan, BOTH, earlier)
    if answer is None:
        assert found is None
    else:
        assert found is not None and found.keys == keys and found.attributes == answer
        assert "the semantic channels were not asked" in found.explain()


def test_another_entitys_attribute_is_never_answered_with_the_keys_own() -> None:
    """"where does C-17's manager live?" asks the manager's city: C-17's own city would be a confident wrong
    answer."""
    linked = {"C-17": ("customer", "Ana Lee", ("plan", "phone", "city", "manager", "company"))}
    for query in ("where does C-17's manager live?", "where does the manager of C-17 live?",
                  "what is the phone number of C-17's manager?", "which city is C-17's company in?",
                  "Who is C-17's manager's manager?", "Who is the manager of C-17's manager?"):
        assert key_answer(classify(query, now=NOW), linked) is None, query
    answer = key_answer(classify("Who is C-17's manager?", now=NOW), linked)
    assert answer is not None and answer.attributes == ("manager",)


def test_the_caller_entity_is_read_first_and_a_session_takes_the_full_route() -> None:
    plan = classify("what is the plan?", now=NOW, entity="C-17")
    assert fast_keys(plan) == ("C-17",)
    answer = key_answer(plan, C17)
    assert answer is not None and answer.attributes == ("plan",)
    assert fast_keys(classify("what is the plan of C-17?", now=NOW, session="s1")) == ()
    assert fast_keys(classify("what is the plan of C-17?", now=NOW, task_type="upgrade")) == ()
    assert key_answer(classify("anything to know?", now=NOW, entity="C-17"), C17) is None


def test_an_attribute_with_no_value_then_is_not_answered() -> None:
    """The read lists only the attributes with a value at valid_at: asked before the plan existed, the
    plan is not answered by the fast path (the full route says what the profile held then)."""
    plan = classify("what was the plan of C-17 on 3 March 2019?", now=NOW)
    assert fast_keys(plan) == ("C-17",) and plan.valid_at is not None
    assert key_answer(plan, {"C-17": ("customer", None, ("phone",))}) is None


CUST = {"cust-1042": ("customer", "Dana Reyes", ("plan", "address", "email", "phone"))}
# with no identifier in the query: the tokens that could be keys are read when one holds a digit
TOKENS: list[tuple[str, bool, tuple[str, ...] | None]] = [
    ("what plan is cust-1042 on?", True, ("plan",)),
    ("what plan was cust-1042 on in March 2026?", True, ("plan",)),
    ("tell me about cust-1042", True, ()),
    ("what did cust-1042 complain about?", True, None),  # a word beyond the attributes
    ("what plan is cust-9999 on?", True, None),  # no token is a key
    ("what plan is dana on?", False, None),  # no token with a digit: the full route resolves the tokens
    ("what happened in 2024 to order 55?", False, None),  # numbers alone are not key-like
    ("what was the address of cust-1042 before they moved?", False, None),  # an earlier value
]


@pytest.mark.parametrize(("query", "read", "answer"), TOKENS, ids=[q for q, _, _ in TOKENS])
def test_key_tokens_without_an_identifier_are_read_with_the_other_tokens(query: str, read: bool,
                                                                          answer: tuple[str, ...] | None) -> None:
    plan = classify(query, now=NOW)
    assert plan.asks == ()
    tokens = candidate_keys(query)
    keys = fast_keys(plan, asks_earlier(query), tokens)
    assert keys == (tuple(tokens) if read else ())
    found = key_answer(plan, {k: v for k, v in CUST.items() if k in keys}, asks_earlier(query))
    if answer is None:
        assert found is None
    else:
        assert found is not None and found.keys == ("cust-1042",) and found.attributes == answer
