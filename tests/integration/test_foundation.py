"""The ground everything stands on: a real Neo4j 5.26, the schema, the store, the app shell."""

from __future__ import annotations

import math
import time

import pytest

from graphmem.store import Store, expected_schema, missing_schema
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j


def test_server_is_neo4j_5_26(store: Store) -> None:
    rows = store.read("admin/server_version")
    assert rows[0]["name"] == "Neo4j Kernel"
    assert rows[0]["versions"][0].startswith("5.26.")


def test_schema_is_applied(store: Store) -> None:
    assert missing_schema(store) == set()
    assert {"entity_key", "turn_embedding", "turn_search", "has_believed", "has_history"} <= expected_schema(store)
    names = {r["name"] for r in store.autocommit("admin/show_indexes")}
    # retired (cypher/schema_retired/): dropped by apply_schema
    assert not {"has_txn_end", "turn_text", "summary_text"} & names


def test_vector_index_orders_by_cosine(store: Store, ns: Namespace) -> None:
    """Three nodes at known angles from the query: the index must return them nearest first."""
    def unit(angle: float) -> list[float]:
        v = [0.0] * 384
        v[0], v[1] = math.cos(angle), math.sin(angle)
        return v

    nodes = [{"id": "far", "embedding": unit(1.2)}, {"id": "near", "embedding": unit(0.1)},
             {"id": "mid", "embedding": unit(0.6)}]
    store.autocommit("admin/create_probe_index")
    store.autocommit("admin/await_indexes")
    store.write(lambda tx: tx.run("admin/probe_vector_write", ns=ns.name, nodes=nodes))
    rows = store.read("admin/probe_vector_query", ns=ns.name, vector=unit(0.0), k=50)
    assert [r["id"] for r in rows] == ["near", "mid", "far"]
    scores = [r["score"] for r in rows]
    assert scores == sorted(scores, reverse=True)
    assert 0.9 < scores[0] <= 1.0 and scores[-1] < scores[0]


def test_write_is_all_or_nothing(store: Store, ns: Namespace) -> None:
    store.autocommit("admin/create_probe_index")
    nodes = [{"id": "a", "embedding": [1.0] + [0.0] * 383}]

    def work(tx: object) -> None:
        tx.run("admin/probe_vector_write", ns=ns.name, nodes=nodes)  # type: ignore[attr-defined]
        raise RuntimeError("fail after the first statement")

    with pytest.raises(RuntimeError):
        store.write(work)
    assert store.read("admin/probe_vector_query", ns=ns.name, vector=[1.0] + [0.0] * 383, k=10) == []


def test_healthz_and_readyz(client: object) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}  # type: ignore[attr-defined]
    deadline = time.monotonic() + 180  # the first app of a process loads the model (503 model_loading until then)
    while (r := client.get("/readyz")).status_code == 503 and time.monotonic() < deadline:  # type: ignore[attr-defined]
        assert r.json()["error"]["code"] == "model_loading", r.text
        time.sleep(0.5)
    assert r.status_code == 200 and r.json()["status"] == "ready"
    assert client.get("/openapi.json").status_code == 200  # type: ignore[attr-defined]
    m = client.get("/metrics")  # type: ignore[attr-defined]
    assert m.status_code == 200 and "graphmem_request_seconds" in m.text
