"""`graphmem bench relations` (issue #21) compares typed relations with the old `RELATES {type}` shape
through the same library code: its legacy statements (cypher/bench/legacy_*) still load, write the old
shape, and the same writes give the same traversal answers on both sides, which is what makes the timing a
fair comparison. Small sizes: the timing itself is the command's, not a test's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import pytest

from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench.relations import legacy_store, populate, side_by_side

pytestmark = pytest.mark.neo4j


def _types(store: Store, ns: Namespace) -> set[str]:
    """Test-only Cypher: the relationship types between the namespace's entities."""
    records, _, _ = store._driver.execute_query(
        "MATCH (:Entity {ns: $ns})-[r]->(:Entity {ns: $ns}) RETURN DISTINCT type(r) AS t", {"ns": ns.name},
        database_=store.services.settings.neo4j_database)
    return {r["t"] for r in records}


@pytest.fixture
def legacy_ns(store: Store) -> Iterator[Namespace]:
    namespace = Namespace(f"test-{uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


def test_both_shapes_answer_alike(settings: Settings, store: Store, ns: Namespace, legacy_ns: Namespace) -> None:
    with legacy_store(settings) as old:
        populate(store, ns, 30, 5)
        populate(old, legacy_ns, 30, 5)
        got: Any
        got, differ = side_by_side((store, ns), (old, legacy_ns), people=30, companies=5, writes=40, walks=10,
                                   seed=3)
    assert differ == 0
    assert all(len(got[k]["typed"]) == len(got[k]["legacy"]) > 0 for k in ("write", "traverse"))
    assert _types(store, ns) == {"WORKS_AT", "KNOWS"}
    assert _types(store, legacy_ns) == {"RELATES"}
