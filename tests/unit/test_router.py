"""The router's rules, pure: classification, intent, known keys, the merge order, the budget cut."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.embedding import get_embedder
from graphmem.identifiers import Registry
from graphmem.recall import (
    ROUTE,
    Hit,
    candidate_keys,
    classify,
    detect_intent,
    merge,
    render_context,
    with_known_keys,
)

UTC = timezone.utc
NOW = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


# --- rule 1: identifiers -----------------------------------------------------------------------
@pytest.mark.parametrize("query", ["What is the order number of user 138-0000-1234?",
                                   "用户138-0000-1234的订单号是什么？",
                                   "order of 138 0000 1234", "order of 13800001234"])
def test_a_phone_is_asked_exactly_under_phone_attributes(query: str) -> None:
    plan = classify(query, now=NOW)
    [ask] = plan.asks
    assert (ask.kind, ask.value) == ("phone", "13800001234")
    assert "phone" in ask.attributes and "mobile" in ask.attributes
    assert not plan.semantic_first and plan.intent is None


def test_email_uuid_and_order_id_in_one_query() -> None:
    q = "Did Alice@Example.com pay ORD-2024-001 (ref 123e4567-e89b-12d3-a456-426614174000)?"
    plan = classify(q, now=NOW)
    assert [(a.kind, a.value) for a in plan.asks] == [
        ("email", "alice@example.com"), ("key", "ORD-2024-001"),
        ("uuid", "123e4567-e89b-12d3-a456-426614174000")]


def test_known_entity_keys_are_exact_asks_and_unknown_words_are_not() -> None:
    q = "what did alice say about bob?"
    assert "alice" in candidate_keys(q) and "bob" in candidate_keys(q)
    plan = classify(q, now=NOW, known_keys={"alice"})
    assert [(a.raw, a.kind, a.as_key) for a in plan.asks] == [("alice", "entity_key", True)]
    assert classify(q, now=NOW).asks == ()


def test_known_keys_learnt_after_classification_join_the_plan() -> None:
    plan = classify("what did alice buy last week?", now=NOW)
    assert plan.semantic_first
    later = with_known_keys(plan, known_keys={"alice"})
    assert [a.raw for a in later.asks] == ["alice"] and not later.semantic_first
    assert later.time == plan.time and with_known_keys(plan, known_keys=()) is plan


def test_a_registry_key_that_is_also_an_entity_key_is_read_as_key() -> None:
    plan = classify("status of U-001", now=NOW, known_keys={"U-001"})
    [ask] = plan.asks
    assert ask.kind == "key" and ask.as_key and "order_id" in ask.attributes


def test_a_date_is_not_a_phone() -> None:
    plan = classify("Where did the user live as of 2026-03-01?", now=NOW)
    assert plan.asks == () and plan.valid_at == datetime(2026, 3, 1, tzinfo=UTC)


def test_extra_kinds_from_configuration() -> None:
    reg = Registry.from_json('[{"name": "ticket", "pattern": "#\\\\d{5}", "attributes": ["ticket"]}]')
    [ask] = classify("what about #12345", now=NOW, registry=reg).asks
    assert (ask.kind, ask.attributes) == ("ticket", ("ticket",))


# --- rule 2: workflow intent --------------------------------------------------------------------
@pytest.mark.parametrize(("query", "task"), [
    ("How do I refund an order?", "refund an order"),
    ("how to reset a password", "reset a password"),
    ("What are the steps to cancel a subscription?", "cancel a subscription"),
    ("procedure for onboarding a supplier", "onboarding a supplier"),
    ("如何退款？", "退款"),
    ("怎么退款", "退款"),
    ("退款的步骤是什么", "退款"),
    ("退款流程", "退款"),
])
def test_procedural_intent(query: str, task: str) -> None:
    intent = detect_intent(query)
    assert intent is not None and intent.task == task
    assert classify(query, now=NOW).wants_workflow


@pytest.mark.parametrize("query", ["How did the user pay?", "Where does the user live?", "用户住在哪里？",
                                   "What is the order number of user 138-0000-1234?"])
def test_no_procedural_intent(query: str) -> None:
    assert detect_intent(query) is None


def test_a_task_type_alone_asks_for_workflows() -> None:
    plan = classify("anything", now=NOW, task_type="refund")
    assert plan.wants_workflow and plan.intent is None


# --- rules 3 and 4 ----------------------------------------------------------------------------------
def test_semantic_only_when_nothing_else_applies() -> None:
    assert classify("Where does the user live?", now=NOW).semantic_first
    assert not classify("Where does the user live?", now=NOW, session="s1").semantic_first
    assert not classify("Where does the user live?", now=NOW, entity="U-1").semantic_first


def test_explicit_times_win_over_time_words() -> None:
    given = datetime(2026, 1, 1, tzinfo=UTC)
    plan = classify("where was he last week", now=NOW, valid_at=given)
    assert plan.valid_at == given and plan.time.since == datetime(2026, 7, 6, tzinfo=UTC)
    assert any("wins over" in n for n in plan.notes)


def test_classification_is_deterministic() -> None:
    q = "上周用户138-0000-1234如何退款？"
    first = classify(q, now=NOW, known_keys={"x"})
    assert all(classify(q, now=NOW, known_keys={"x"}) == first for _ in range(3))
    assert first.asks[0].value == "13800001234" and first.wants_workflow and first.time.since is not None


# --- merge ----------------------------------------------------------------------------------------------
def fact(value: str, vf: datetime, vt: datetime | None, *, channel: str = "exact",
         te: datetime | None = None) -> Hit:
    return Hit(channel, "fact", f"U-1 city: {value}", "r", f"fact:U-1:city:{value}", at=vf,
               data={"valid_from": vf, "valid_to": vt, "txn_time": NOW - 30 * DAY, "txn_end": te})


def test_merge_order_exact_window_facts_summaries_turns_newest_first() -> None:
    t0 = NOW - 10 * DAY
    hits = [
        Hit("semantic", "turn", "old turn", "r", "turn:1", at=t0),
        Hit("semantic", "summary", "summary", "r", "summary:1", at=t0 + DAY),
        Hit("window", "turn", "w1", "r", "turn:2", at=t0 + 2 * DAY),
        Hit("window", "turn", "w2", "r", "turn:3", at=t0 + 3 * DAY),
        Hit("facts", "fact", "f", "r", "fact:x", at=t0, data={}),
        Hit("exact", "fact", "e", "r", "fact:y", at=t0, data={}),
        Hit("workflow", "workflow", "wf", "r", "workflow:1", at=t0),
    ]
    merged = merge(hits, valid_at=NOW, known_at=NOW)
    assert [h.text for h in merged] == ["e", "wf", "w2", "w1", "f", "summary", "old turn"]


def test_a_stale_version_never_appears_beside_the_current_one() -> None:
    move = NOW - 5 * DAY
    hits = [fact("Shanghai", NOW - 60 * DAY, move), fact("Beijing", move, None, channel="facts")]
    assert [h.text for h in merge(hits, valid_at=NOW, known_at=NOW)] == ["U-1 city: Beijing"]
    before = merge(hits, valid_at=move - DAY, known_at=NOW)
    assert [h.text for h in before] == ["U-1 city: Shanghai"]


def test_a_version_no_longer_believed_is_dropped() -> None:
    retracted = fact("Beijing", NOW - 5 * DAY, None, te=NOW - DAY)
    assert merge([retracted], valid_at=NOW, known_at=NOW) == []
    assert merge([retracted], valid_at=NOW, known_at=None) == []  # None: what is believed now
    assert len(merge([retracted], valid_at=NOW, known_at=NOW - 2 * DAY)) == 1


def test_a_result_found_twice_keeps_its_best_tier() -> None:
    hits = [Hit("semantic", "turn", "t", "semantic", "turn:9", at=NOW),
            Hit("window", "turn", "t", "window", "turn:9", at=NOW)]
    [only] = merge(hits, valid_at=NOW, known_at=NOW)
    assert only.channel == "window"


# --- budget ------------------------------------------------------------------------------------------------
def test_context_fits_the_budget_with_the_real_tokenizer_most_important_first() -> None:
    count = get_embedder().count_tokens
    hits = [Hit("exact", "fact", f"U-{i} order_id: ORD-{i:04d} placed in Shanghai", "r", f"f{i}")
            for i in range(20)]
    full, full_tokens = render_context(hits, budget_tokens=None, count_tokens=count)
    assert full.count("\n") == 19 and full_tokens == count(full)
    for budget in (5, 17, 40, 100):
        text, used = render_context(hits, budget_tokens=budget, count_tokens=count)
        assert used == count(text) <= budget
        assert full.startswith(text.rstrip(" …").rsplit("\n", 1)[0])  # a prefix: order is importance
    assert render_context(hits, budget_tokens=40, count_tokens=count)[0].startswith("U-0 order_id")


# --- the routing table -----------------------------------------------------------------------------------
def test_the_route_is_one_table_read_top_to_bottom() -> None:
    assert [r.channel for r in ROUTE] == ["exact", "workflow", "window", "semantic"]
    semantic = ROUTE[-1]
    with_session = classify("Where does the user live?", now=NOW, session="s1")
    assert not semantic.when(with_session, True) and semantic.when(with_session, False)  # the fallback
    assert "found nothing" in semantic.reason(with_session)
