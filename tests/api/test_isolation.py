"""Hard tenant isolation. Tenants A and B hold identical entity keys, values, session ids and turn
texts; B holds 100x more turns than A (3 and 300). A's key on B's namespace is refused (403, no data, nothing
written) on every endpoint the app serves; A's reads, searches and recalls return A's items only,
and still find all of A's items although B's identical ones crowd the shared vector and full-text
indexes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from tenancy import Keys, all_property_text, call, cypher, keyed_client, v1_endpoints

pytestmark = pytest.mark.neo4j

TEXTS = [
    "My order ORD-7001 has not arrived yet, phone 138-0000-1234",
    "The parcel for U-001 should go to Shanghai, not Beijing",
    "Please change the delivery address of U-001 to 88 Harbour Road",
    "I prefer email at vera.tenant@example.org for updates",
    "Can you refund ORD-7001 if it does not arrive by Friday?",
]
A_TURNS, B_TURNS = 3, 300  # 100x; the cost is embedding B's turns


@dataclass
class Tenants:
    client: TestClient
    keys: Keys
    a: Namespace
    b: Namespace


def _paths(client: TestClient) -> set[str]:
    return {str(ep) for ep in v1_endpoints(client.app)}  # type: ignore[arg-type]


def _seed(client: TestClient, keys: Keys, store: Store, ns: Namespace, who: str, turns: int) -> None:
    h = keys.auth(who)
    for key, name, attrs in [("U-001", "Vera Tenant", {"phone": "138-0000-1234", "email": "vera.tenant@example.org",
                                                      "city": "Shanghai"}),
                             ("C-042", "Harbour Logistics", {"city": "Shanghai"})]:
        r = client.put(f"/v1/{ns.name}/entities/{key}", json={"type": "user", "name": name, "attributes": attrs},
                       headers=h)
        assert r.status_code in (200, 201), r.text
    r = client.post(f"/v1/{ns.name}/relations", json={"from": "U-001", "type": "USES", "to": "C-042"}, headers=h)
    assert r.status_code in (200, 201), r.text
    turns_in = [{"role": "user", "text": TEXTS[i % len(TEXTS)], "id": f"t{i}"} for i in range(turns)]
    for start in range(0, turns, 250):
        r = client.post(f"/v1/{ns.name}/sessions/s1/turns/batch", json={"turns": turns_in[start:start + 250]},
                        headers=h)
        assert r.status_code == 201, r.text


@pytest.fixture(scope="module")
def tenants(settings: Settings, store: Store) -> Iterator[Tenants]:
    a, b = Namespace(f"test-a-{uuid4().hex[:10]}"), Namespace(f"test-b-{uuid4().hex[:10]}")
    try:
        # a window wider than B's 500 turns: folding them into summaries would only cost time here
        with keyed_client(settings, store, {"a": ("agent", [a.name]), "b": ("agent", [b.name]),
                                            "a_audit": ("auditor", [a.name]), "a_dpo": ("compliance", [a.name])},
                          window_size=B_TURNS + 8) as (client, keys):
            _seed(client, keys, store, a, "a", A_TURNS)
            _seed(client, keys, store, b, "b", B_TURNS)
            r = client.put(f"/v1/{b.name}/entities/U-001", json={"type": "user", "attributes": {"tier": "b-only-gold"}},
                           headers=keys.auth("b"))
            assert r.status_code == 200, r.text
            for i in range(3):  # only B has learned how to refund an order
                run = {"task": f"Refund order ORD-70{i} for vera.tenant@example.org", "task_type": "refund_order",
                       "outcome": "success", "steps": [{"action": "lookup_order", "args": {"order": f"ORD-70{i}"}},
                                                       {"action": "b_only_refund_tool", "args": {}}]}
                r = client.post(f"/v1/{b.name}/trajectories", json=run, headers=keys.auth("b"))
                assert r.status_code == 201, r.text
            yield Tenants(client, keys, a, b)
    finally:
        purge_namespace(store, a.name)
        purge_namespace(store, b.name)


def test_b_really_holds_100x_more(tenants: Tenants, store: Store) -> None:
    counts = {ns.name: cypher(store, "MATCH (t:Turn {ns: $ns}) RETURN count(t) AS n", ns=ns.name)[0]["n"]
              for ns in (tenants.a, tenants.b)}
    assert counts == {tenants.a.name: A_TURNS, tenants.b.name: B_TURNS}


def test_every_endpoint_refuses_a_foreign_namespace_with_no_data(tenants: Tenants, store: Store) -> None:
    client, keys = tenants.client, tenants.keys
    before = all_property_text(store, tenants.b.name)
    endpoints = v1_endpoints(client.app)  # type: ignore[arg-type]
    for ep in endpoints:
        for who in ("a", "a_audit", "a_dpo"):
            for values in ({}, {"key": "U-001", "sid": "s1", "name": "city", "type": "USES"}):
                r = call(client, ep, tenants.b.name, keys.auth(who), **values)
                assert r.status_code == 403, (str(ep), who, r.text)
                body = r.json()
                assert set(body) == {"error"} and body["error"]["code"] == "forbidden_namespace"
                for leaked in ("Vera", "138", "Shanghai", "ORD-7001", "b-only-gold", "Harbour"):
                    assert leaked not in r.text, (str(ep), leaked)
    assert all_property_text(store, tenants.b.name) == before  # nothing written, nothing touched


def _json(r: Any) -> str:
    assert r.status_code == 200, r.text
    return json.dumps(r.json())


def test_reads_see_only_their_own_tenant(tenants: Tenants) -> None:
    client, h, a = tenants.client, tenants.keys.auth("a"), tenants.a.name
    entity = client.get(f"/v1/{a}/entities/U-001", headers=h).json()
    assert entity["key"] == "U-001" and "tier" not in entity["attributes"]
    assert "b-only-gold" not in _json(client.get(f"/v1/{a}/entities/U-001/history", headers=h))
    found = client.get(f"/v1/{a}/lookup", params={"attribute": "phone", "value": "13800001234"}, headers=h).json()
    assert [e["key"] for e in found["entities"]] == ["U-001"]
    g = client.get(f"/v1/{a}/graph", params={"start": "U-001", "depth": 5}, headers=h).json()
    assert sorted(n["key"] for n in g["nodes"]) == ["C-042", "U-001"] and len(g["edges"]) == 1


def _turn_ids(obj: Any) -> set[str]:
    """Every turn id (`t<n>`) anywhere in a response."""
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("id", "turn_id", "turn") and isinstance(v, str) and v[:1] == "t" and v[1:].isdigit():
                out.add(v)
            out |= _turn_ids(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= _turn_ids(v)
    return out


def test_window_search_and_recall_return_only_their_own_tenant(tenants: Tenants) -> None:
    client, h, a = tenants.client, tenants.keys.auth("a"), tenants.a.name
    paths = _paths(client)
    mine = {f"t{i}" for i in range(A_TURNS)}
    checked = 0
    if "GET /v1/{ns}/sessions/{sid}/window" in paths:
        window = client.get(f"/v1/{a}/sessions/s1/window", headers=h).json()
        assert _turn_ids(window) == mine
        checked += 1
    if "POST /v1/{ns}/search" in paths:
        for query in TEXTS + ["refund for a parcel that did not arrive"]:
            res = client.post(f"/v1/{a}/search", json={"query": query, "k": 50}, headers=h).json()
            assert _turn_ids(res) <= mine, query
        # B's 500 identical turns crowd the shared indexes: A must still get k of its own
        res = client.post(f"/v1/{a}/search", json={"query": TEXTS[0], "k": A_TURNS}, headers=h).json()
        assert _turn_ids(res) == mine
        checked += 1
    for body in ({"query": "where should the parcel of U-001 go?"}, {"query": "who has phone 138-0000-1234"},
                 {"query": "what did the customer say about the refund", "k": 50},
                 {"query": "what did I just say", "session": "s1", "k": 50}):
        r = client.post(f"/v1/{a}/recall", json=body, headers=h)
        text = _json(r)
        assert "b-only-gold" not in text and _turn_ids(r.json()) <= mine, body
    checked += 1
    assert checked >= 1


def test_workflows_stay_in_their_tenant(tenants: Tenants) -> None:
    client, h, a, b = tenants.client, tenants.keys.auth("a"), tenants.a.name, tenants.b.name
    theirs = client.get(f"/v1/{b}/workflows", params={"task_type": "refund_order"}, headers=tenants.keys.auth("b"))
    assert "b_only_refund_tool" in _json(theirs)  # B did learn it
    for params in ({"task_type": "refund_order"}, {"task": "Refund order ORD-700 for vera.tenant@example.org"}):
        r = client.get(f"/v1/{a}/workflows", params=params, headers=h)
        assert r.status_code in (200, 404) and "b_only_refund_tool" not in r.text, params
    r = client.post(f"/v1/{a}/recall", json={"query": "how do I refund an order?"}, headers=h)
    assert "b_only_refund_tool" not in _json(r)
