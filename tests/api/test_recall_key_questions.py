"""POST /v1/{ns}/recall on key questions: the exact read answers them alone (the fast path, said in the
route), right now and as of a date in words; a key question the read cannot answer takes the full route."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

import pytest

from graphmem.channels import graph, temporal
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
UTC = timezone.utc
FAST = "the semantic channels were not asked"


def seed(store: Store, ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="C-17", type="customer", name="Ana Lee",
                        valid_from=datetime(2023, 1, 1, tzinfo=UTC),
                        attributes={"plan": "basic", "phone": "+44 20 7946 0017", "city": "Leeds"})
    temporal.assert_fact(store, ns, entity="C-17", attribute="plan", value="gold",
                         valid_from=datetime(2024, 3, 1, tzinfo=UTC), reason="upgraded")
    temporal.put_entity(store, ns, key="ORD-5", type="order", attributes={"status": "shipped"},
                        valid_from=datetime(2023, 1, 1, tzinfo=UTC))
    graph.relate(store, ns, source_key="C-17", type="PLACED", target_key="ORD-5",
                 valid_from=datetime(2023, 1, 1, tzinfo=UTC))


def ask(client: Any, ns: Namespace, **body: Any) -> dict[str, Any]:
    r = client.post(f"/v1/{ns.name}/recall", json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    assert out["route"] and all(s["channel"] and s["reason"].strip() for s in out["route"])
    return out


def facts(resp: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(r["attribute"], r["value"]) for r in resp["results"] if r["kind"] == "fact"]


@pytest.mark.parametrize(("query", "plan"), [
    ("what is the plan of customer C-17?", "gold"),
    ("what was C-17's plan on 3 February 2024?", "basic"),
    ("what was C-17's plan on 3 March 2024?", "gold")])
def test_a_key_question_is_answered_by_the_exact_read_alone(client: Any, store: Store, ns: Namespace,
                                                             query: str, plan: str) -> None:
    seed(store, ns)
    resp = ask(client, ns, query=query)
    exact = [s for s in resp["route"] if s["channel"] == "exact"]
    assert len(exact) == 1 and FAST in exact[0]["reason"] and "plan of C-17" in exact[0]["reason"]
    assert {s["channel"] for s in resp["route"]} <= {"router", "exact"}  # no search, summary or window
    assert [v for a, v in facts(resp) if a == "plan"] == [plan]  # the plan true then, nothing stale beside it
    assert {a for a, _ in facts(resp)} == {"plan", "phone", "city"}  # its profile then, as the full route gives
    assert all(r["channel"] == "exact" and r["entity"] == "C-17" for r in resp["results"])
    assert f"C-17 (Ana Lee) plan: {plan}" in resp["context"]


def test_the_whole_entity_asked_brings_its_profile_and_relations(client: Any, store: Store, ns: Namespace) -> None:
    seed(store, ns)
    resp = ask(client, ns, query="who is C-17?")
    assert FAST in resp["route"][-1]["reason"] and "the whole entity" in resp["route"][-1]["reason"]
    assert sorted(facts(resp)) == [("city", "Leeds"), ("phone", "442079460017"), ("plan", "gold")]
    assert any(r["kind"] == "relation" and r.get("to") == "ORD-5" for r in resp["results"])


@pytest.mark.parametrize("query", ["what is the favourite colour of C-17?", "what did C-17 become?"])
def test_a_key_question_the_read_does_not_answer_falls_back_to_the_full_route(client: Any, store: Store,
                                                                              ns: Namespace, query: str) -> None:
    seed(store, ns)
    resp = ask(client, ns, query=query)
    assert not any(FAST in s["reason"] for s in resp["route"])
    assert resp["route"][0]["channel"] == "exact" and "'C-17' is an entity key" in resp["route"][0]["reason"]
    assert ("plan", "gold") in facts(resp) and ("plan", "basic") not in facts(resp)  # the full profile, as today
    assert any(r["kind"] == "relation" for r in resp["results"])


def test_an_unknown_key_falls_back_and_says_the_miss(client: Any, store: Store, ns: Namespace) -> None:
    seed(store, ns)
    resp = ask(client, ns, query="what is the plan of customer C-99?")
    assert not any(FAST in s["reason"] for s in resp["route"])
    assert "no exact match" in resp["route"][0]["reason"]
    assert "semantic" in {s["channel"] for s in resp["route"]}
    assert "C-17" not in json.dumps(resp)


def test_a_lowercase_key_is_found_among_the_tokens_and_answered_the_same_way(client: Any, store: Store,
                                                                             ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="acct-9", type="account", attributes={"plan": "pro"},
                        valid_from=datetime(2023, 1, 1, tzinfo=UTC))
    resp = ask(client, ns, query="what plan is acct-9 on?")
    assert FAST in resp["route"][-1]["reason"] and facts(resp) == [("plan", "pro")]
    full = ask(client, ns, query="what did acct-9 buy?")  # read with the other tokens, then the full route
    assert not any(FAST in s["reason"] for s in full["route"])
    assert "'acct-9' is an entity key" in full["route"][0]["reason"] and facts(full) == [("plan", "pro")]
