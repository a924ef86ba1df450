"""`graphmem bench graphiti` judges what each side answers: on a small graph, graphmem's exact GET and
/recall give the value true at the asked time and nothing stale; Graphiti's hybrid search without filters
returns superseded facts, and with the caller's filters the right one. Real Neo4j on both sides (Graphiti's
own second server), real MiniLM, graphiti-core's own bulk save and search; the app in-process."""

from __future__ import annotations

import random
from typing import Any
from uuid import uuid4

import pytest

from graphmem.store import Store
from graphmem.types import Namespace
from graphmem_tools.bench import graphiti as bench
from graphmem_tools.graphiti_side import GraphitiSide, fact_text
from graphmem_tools.graphiti_source import GraphitiServer

pytestmark = pytest.mark.neo4j


class InProcess:
    """The bench's HTTP caller, over the in-process app (TestClient) instead of a served process."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        r = self.client.request(method, path, json=body)
        assert r.status_code == 200, r.text[:300]
        return dict(r.json())


def test_each_side_is_judged_by_the_value_true_at_the_asked_time(
        graphiti_neo4j: GraphitiServer, store: Store, ns: Namespace, client: Any) -> None:
    rng = random.Random(3)
    people = bench.histories(12, 4, rng)
    versions = [v for h in people.values() for v in h]
    assert bench.fill_graphmem(store, ns, people) > 0
    side = GraphitiSide(graphiti_neo4j.uri, graphiti_neo4j.user, graphiti_neo4j.password)
    group = f"bench-{uuid4().hex[:8]}"
    try:
        from graphmem.embedding import get_embedder

        vectors = [list(v) for v in get_embedder().embed([fact_text(v) for v in versions])]
        assert side.save_facts(group, versions, vectors) == len(versions)
        kinds = bench.facts_workload(InProcess(client), side, ns, group, people, 12, rng)
    finally:
        side.close()
    for name in ("gm_get", "gm_recall", "gm_get_asof", "gm_recall_asof"):
        k = kinds[name]
        assert (k.right, k.stale) == (12, 0), name
    assert kinds["gi_filtered"].right == 12 and kinds["gi_filtered"].stale == 0
    # three of every four versions are superseded: unfiltered hybrid search returns them
    assert kinds["gi_rrf"].stale > 0 and kinds["gi_rrf"].right < 12
