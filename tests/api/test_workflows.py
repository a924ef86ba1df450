"""REST: trajectories in, workflows out; bad input is a 422 naming the field and writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from tenancy import cypher
from workflow_families import family, generate

from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

GOOD: dict[str, Any] = {
    "task": "Refund order ORD-10001 for ana@example.com", "task_type": "refund_order", "outcome": "success",
    "steps": [{"action": "lookup_order", "args": {"order_id": "ORD-10001"}},
              {"action": "issue_refund", "args": {"order_id": "ORD-10001", "mode": "card"}}],
}


def nodes(store: Store, ns: Namespace) -> int:
    return int(cypher(store, "MATCH (n {ns: $ns}) RETURN count(n) AS c", ns=ns.name)[0]["c"])


def fields(r: Any) -> list[str]:
    return [f["field"] for f in r.json()["error"]["details"]["fields"]]


def test_report_match_and_history(client: Any, ns: Namespace) -> None:
    for s in generate(3, families=[family("refund_order"), family("book_meeting")], seed=3, failure_rate=0.0):
        r = client.post(f"/v1/{ns}/trajectories", json=s.body)
        assert r.status_code == 201, r.text
        assert r.json()["id"] == s.body["id"] and r.json()["workflow"]["change"] in {"created", "updated",
                                                                                       "versioned", "unchanged"}
    r = client.get(f"/v1/{ns}/workflows", params={"task_type": "refund_order"})
    assert r.status_code == 200
    [w] = r.json()["workflows"]
    assert w["matched_by"] == "task_type" and w["successes"] == 3 and w["success_rate"] == 1.0
    assert w["steps"][0] == {"action": "lookup_order", "args": {"order_id": "{order_id}"}, "support": 3}
    assert {p["name"] for p in w["params"]} >= {"order_id", "email", "amount", "reason"}
    r = client.get(f"/v1/{ns}/workflows", params={"task": "Set up some time with Kenji Novak on 2025-05-05 at 09:15"})
    best = r.json()["workflows"][0]
    assert best["task_type"] == "book_meeting" and best["matched_by"] == "similarity"
    assert best["filled"] == {"attendee": "Kenji Novak", "date": "2025-05-05", "time": "09:15"}
    h = client.get(f"/v1/{ns}/workflows/{w['id']}/history")
    assert h.status_code == 200 and h.json()["key"] == w["key"]
    assert h.json()["versions"][-1]["txn_end"] is None and len(h.json()["versions"][-1]["trajectories"]) == 3
    missing = client.get(f"/v1/{ns}/workflows/wf-nope/history")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_workflow"


def test_offline_induce(client: Any, ns: Namespace) -> None:
    assert client.post(f"/v1/{ns}/trajectories", json={**GOOD, "id": "a"}).status_code == 201
    r = client.post(f"/v1/{ns}/workflows/induce", json={})
    assert r.status_code == 200 and r.json()["trajectories"] == 1 and r.json()["groups"] == 1
    assert [c["change"] for c in r.json()["changes"]] == ["unchanged"]
    assert client.post(f"/v1/{ns}/workflows/induce").status_code == 200
    r = client.post(f"/v1/{ns}/workflows/induce", json={"task_type": "nothing_here"})
    assert r.status_code == 200 and r.json() == {"trajectories": 0, "groups": 0, "changes": []}


@pytest.mark.parametrize("change, field", [
    ({"steps": []}, "steps"),
    ({"outcome": "partial"}, "outcome"),
    ({"outcome": "failure", "failed_step": 2}, "failed_step"),
    ({"outcome": "failure", "failed_step": -1}, "failed_step"),
    ({"failed_step": 0}, "failed_step"),
    ({"error": "boom"}, "error"),
    ({"steps": [{"action": "lookup_order", "args": ["ORD-1"]}]}, "steps.0.args"),
    ({"steps": [{"action": "lookup_order", "args": {}}, {"action": "x", "args": "order=1"}]}, "steps.1.args"),
    ({"steps": [{"args": {}}]}, "steps.0.action"),
    ({"task": ""}, "task"),
    ({"at": "2025-01-01T10:00:00"}, "at"),
    ({"colour": "red"}, "colour"),
])
def test_bad_trajectories_are_422_naming_the_field_and_write_nothing(client: Any, store: Store, ns: Namespace,
                                                                      change: dict[str, Any], field: str) -> None:
    r = client.post(f"/v1/{ns}/trajectories", json={**GOOD, **change})
    assert r.status_code == 422, r.text
    assert field in fields(r)
    assert nodes(store, ns) == 0


def test_missing_fields_and_malformed_json(client: Any, store: Store, ns: Namespace) -> None:
    r = client.post(f"/v1/{ns}/trajectories", json={"task": "x"})
    assert r.status_code == 422 and {"steps", "outcome"} <= set(fields(r))
    r = client.post(f"/v1/{ns}/trajectories", content=b'{"task": ', headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed_json"
    assert nodes(store, ns) == 0


def test_a_duplicate_id_is_409_and_writes_nothing_more(client: Any, store: Store, ns: Namespace) -> None:
    assert client.post(f"/v1/{ns}/trajectories", json={**GOOD, "id": "run-1"}).status_code == 201
    before = nodes(store, ns)
    r = client.post(f"/v1/{ns}/trajectories", json={**GOOD, "id": "run-1", "task": "other"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "duplicate_trajectory"
    assert nodes(store, ns) == before


def test_bad_queries_name_the_field(client: Any, ns: Namespace) -> None:
    r = client.get(f"/v1/{ns}/workflows")
    assert r.status_code == 422 and fields(r) == ["task"]
    assert "k" in fields(client.get(f"/v1/{ns}/workflows", params={"task": "x", "k": 0}))
    r = client.post(f"/v1/{ns}/workflows/induce", json={"llm": True})
    assert r.status_code == 422 and fields(r) == ["llm"]
    assert "bogus" in fields(client.post(f"/v1/{ns}/workflows/induce", json={"bogus": 1}))


def test_procedures_sub_workflows_and_filled_parameters_over_rest(client: Any, ns: Namespace) -> None:
    from web_procedures import bodies

    for b in bodies(12, prefix="rest"):
        r = client.post(f"/v1/{ns}/trajectories", json=b)
        assert r.status_code == 201, r.text
    r = client.get(f"/v1/{ns}/workflows", params={"task": "Find the cheapest flight from Salt Lake City to Reno",
                                                 "k": 2})
    assert r.status_code == 200, r.text
    first = r.json()["workflows"][0]
    assert first["kind"] == "procedure" and first["matched_by"] == "similarity" and "type" in first["why"]
    assert "CLICK [tab] Flights" in [s["action"] for s in first["steps"]]
    assert "Salt Lake City" in first["filled"].values()
    assert [u["workflow"] for u in first["uses"]] == [s["key"] for s in first["subworkflows"]]
    assert first["subworkflows"][0]["kind"] == "subroutine" and len(first["subworkflows"][0]["steps"]) == 3
