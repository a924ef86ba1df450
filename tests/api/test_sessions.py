"""REST: turns, batches, window, summary, exact turn lookup; every failure a 4xx naming the field, nothing
written."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j


def _error(r: Any, status: int, code: str, field: str | None = None) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code, err
    if field is not None:
        assert field in [f["field"] for f in err["details"]["fields"]], err
    return err  # type: ignore[no-any-return]


def test_post_turn_then_window_and_lookup(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    # a day before the next turn, which takes the machine's clock: relative, so the window's order by time
    # holds on any date
    said = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(days=1)
    r = client.post(f"{base}/sessions/s1/turns", json={"role": "user", "text": "Hello, order ORD-9 is late",
                                                       "speaker": "Ann", "id": "D1:3", "metadata": {"lang": "en"},
                                                       "at": said.astimezone(timezone(timedelta(hours=1))).isoformat()})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["id"] == "D1:3" and body["seq"] == 1 and body["at"] == said.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert body["metadata"] == {"lang": "en"} and body["folded"] == [] and body["summary"] is None
    r = client.post(f"{base}/sessions/s1/turns", json={"text": "Sorry about that", "role": "assistant", "id": "D1:30"})
    assert r.status_code == 201 and r.json()["seq"] == 2
    w = client.get(f"{base}/sessions/s1/window").json()
    assert [t["id"] for t in w["turns"]] == ["D1:3", "D1:30"] and w["size"] == 8
    assert client.get(f"{base}/turns/D1:3").json()["text"] == "Hello, order ORD-9 is late"
    _error(client.get(f"{base}/turns/D1:"), 404, "unknown_turn")
    summary = client.get(f"{base}/sessions/s1/summary").json()
    assert summary["parts"] == [] and summary["turn_count"] == 0


def test_turns_leaving_the_window_are_in_the_summary(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    turns = [{"text": f"Turn {i}: the invoice INV-{i} totals {i * 10} euros.", "speaker": "Ann" if i % 2 else "Ben",
              "id": f"x{i}", "at": f"2026-03-01T09:{i:02d}:00Z"} for i in range(12)]
    r = client.post(f"{base}/sessions/s/turns/batch", json={"turns": turns})
    assert r.status_code == 201, r.text
    assert [t["seq"] for t in r.json()["turns"]] == list(range(1, 13)) and r.json()["folded"]
    w = client.get(f"{base}/sessions/s/window", params={"size": 8}).json()
    assert [t["id"] for t in w["turns"]] == [f"x{i}" for i in range(4, 12)]
    s = client.get(f"{base}/sessions/s/summary").json()
    assert s["turn_count"] == 4 and s["from_seq"] == 1 and s["to_seq"] == 4
    assert s["from_at"] == "2026-03-01T09:00:00Z" and s["to_at"] == "2026-03-01T09:03:00Z"
    assert {"text", "core_topic", "facts", "open_items", "entities", "tone", "intent"} <= set(s)
    assert any("INV-0" in f for f in s["facts"]) and "INV-0" in s["entities"]


def test_duplicate_turn_id_is_409(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    assert client.post(f"{base}/sessions/s/turns", json={"text": "a", "id": "dup"}).status_code == 201
    _error(client.post(f"{base}/sessions/t/turns", json={"text": "b", "id": "dup"}), 409, "duplicate_turn")
    _error(client.post(f"{base}/sessions/s/turns/batch", json={"turns": [{"text": "c", "id": "new"},
                                                                        {"text": "d", "id": "dup"}]}),
           409, "duplicate_turn")
    assert [t["id"] for t in client.get(f"{base}/sessions/s/window").json()["turns"]] == ["dup"]
    _error(client.get(f"{base}/sessions/t/window"), 404, "unknown_session")


@pytest.mark.parametrize("body,field,code", [
    ({"text": ""}, "text", "invalid_input"),
    ({"text": "   "}, "text", "invalid_input"),
    ({"text": "x" * 20_001}, "text", "text_too_long"),
    ({}, "text", "invalid_input"),
    ({"text": "ok", "at": "2026-03-01T10:00:00"}, "at", "invalid_time"),
    ({"text": "ok", "at": "yesterday"}, "at", "invalid_time"),
    ({"text": "ok", "role": "bad role"}, "role", "invalid_input"),
    ({"text": "ok", "unknown": 1}, "unknown", "invalid_input"),
])
def test_bad_turns_are_422_naming_the_field(client: TestClient, ns: Namespace, body: dict[str, Any], field: str,
                                           code: str) -> None:
    _error(client.post(f"/v1/{ns.name}/sessions/s/turns", json=body), 422, code, field)
    _error(client.get(f"/v1/{ns.name}/sessions/s/window"), 404, "unknown_session")


def test_bad_batches(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}/sessions/s/turns/batch"
    _error(client.post(base, json={"turns": []}), 422, "invalid_input", "turns")
    _error(client.post(base, json={"turns": [{"text": "ok"}, {"text": "fine", "at": "nope"}]}), 422, "invalid_time",
           "turns.1.at")
    _error(client.post(base, json={"turns": [{"text": "ok"}, {"text": ""}]}), 422, "invalid_input", "turns[1].text")
    _error(client.get(f"/v1/{ns.name}/sessions/s/window"), 404, "unknown_session")
    assert client.post(base, content=b"{not json", headers={"Content-Type": "application/json"}).status_code == 400


def test_unknown_session_is_404(client: TestClient, ns: Namespace) -> None:
    _error(client.get(f"/v1/{ns.name}/sessions/nobody/window"), 404, "unknown_session")
    _error(client.get(f"/v1/{ns.name}/sessions/nobody/summary"), 404, "unknown_session")
