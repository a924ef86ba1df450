"""Entities, facts, lookup, relations and the as-of graph over REST: contract, views, and bad input that
gets a 4xx naming the field while writing nothing (the namespace's stored graph is compared before/after)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import networkx as nx
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.privacy import erase_entity
from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from tenancy import cypher, keyed_client

pytestmark = pytest.mark.neo4j


def snapshot(store: Store, ns: Namespace) -> list[str]:
    """Every node and relationship of the namespace with all its properties, in a stable order."""
    nodes = cypher(store, "MATCH (n {ns: $ns}) RETURN labels(n) AS l, properties(n) AS p", ns=ns.name)
    rels = cypher(store, "MATCH (n {ns: $ns})-[r]->() RETURN type(r) AS t, properties(r) AS p", ns=ns.name)
    return sorted(repr(sorted(x.items())) for x in nodes + rels)


@pytest.fixture
def seeded(client: TestClient, ns: Namespace) -> str:
    return seed(client, ns)


def seed(client: TestClient, ns: Namespace) -> str:
    base = f"/v1/{ns.name}"
    assert client.put(f"{base}/entities/U-1", json={"type": "user", "name": "Li", "valid_from": "2026-01-01",
                                                    "attributes": {"city": "Shanghai", "phone": "138-0000-1234"}}
                      ).status_code == 201
    assert client.put(f"{base}/entities/C-1", json={"type": "company"}).status_code == 201
    assert client.post(f"{base}/relations", json={"from": "U-1", "type": "WORKS_AT", "to": "C-1",
                                                  "valid_from": "2026-01-01"}).status_code == 201
    return base


def test_put_creates_then_merges(client: TestClient, seeded: str) -> None:
    r = client.put(f"{seeded}/entities/U-1", json={"type": "user", "attributes": {"age": 41}})
    assert r.status_code == 200 and r.json()["created"] is False and r.json()["name"] == "Li"
    body = client.get(f"{seeded}/entities/U-1").json()
    assert body["attributes"] == {"city": "Shanghai", "phone": "13800001234", "age": 41}
    assert body["created_at"].endswith("Z") and body["known_at"] is None
    assert {f["attribute"] for f in body["facts"]} == {"city", "phone", "age"}


def test_seed_example_over_rest(client: TestClient, seeded: str) -> None:
    created_at = client.get(f"{seeded}/entities/U-1").json()["created_at"]
    r = client.post(f"{seeded}/facts", json={"entity": "U-1", "attribute": "city", "value": "Beijing",
                                              "valid_from": "2026-07-01T00:00:00+08:00", "reason": "moved"})
    assert r.status_code == 201 and r.json()["changed"] and len(r.json()["closed"]) == 1
    learned = r.json()["txn_time"]
    # any day after the move, not "now": which side of 07-01 the machine's calendar is on is no input here
    later = client.get(f"{seeded}/entities/U-1", params={"valid_at": "2026-12-31T23:59:59Z"})
    assert later.json()["attributes"]["city"] == "Beijing"
    at = {"valid_at": "2026-07-02"}
    assert client.get(f"{seeded}/entities/U-1", params=at).json()["attributes"]["city"] == "Beijing"
    before = client.get(f"{seeded}/entities/U-1", params={**at, "known_at": created_at}).json()
    assert before["attributes"]["city"] == "Shanghai" and before["known_at"] == created_at
    assert client.get(f"{seeded}/entities/U-1", params={**at, "known_at": learned}).json()["attributes"]["city"] == \
        "Beijing"
    r = client.get(f"{seeded}/entities/U-1", params={"known_at": "2020-01-01T00:00:00Z"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_yet_known"  # it exists, unknown then
    assert r.json()["error"]["details"] == {"entity": "U-1", "known_at": "2020-01-01T00:00:00Z",
                                            "created_at": created_at}
    again = client.post(f"{seeded}/facts", json={"entity": "U-1", "attribute": "city", "value": "Beijing",
                                                  "valid_from": "2026-06-30T16:00:00Z"})
    assert again.status_code == 200 and again.json()["changed"] is False


def test_history_views(settings: Settings, store: Store, ns: Namespace, client: TestClient, seeded: str) -> None:
    client.post(f"{seeded}/facts", json={"entity": "U-1", "attribute": "city", "value": "Beijing"})
    believed = client.get(f"{seeded}/entities/U-1/history", params={"attribute": "city"}).json()
    assert believed["scope"] == "believed" and [v["value"] for v in believed["versions"]] == ["Shanghai", "Beijing"]
    audit = client.get(f"{seeded}/entities/U-1/history", params={"attribute": "city", "view": "audit"}).json()
    assert audit["scope"] == "all" and len(audit["versions"]) == 3
    assert all(set(v) >= {"value", "valid_from", "valid_to", "txn_time", "txn_end", "source", "reason"}
               for v in audit["versions"])
    with keyed_client(settings, store, {"agent": ("agent", [ns.name]), "auditor": ("auditor", [ns.name])}) as (c, k):
        assert c.get(f"{seeded}/entities/U-1/history", headers=k.auth("agent")).json()["scope"] == "believed"
        assert c.get(f"{seeded}/entities/U-1/history", headers=k.auth("auditor")).json()["scope"] == "all"
        assert c.get(f"{seeded}/entities/U-1/history", params={"view": "audit"},
                     headers=k.auth("agent")).status_code == 403
        r = c.post(f"{seeded}/facts", headers=k.auth("auditor"), json={"entity": "U-1", "attribute": "x", "value": 1})
        assert r.status_code == 403


def test_lookup_is_exact_and_normalised(client: TestClient, seeded: str) -> None:
    client.put(f"{seeded}/entities/U-2", json={"type": "user", "attributes": {"phone": "13800001243",
                                                                               "order_id": "ORD-2024-010"}})
    client.put(f"{seeded}/entities/U-3", json={"type": "user", "attributes": {"order_id": "ORD-2024-001",
                                                                               "age": 30}})

    def keys(**params: str) -> list[str]:
        r = client.get(f"{seeded}/lookup", params=params)
        assert r.status_code == 200, r.text
        return [e["key"] for e in r.json()["entities"]]

    assert keys(attribute="phone", value="138 0000 1234") == ["U-1"]
    assert keys(attribute="phone", value="+138-0000-1243") == ["U-2"]
    assert keys(attribute="order_id", value="ORD-2024-001") == ["U-3"]
    assert keys(attribute="order_id", value="ORD-2024-01") == []
    assert keys(attribute="order_id", value="ord-2024-010") == []
    assert keys(attribute="age", value="30", type="int") == ["U-3"]
    assert keys(attribute="age", value="30") == ["U-3"]  # no type: the text and the number it spells
    assert keys(attribute="age", value="30", type="string") == []  # the string "30" is not the integer 30
    assert keys(attribute="phone", value="13800001234", valid_at="2025-12-31") == []


def test_graph_json_and_graphml(client: TestClient, seeded: str) -> None:
    g = client.get(f"{seeded}/graph", params={"start": "C-1"}).json()
    assert sorted(n["key"] for n in g["nodes"]) == ["C-1", "U-1"]
    assert [(e["from"], e["type"], e["to"]) for e in g["edges"]] == [("U-1", "WORKS_AT", "C-1")]
    r = client.get(f"{seeded}/graph", params={"start": "C-1", "format": "graphml", "depth": 1})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/graphml+xml")
    back = nx.read_graphml(io.BytesIO(r.content))
    assert sorted(back.nodes) == ["C-1", "U-1"] and back.nodes["U-1"]["attr.city"] == "Shanghai"
    early = client.get(f"{seeded}/graph", params={"start": "C-1", "valid_at": "2025-06-01"}).json()
    assert early["edges"] == [] and [n["key"] for n in early["nodes"]] == ["C-1"]


def test_many_valued_declaration_over_rest(client: TestClient, seeded: str) -> None:
    assert client.get(f"{seeded}/attributes/tag").json() == {"name": "tag", "many": False, "declared": False}
    assert client.put(f"{seeded}/attributes/tag", json={"many": True}).json()["many"] is True
    r = client.put(f"{seeded}/entities/U-1", json={"type": "user", "attributes": {"tag": ["vip", "beta"]}})
    assert r.status_code == 200
    assert sorted(client.get(f"{seeded}/entities/U-1").json()["attributes"]["tag"]) == ["beta", "vip"]
    client.post(f"{seeded}/facts/retract", json={"entity": "U-1", "attribute": "tag", "value": "beta"})
    assert client.get(f"{seeded}/entities/U-1").json()["attributes"]["tag"] == ["vip"]
    assert client.put(f"{seeded}/attributes/tag", json={"many": False}).status_code == 409
    assert client.put(f"{seeded}/relation-types/MANAGES", json={"many": False}).json()["many"] is False


def test_erased_entity_over_rest(client: TestClient, store: Store, ns: Namespace, seeded: str) -> None:
    erase_entity(store, ns, key="U-1", reason="request", by="test")
    assert client.get(f"{seeded}/entities/U-1").status_code == 404
    audit = client.get(f"{seeded}/entities/U-1", params={"view": "audit"}).json()
    assert audit["erased"] is True and audit["erased_at"].endswith("Z")
    assert client.get(f"{seeded}/lookup", params={"attribute": "phone", "value": "13800001234"}).json()["entities"] == []
    assert [n["key"] for n in client.get(f"{seeded}/graph", params={"start": "C-1"}).json()["nodes"]] == ["C-1"]
    assert client.post(f"{seeded}/facts", json={"entity": "U-1", "attribute": "a", "value": 1}).status_code == 404
    assert client.put(f"{seeded}/entities/U-1", json={"type": "user"}).status_code == 409


FACT = {"entity": "U-1", "attribute": "city", "value": "Paris"}
BAD: list[tuple[str, str, Any, int, str, str]] = [
    # (method, path, body or query, status, error code, field named)
    ("post", "/facts", {**FACT, "valid_from": "2026-05-01T00:00:00Z", "valid_to": "2026-05-01T00:00:00Z"},
     422, "invalid_interval", "valid_to"),
    ("post", "/facts", {**FACT, "valid_from": "2026-05-02", "valid_to": "2026-05-01"}, 422, "invalid_interval",
     "valid_to"),
    ("post", "/facts", {**FACT, "valid_to": "2000-01-01T00:00:00Z"}, 422, "invalid_interval", "valid_to"),
    ("post", "/facts", {**FACT, "valid_from": "2026-05-01T10:00:00"}, 422, "invalid_time", "valid_from"),
    ("post", "/facts", {**FACT, "valid_from": "next tuesday"}, 422, "invalid_time", "valid_from"),
    ("post", "/facts", {**FACT, "entity": "U-404"}, 404, "unknown_entity", "entity"),
    ("post", "/facts", {**FACT, "attribute": ""}, 422, "invalid_attribute", "attribute"),
    ("post", "/facts", {**FACT, "attribute": "   "}, 422, "invalid_attribute", "attribute"),
    ("post", "/facts", {**FACT, "value": {"nested": 1}}, 422, "invalid_value", "value"),
    ("post", "/facts", {**FACT, "value": [1, 2]}, 422, "invalid_value", "value"),
    ("post", "/facts", {**FACT, "value": None}, 422, "invalid_value", "value"),
    ("post", "/facts", {**FACT, "colour": "red"}, 422, "invalid_input", "colour"),
    ("post", "/facts", {"entity": "U-1", "value": 1}, 422, "invalid_input", "attribute"),
    ("post", "/facts/batch", {"facts": [FACT, {**FACT, "value": {"x": 1}}]}, 422, "invalid_value",
     "facts.1.value"),
    ("post", "/facts/batch", {"facts": [FACT, {**FACT, "entity": "U-404"}]}, 404, "unknown_entity",
     "facts.1.entity"),
    ("post", "/facts/batch", {"facts": [FACT, {**FACT, "valid_from": "2026-01-01T00:00"}]}, 422, "invalid_time",
     "facts.1.valid_from"),
    ("post", "/facts/batch", {"facts": [FACT] * 4}, 422, "limit_exceeded", "facts"),
    ("post", "/facts/batch", {"facts": []}, 422, "invalid_input", "facts"),
    ("post", "/facts/retract", {"entity": "U-1", "attribute": "city", "valid_from": "2026-03-01",
                                "valid_to": "2026-02-01"}, 422, "invalid_interval", "valid_to"),
    ("post", "/facts/retract", {"entity": "U-404", "attribute": "city"}, 404, "unknown_entity", "entity"),
    ("put", "/entities/U-1", {"type": "user", "attributes": {"": 1}}, 422, "invalid_attribute", "attributes"),
    ("put", "/entities/U-9", {"type": "user", "attributes": {"a": {"b": 1}}}, 422, "invalid_value",
     "attributes.a.value"),
    ("put", "/entities/U-9", {"type": "user", "valid_from": "2026-01-01T00:00:00"}, 422, "invalid_time",
     "valid_from"),
    ("put", "/entities/U-9", {"type": ""}, 422, "invalid_input", "type"),
    ("put", "/entities/U-9", {"type": "user", "attributes": {"tags": ["a", "b"]}}, 422, "single_valued",
     "attributes.tags.0.value"),
    ("post", "/relations", {"from": "U-1", "type": "works_at", "to": "C-1"}, 422, "invalid_relation_type", "type"),
    ("post", "/relations", {"from": "U-1", "type": "WORKS AT", "to": "C-1"}, 422, "invalid_relation_type", "type"),
    ("post", "/relations", {"from": "U-1", "type": "KNOWS", "to": "C-404"}, 404, "unknown_entity", "to"),
    ("post", "/relations", {"from": "U-1", "type": "KNOWS", "to": "C-1", "valid_from": "2026-02-01",
                            "valid_to": "2026-01-01"}, 422, "invalid_interval", "valid_to"),
    ("post", "/relations", {"from": "U-1", "type": "KNOWS", "to": "C-1", "properties": {"valid_to": 1}}, 422,
     "invalid_input", "properties.valid_to"),
    ("put", "/attributes/city", {"many": "yes"}, 422, "invalid_input", "many"),
    ("get", "/lookup", {"attribute": "phone"}, 422, "invalid_input", "value"),
    ("get", "/lookup", {"attribute": "age", "value": "x", "type": "int"}, 422, "invalid_input", "value"),
    ("get", "/lookup", {"attribute": "", "value": "x"}, 422, "invalid_input", "attribute"),
    ("get", "/lookup", {"attribute": "a", "value": "x", "valid_at": "2026-01-01T00:00:00"}, 422, "invalid_time",
     "valid_at"),
    ("get", "/graph", {"start": "U-1", "depth": 0}, 422, "invalid_input", "depth"),
    ("get", "/graph", {"start": "U-1", "depth": 6}, 422, "invalid_input", "depth"),
    ("get", "/graph", {"start": "U-1", "depth": "two"}, 422, "invalid_input", "depth"),
    ("get", "/graph", {"start": "U-404"}, 404, "unknown_entity", ""),
    ("get", "/entities/U-1", {"known_at": "yesterday"}, 422, "invalid_time", "known_at"),
    ("get", "/entities/U-1", {"as_of": "2026-03-01"}, 422, "unknown_parameter", "as_of"),
    ("get", "/entities/U-1/history", {"attribute": "cty"}, 422, "unknown_attribute", "attribute"),
    ("get", "/entities/U-1/history", {"atribute": "city"}, 422, "unknown_parameter", "atribute"),
    ("get", "/lookup", {"attribute": "cty", "value": "Shanghai"}, 422, "unknown_attribute", "attribute"),
    ("get", "/lookup", {"attribute": "city", "value": "x", "type": "float64"}, 422, "invalid_input", "type"),
    ("get", "/graph", {"start": "U-1", "dept": 2}, 422, "unknown_parameter", "dept"),
    ("post", "/facts?dry_run=1", {"entity": "U-1", "attribute": "city", "value": "X"}, 422, "unknown_parameter",
     "dry_run"),
]


@pytest.fixture(scope="module")
def refusing(settings: Settings, store: Store) -> Iterator[tuple[TestClient, Namespace, str]]:
    """One seeded namespace for every bad-input case (each must leave it unchanged), batches of at most 3."""
    ns = Namespace(f"test-{uuid4().hex[:12]}")
    try:
        with TestClient(create_app(settings.model_copy(update={"max_batch": 3}), store)) as c:
            yield c, ns, seed(c, ns)
    finally:
        purge_namespace(store, ns.name)


@pytest.mark.parametrize("method,path,payload,status,code,field", BAD,
                         ids=[f"{m} {p} {c} {f}" for m, p, _, _, c, f in BAD])
def test_bad_input_is_refused_and_writes_nothing(refusing: tuple[TestClient, Namespace, str], store: Store,
                                                 method: str, path: str, payload: Any, status: int, code: str,
                                                 field: str) -> None:
    client, ns, seeded = refusing
    before = snapshot(store, ns)
    kwargs = {"params": payload} if method == "get" else {"json": payload}
    r = getattr(client, method)(f"{seeded}{path}", **kwargs)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code, err
    if field:
        assert field in [f["field"] for f in err["details"]["fields"]], err
    assert snapshot(store, ns) == before


def test_every_route_refuses_query_parameters_it_does_not_declare(client: TestClient, seeded: str) -> None:
    """One mechanism (api.deps.known_query_only on every router): every endpoint the app documents, and the
    health routes, answer 422 `unknown_parameter` naming each unknown name, before reading any body."""
    import re

    paths = [(m.lower(), p) for p, item in client.app.openapi()["paths"].items()  # type: ignore[attr-defined]
             for m in item]
    assert len(paths) > 20 and ("get", "/healthz") in paths
    for method, path in paths:
        url = re.sub(r"\{[^}]+\}", "x", path.replace("/v1/{ns}", seeded))
        kwargs = {"json": {}} if method in ("post", "put", "patch") else {}
        r = client.request(method.upper(), url, params={"bogus": "1", "also": "2"}, **kwargs)
        assert r.status_code == 422, (method, path, r.text)
        err = r.json()["error"]
        assert err["code"] == "unknown_parameter" and [f["field"] for f in err["details"]["fields"]] == [
            "also", "bogus"], (path, err)
    r = client.get(f"{seeded}/entities/U-1", params={"valid_at": "2026-01-02", "as_of": "2026-01-01"})
    assert [f["field"] for f in r.json()["error"]["details"]["fields"]] == ["as_of"]  # declared names pass
    assert "valid_at" in r.json()["error"]["message"]  # the message says what the route takes
    assert client.get(f"{seeded}/entities/U-1", params={"valid_at": "2026-01-02"}).status_code == 200


def test_a_number_is_found_without_a_type_hint(client: TestClient, seeded: str) -> None:
    """"249" finds 249 and 249.0 stored as numbers (and "249" stored as text); the type names are the
    schema's (string, integer, number, boolean), the short Python ones still accepted."""
    for key, value in (("O-1", 249), ("O-2", 249.0), ("O-3", "249"), ("O-4", 249.5)):
        assert client.put(f"{seeded}/entities/{key}", json={"type": "order", "attributes": {"total": value}}
                          ).status_code == 201

    def keys(**params: str) -> list[str]:
        r = client.get(f"{seeded}/lookup", params={"attribute": "total", **params})
        assert r.status_code == 200, r.text
        return [e["key"] for e in r.json()["entities"]]

    assert keys(value="249") == ["O-1", "O-2", "O-3"]
    assert keys(value="249.0") == ["O-1", "O-2", "O-3"] or keys(value="249.0") == ["O-1", "O-2"]
    assert keys(value="249.5") == ["O-4"]
    assert keys(value="249", type="number") == keys(value="249", type="integer") == ["O-1", "O-2"]
    assert keys(value="249", type="string") == keys(value="249", type="str") == ["O-3"]
    assert keys(value="249.5", type="float") == ["O-4"]


def test_a_known_attribute_with_no_versions_is_an_empty_history_with_a_reason(client: TestClient,
                                                                               seeded: str) -> None:
    r = client.get(f"{seeded}/entities/C-1/history", params={"attribute": "city"})
    assert r.status_code == 200 and r.json()["versions"] == [] and "no versions of 'city'" in r.json()["reason"]
    assert client.get(f"{seeded}/entities/U-1/history", params={"attribute": "city"}).json()["reason"] is None


def test_malformed_json_is_400_and_writes_nothing(client: TestClient, store: Store, ns: Namespace,
                                                  seeded: str) -> None:
    before = snapshot(store, ns)
    r = client.post(f"{seeded}/facts", content=b'{"entity": "U-1", "attribute": ', headers={
        "content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed_json"
    assert snapshot(store, ns) == before
