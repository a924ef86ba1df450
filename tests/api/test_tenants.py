"""Tenants for operators (issue 34): the namespaces listed with what they hold; a whole namespace deleted
(offboarding) in the background, in batches, resumed by the next start after a stop midway; nothing of it
left, its neighbour untouched; admin keys only."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.tenants import delete_namespace, start_deletion
from graphmem.types import Namespace
from tenancy import Keys, cypher, keyed_client

pytestmark = pytest.mark.neo4j


@pytest.fixture
def two(store: Store) -> Iterator[tuple[Namespace, Namespace]]:
    a, b = Namespace(f"acme-{uuid4().hex[:8]}"), Namespace(f"globex-{uuid4().hex[:8]}")
    yield a, b
    for ns in (a, b):
        purge_namespace(store, ns.name)
    cypher(store, "MATCH (d:NamespaceDeletion) WHERE d.target IN $names DELETE d", names=[a.name, b.name])


@pytest.fixture
def keyed(settings: Settings, store: Store, two: tuple[Namespace, Namespace]) -> Iterator[tuple[TestClient, Keys]]:
    a, b = two
    with keyed_client(settings, store, {"ops": ("admin", ["*"]), "agent": ("agent", [a.name, b.name]),
                                        "ops-b": ("admin", [b.name])}) as pair:
        yield pair


def _fill(client: TestClient, keys: Keys, ns: Namespace, people: int = 3) -> None:
    agent, base = keys.auth("agent"), f"/v1/{ns.name}"
    for i in range(people):
        assert client.put(f"{base}/entities/c-{i}", headers=agent, json={
            "type": "customer", "name": f"Customer {i}", "attributes": {"city": "Porto", "plan": "gold"}}).status_code == 201
        assert client.post(f"{base}/facts", headers=agent, json={
            "entity": f"c-{i}", "attribute": "city", "value": "Lisbon"}).status_code in (200, 201)
        assert client.post(f"{base}/sessions/s{i}/turns", headers=agent, json={
            "role": "user", "text": f"Customer {i} asked about the refund"}).status_code == 201
    assert client.post(f"{base}/trajectories", headers=agent, json={
        "id": "r1", "task": "refund order 1", "task_type": "refund", "outcome": "success",
        "steps": [{"action": "open_order", "args": {}}, {"action": "refund", "args": {}}]}).status_code in (200, 201)


def _left(store: Store, ns: Namespace) -> int:
    return int(cypher(store, "MATCH (n {ns: $ns}) RETURN count(n) AS n", ns=ns.name)[0]["n"])


def _wait_done(client: TestClient, keys: Keys, ns: Namespace) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        body: dict[str, Any] = client.get(f"/v1/{ns.name}/deletion", headers=keys.auth("ops")).json()
        if body["state"] == "done":
            return body
        time.sleep(0.2)
    raise AssertionError(f"deletion of {ns.name} still running after 60 s: {body}")


def test_an_operator_lists_tenants_and_deletes_one_whole(keyed: tuple[TestClient, Keys], store: Store,
                                                         two: tuple[Namespace, Namespace]) -> None:
    client, keys = keyed
    a, b = two
    _fill(client, keys, a, people=3)
    _fill(client, keys, b, people=2)

    assert client.get("/v1/namespaces", headers=keys.auth("agent")).status_code == 403
    listed = {n["name"]: n for n in client.get("/v1/namespaces", headers=keys.auth("ops")).json()["namespaces"]}
    counts = listed[a.name]["counts"]
    assert (counts["entities"], counts["turns"], counts["summaries"], counts["trajectories"]) == (3, 3, 0, 1)
    assert listed[b.name]["counts"]["entities"] == 2 and listed[a.name]["last_write"]
    limited = [n["name"] for n in client.get("/v1/namespaces", headers=keys.auth("ops-b")).json()["namespaces"]]
    assert limited == [b.name]  # an admin key of some namespaces sees only those
    assert client.delete(f"/v1/{a.name}", headers=keys.auth("ops-b")).status_code == 403

    assert client.delete(f"/v1/{a.name}", headers=keys.auth("agent")).status_code == 403
    assert client.get(f"/v1/{a.name}/deletion", headers=keys.auth("ops")).status_code == 404
    r = client.delete(f"/v1/{a.name}", headers=keys.auth("ops"))
    assert r.status_code == 202 and r.headers["Location"] == f"/v1/{a.name}/deletion"
    assert r.json()["state"] in ("running", "done") and r.json()["by"] == keys.key_id("ops")
    done = _wait_done(client, keys, a)
    assert done["deleted"] >= 3 + 3 + 1 and done["finished_at"]
    assert _left(store, a) == 0
    assert _left(store, b) > 0 and client.get(f"/v1/{b.name}/entities/c-1", headers=keys.auth("agent")).status_code == 200
    names = [n["name"] for n in client.get("/v1/namespaces", headers=keys.auth("ops")).json()["namespaces"]]
    assert a.name not in names and b.name in names


def test_a_deletion_stopped_midway_is_resumed_by_the_next_start(keyed: tuple[TestClient, Keys], settings: Settings,
                                                                store: Store, two: tuple[Namespace, Namespace]) -> None:
    client, keys = keyed
    a, _ = two
    _fill(client, keys, a, people=4)
    start_deletion(store, a, by="ops-test", run=False)  # recorded, then the process "stops":
    partial = delete_namespace(store, a, batch=3, max_batches=1)  # one small batch ran before it did
    assert partial is not None and partial.state == "running" and partial.deleted == 3
    assert _left(store, a) > 0

    with TestClient(create_app(settings.model_copy(update={"open": True}), store)) as restarted:
        done = _wait_done(restarted, keys, a)  # the next process to connect resumes it
    assert done["state"] == "done" and done["by"] == "ops-test" and _left(store, a) == 0
