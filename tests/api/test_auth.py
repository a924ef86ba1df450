"""Keys and roles over REST, for every /v1 endpoint the app serves: 401 without or with a wrong key,
403 (never 404) for a namespace or a role the key lacks, views limited by role."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from tenancy import Keys, call, cypher, keyed_client, v1_endpoints

pytestmark = pytest.mark.neo4j


@pytest.fixture
def other_ns(store: Store) -> Iterator[Namespace]:
    namespace = Namespace(f"test-{uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


@pytest.fixture
def keyed(settings: Settings, store: Store, ns: Namespace, other_ns: Namespace) -> Iterator[tuple[TestClient, Keys]]:
    with keyed_client(settings, store, {
        "agent": ("agent", [ns.name]), "auditor": ("auditor", [ns.name]),
        "compliance": ("compliance", [ns.name]), "admin": ("admin", ["*"]),
        "other": ("agent", [other_ns.name]),
    }) as pair:
        yield pair


def _is_envelope(body: object, code: str) -> bool:
    return isinstance(body, dict) and set(body) == {"error"} and body["error"]["code"] == code


def test_every_endpoint_needs_a_known_key(keyed: tuple[TestClient, Keys], ns: Namespace) -> None:
    client, keys = keyed
    endpoints = v1_endpoints(client.app)  # type: ignore[arg-type]
    assert len(endpoints) >= 3
    for ep in endpoints:
        for headers, code in [({}, "missing_key"), ({"Authorization": "Bearer not-a-real-key-0123456789"}, "invalid_key"),
                              ({"Authorization": f"Basic {keys.tokens['agent']}"}, "invalid_key")]:
            r = call(client, ep, ns.name, headers)
            assert r.status_code == 401, (str(ep), headers, r.text)
            assert _is_envelope(r.json(), code), (str(ep), r.text)


def test_a_namespace_the_key_lacks_is_403_never_404(keyed: tuple[TestClient, Keys], ns: Namespace,
                                                    other_ns: Namespace) -> None:
    client, keys = keyed
    for ep in v1_endpoints(client.app):  # type: ignore[arg-type]
        for name in ("agent", "auditor", "compliance"):
            r = call(client, ep, other_ns.name, keys.auth(name))
            assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_namespace"), (str(ep), name, r.text)
        r = call(client, ep, ns.name, keys.auth("other"))
        assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_namespace"), (str(ep), r.text)


def test_auditors_and_compliance_never_write_memory(keyed: tuple[TestClient, Keys], ns: Namespace) -> None:
    client, keys = keyed
    erase_or_purge = {"DELETE /v1/{ns}/entities/{key}", "POST /v1/{ns}/purge"}
    writes = [ep for ep in v1_endpoints(client.app) if ep.writes]  # type: ignore[arg-type]
    assert {str(ep) for ep in writes} >= erase_or_purge
    for ep in writes:
        r = call(client, ep, ns.name, keys.auth("auditor"))
        assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_role"), (str(ep), r.text)
        if str(ep) not in erase_or_purge:
            r = call(client, ep, ns.name, keys.auth("compliance"))
            assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_role"), (str(ep), r.text)
    assert cypher(client.app.state.store, "MATCH (n {ns: $ns}) RETURN count(n) AS n", ns=ns.name)[0]["n"] == 0  # type: ignore[attr-defined]


def test_agents_neither_erase_nor_purge_nor_read_the_compliance_view(keyed: tuple[TestClient, Keys],
                                                                     ns: Namespace) -> None:
    client, keys = keyed
    agent = keys.auth("agent")
    r = client.request("DELETE", f"/v1/{ns.name}/entities/U-1", json={"reason": "x"}, headers=agent)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden_role"
    r = client.post(f"/v1/{ns.name}/purge", json={}, headers=agent)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden_role"
    for name in ("agent", "auditor"):
        r = client.get(f"/v1/{ns.name}/erasures", headers=keys.auth(name))
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden_view", name
    for name in ("compliance", "admin"):
        r = client.get(f"/v1/{ns.name}/erasures", headers=keys.auth(name))
        assert r.status_code == 200 and r.json() == {"erasures": [], "purges": []}, name


def test_view_parameter_beyond_the_role_is_403(keyed: tuple[TestClient, Keys], ns: Namespace) -> None:
    client, keys = keyed
    with_view = [ep for ep in v1_endpoints(client.app) if "view" in ep.query_params()]  # type: ignore[arg-type]
    for ep in with_view:
        for name, view in [("agent", "audit"), ("agent", "compliance"), ("auditor", "compliance"),
                           ("compliance", "audit")]:
            r = client.request(ep.method, ep.url(ns.name), params={"view": view}, headers=keys.auth(name),
                               json={} if ep.method in {"POST", "PUT"} else None)
            assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_view"), (str(ep), name, view, r.text)


def test_compliance_and_admin_erase_and_the_record_names_the_key_id(keyed: tuple[TestClient, Keys], ns: Namespace,
                                                                   store: Store) -> None:
    client, keys = keyed
    cypher(store, "UNWIND ['U-1', 'U-2'] AS k CREATE (:Entity {ns: $ns, key: k, type: 'user'})", ns=ns.name)
    r = client.delete(f"/v1/{ns.name}/entities/U-1", params={"reason": "request"}, headers=keys.auth("compliance"))
    assert r.status_code == 200 and r.json()["erased_by"] == keys.key_id("compliance")
    r = client.delete(f"/v1/{ns.name}/entities/U-2", params={"reason": "request"}, headers=keys.auth("admin"))
    assert r.status_code == 200 and r.json()["erased_by"] == keys.key_id("admin")
    stored = cypher(store, "MATCH (e:Entity {ns: $ns}) RETURN e.key AS key, e.erased_by AS by ORDER BY key",
                    ns=ns.name)
    assert stored == [{"key": "U-1", "by": keys.key_id("compliance")}, {"key": "U-2", "by": keys.key_id("admin")}]
    assert keys.tokens["admin"] not in repr(stored)


def test_admin_key_spans_namespaces(keyed: tuple[TestClient, Keys], other_ns: Namespace) -> None:
    client, keys = keyed
    r = client.get(f"/v1/{other_ns.name}/erasures", headers=keys.auth("admin"))
    assert r.status_code == 200


def test_bad_namespace_name_is_422_after_auth(keyed: tuple[TestClient, Keys]) -> None:
    client, keys = keyed
    r = client.get("/v1/Bad_NS/erasures", headers=keys.auth("admin"))
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_namespace"
    assert r.json()["error"]["details"]["fields"][0]["field"] == "ns"
    assert client.get("/v1/Bad_NS/erasures").status_code == 401
