"""Observability: Prometheus latency per route and status and Neo4j time per named query; JSON logs
with request ids and no personal values."""

from __future__ import annotations

import json
import logging
import re

import pytest
from fastapi.testclient import TestClient

from api.logs import JsonFormatter
from graphmem.store import Store
from graphmem.types import Namespace
from tenancy import cypher

pytestmark = pytest.mark.neo4j


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one Prometheus sample (0 when absent), whatever the label order."""
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{"):
            continue
        got = dict(re.findall(r'(\w+)="([^"]*)"', line[len(name):line.rindex("}") + 1]))
        if all(got.get(k) == v for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_request_latency_per_route_and_status(client: TestClient, ns: Namespace) -> None:
    before = client.get("/metrics").text
    assert client.get(f"/v1/{ns.name}/erasures").status_code == 200
    assert client.get(f"/v1/{ns.name}/erasures", params={"limit": 0}).status_code == 422
    after = client.get("/metrics").text
    route = "/v1/{ns}/erasures"
    for status in ("200", "422"):
        labels = {"method": "GET", "route": route, "status": status}
        assert sample(after, "graphmem_request_seconds_count", **labels) == \
            sample(before, "graphmem_request_seconds_count", **labels) + 1, status
    assert 'le="0.1"' in after and "graphmem_request_seconds_bucket" in after
    assert f"/v1/{ns.name}/" not in after  # routes are templates: no namespace or key in a label


def test_neo4j_time_per_named_query(client: TestClient, ns: Namespace) -> None:
    before = client.get("/metrics").text
    client.get(f"/v1/{ns.name}/erasures")
    client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0})
    after = client.get("/metrics").text
    for query in ("privacy/list_erasures", "privacy/list_purges", "privacy/create_purge_record",
                  "privacy/due_erasures"):
        assert sample(after, "graphmem_neo4j_query_seconds_count", query=query) > \
            sample(before, "graphmem_neo4j_query_seconds_count", query=query), query
        assert sample(after, "graphmem_neo4j_query_seconds_sum", query=query) > 0


def test_replayed_request_is_counted_under_its_route(client: TestClient, ns: Namespace) -> None:
    labels = {"method": "POST", "route": "/v1/{ns}/purge", "status": "200"}
    before = sample(client.get("/metrics").text, "graphmem_request_seconds_count", **labels)
    for _ in range(2):
        client.post(f"/v1/{ns.name}/purge", json={}, headers={"Idempotency-Key": "m-1"})
    assert sample(client.get("/metrics").text, "graphmem_request_seconds_count", **labels) == before + 2


def test_error_codes_are_counted(client: TestClient, ns: Namespace) -> None:
    before = sample(client.get("/metrics").text, "graphmem_errors_total", code="unknown_entity")
    client.request("DELETE", f"/v1/{ns.name}/entities/NOBODY", params={"reason": "x"})
    assert sample(client.get("/metrics").text, "graphmem_errors_total", code="unknown_entity") == before + 1


def test_logs_are_json_with_request_ids_and_no_personal_values(client: TestClient, store: Store, ns: Namespace,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    secret_key, secret_text, reason = "U-SECRET-77", "Mira Velasquez-Ortiz diagnosis", "asked by Mira Velasquez"
    cypher(store, """CREATE (e:Entity {ns: $ns, key: $key, type: 'user', name: $text})
                     CREATE (:Turn {ns: $ns, id: 't1', session: 's', seq: 0, role: 'user', text: $text})-[:MENTIONS]->(e)""",
           ns=ns.name, key=secret_key, text=secret_text)
    neo4j_logger = logging.getLogger("neo4j")
    level = neo4j_logger.level
    neo4j_logger.setLevel(logging.WARNING)
    try:
        with caplog.at_level(logging.DEBUG):
            r1 = client.request("DELETE", f"/v1/{ns.name}/entities/{secret_key}", json={"reason": reason},
                                headers={"X-Request-ID": "req-abc-123"})
            r2 = client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0}, headers={"Idempotency-Key": "l-1"})
            r3 = client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0}, headers={"Idempotency-Key": "l-1"})
            client.request("DELETE", f"/v1/{ns.name}/entities/{secret_key}x", params={"reason": reason})
    finally:
        neo4j_logger.setLevel(level)
    assert r1.status_code == r2.status_code == r3.status_code == 200
    assert r1.headers["X-Request-ID"] == "req-abc-123"
    # the service's own records (the test client's HTTP logger prints the URL it requested)
    lines = [JsonFormatter().format(r) for r in caplog.records if not r.name.startswith("httpx")]
    bodies = [json.loads(line) for line in lines]
    requests = [b for b in bodies if b["msg"] == "request"]
    assert len(requests) == 4
    assert requests[0]["request_id"] == "req-abc-123" and requests[0]["route"] == "/v1/{ns}/entities/{key}"
    assert len({b["request_id"] for b in requests}) == 4
    assert all({"ts", "level", "logger", "status", "ms"} <= set(b) for b in requests)
    everything = "\n".join(lines)
    for value in (secret_key, "Mira", "Velasquez", "diagnosis"):
        assert value not in everything, value
