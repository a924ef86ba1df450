"""The memory hit rate (issue 34): every recall answer has an id and each item an item id; the agent says
which items it used, once per answer; per namespace and channel, GET /stats and /metrics count the items
returned, judged and used, and their ratio. Tenants never see each other's answers or counts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from tenancy import Keys, keyed_client

pytestmark = pytest.mark.neo4j


@pytest.fixture
def keyed(settings: Settings, store: Store, ns: Namespace) -> Iterator[tuple[TestClient, Keys, Namespace]]:
    other = Namespace(f"test-{uuid4().hex[:12]}")
    with keyed_client(settings, store, {"agent": ("agent", [ns.name, other.name]),
                                        "auditor": ("auditor", [ns.name])}) as (client, keys):
        yield client, keys, other
    purge_namespace(store, other.name)


def _seed(client: TestClient, keys: Keys, ns: str) -> None:
    agent = keys.auth("agent")
    assert client.put(f"/v1/{ns}/entities/c-1001", headers=agent, json={
        "type": "customer", "name": "Maria Lopez", "attributes": {"city": "Porto", "note": "allergic to penicillin"}
    }).status_code == 201
    assert client.post(f"/v1/{ns}/sessions/s1/turns", headers=agent, json={
        "role": "user", "text": "Maria asked whether the penicillin note is on her file"}).status_code == 201


def _recall(client: TestClient, keys: Keys, ns: str, query: str) -> dict[str, Any]:
    r = client.post(f"/v1/{ns}/recall", headers=keys.auth("agent"), json={"query": query})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_agent_says_what_it_used_and_the_hit_rate_counts_it(keyed: tuple[TestClient, Keys, Namespace],
                                                                 ns: Namespace) -> None:
    client, keys, other = keyed
    _seed(client, keys, ns.name)
    first = _recall(client, keys, ns.name, "Who is allergic to penicillin?")
    items = {h["item_id"]: h["channel"] for h in first["results"]}
    assert first["id"] and list(items) == [f"{first['id']}.{i}" for i in range(len(items))]
    facts = [i for i, c in items.items() if c == "facts"]
    assert facts, first["route"]
    url = f"/v1/{ns.name}/recall/{first['id']}/feedback"

    assert client.post(url, headers=keys.auth("auditor"), json={"used": facts[:1]}).status_code == 403
    bad = client.post(url, headers=keys.auth("agent"), json={"used": [facts[0], "rc-nope.3"]})
    assert bad.status_code == 422 and bad.json()["error"]["details"]["fields"][0]["field"] == "used"
    ok = client.post(url, headers=keys.auth("agent"), json={"used": facts[:1]})
    assert ok.status_code == 200, ok.text
    assert ok.json()["by_channel"]["facts"] == {"returned": len(facts), "used": 1}
    assert client.post(url, headers=keys.auth("agent"), json={"used": facts}).status_code == 409  # once
    # another tenant neither finds the answer nor counts it
    away = client.post(f"/v1/{other.name}/recall/{first['id']}/feedback", headers=keys.auth("agent"), json={})
    assert away.status_code == 404 and away.json()["error"]["code"] == "unknown_recall"
    assert client.get(f"/v1/{other.name}/stats", headers=keys.auth("agent")).json() == {"channels": []}

    second = _recall(client, keys, ns.name, "Who is allergic to penicillin?")  # given no feedback: not judged
    stats = {c["channel"]: c for c in client.get(f"/v1/{ns.name}/stats", headers=keys.auth("auditor")).json()["channels"]}
    f = stats["facts"]
    returned_facts = len(facts) + sum(1 for h in second["results"] if h["channel"] == "facts")
    assert (f["returned"], f["judged"], f["used"], f["answers"], f["feedbacks"]) == (returned_facts, len(facts), 1, 2, 1)
    assert f["hit_rate"] == pytest.approx(1 / len(facts))

    metrics = client.get("/metrics").text
    assert re.search(r'graphmem_recall_items_total\{channel="facts",count="used"\} [1-9]', metrics)
    assert re.search(r'graphmem_recall_hit_rate\{channel="facts"\} 0\.\d+|graphmem_recall_hit_rate\{channel="facts"\} 1\.0',
                     metrics)


def test_feedback_on_an_unknown_answer_is_a_404(keyed: tuple[TestClient, Keys, Namespace], ns: Namespace) -> None:
    client, keys, _ = keyed
    r = client.post(f"/v1/{ns.name}/recall/rc-0000/feedback", headers=keys.auth("agent"), json={"used": []})
    assert r.status_code == 404 and "7 days" in r.json()["error"]["message"]
