"""`graphmem.recall.warmup.warm_statements` runs a real turn write and a recall before `/readyz` says ready,
so Neo4j has planned their statements, and leaves nothing behind: the write's transaction is rolled back,
nothing is queued after it, and the recall reads an empty namespace."""

from __future__ import annotations

import gc
import time

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.channels.conversation import drain_folds
from graphmem.metrics import QUERY_SECONDS
from graphmem.recall.warmup import WARM_NS, warm_statements
from graphmem.settings import Settings
from graphmem.store import Store

pytestmark = pytest.mark.neo4j


def _count(name: str) -> float:
    for metric in QUERY_SECONDS.collect():
        for sample in metric.samples:
            if sample.name.endswith("_count") and sample.labels.get("query") == name:
                return sample.value
    return 0.0


def _left_in_warm_ns(store: Store) -> int:
    records, _, _ = store._driver.execute_query("MATCH (n {ns: $ns}) RETURN count(n) AS n", {"ns": WARM_NS},
                                                database_=store.services.settings.neo4j_database)
    return int(records[0]["n"])


def test_warm_statements_run_the_turn_write_and_keep_nothing(store: Store) -> None:
    before = {q: _count(q) for q in ("turns/lock_session", "turns/append_turns")}
    warm_statements(store)
    assert all(_count(q) == before[q] + 1 for q in before), "the turn write's statements did not run"
    drain_folds(5.0)
    time.sleep(0.2)  # keyword statistics are written in the background: none may come for a rolled-back turn
    assert _left_in_warm_ns(store) == 0
    warm_statements(store)  # again: the same, nothing kept (no id taken, no session left)
    assert _left_in_warm_ns(store) == 0


@pytest.mark.parametrize("serving", [True, False])
def test_only_the_served_app_freezes_what_its_warm_up_made(settings: Settings, store: Store, serving: bool) -> None:
    """`graphmem serve`'s app (serving=True) ends its warm-up by moving the process's objects out of later
    collections (`api.warmup._freeze`: a full collection traversed them all, a 200-300 ms stall); an app built
    any other way (a test's) freezes nothing: what it froze would never be freed. A served app unfreezes when it
    stops (`graphmem bench first_turn` checks that its stderr then holds no stray line)."""
    gc.unfreeze()
    try:
        with TestClient(create_app(settings, store, serving=serving)) as client:
            deadline = time.monotonic() + 120
            while client.get("/readyz").status_code != 200 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert client.get("/readyz").status_code == 200
            assert (gc.get_freeze_count() > 100_000) is serving, gc.get_freeze_count()
        assert gc.get_freeze_count() == 0  # stopped, it unfroze: the interpreter's end frees all (no "leaked" lines)
    finally:
        gc.unfreeze()  # this process builds many apps: nothing of this one stays frozen
