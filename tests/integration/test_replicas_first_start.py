"""Two replicas started at the same moment against one fresh Neo4j (a deployment's first rollout) both come up.

Both apply the schema at once. Neo4j then answered one of them with a deadlock on the schema's label locks, or
with "an equivalent index already exists" for an index the other created between its check and its commit;
the start failed with "Neo4j is unavailable" (found when two `graphmem check erasure` runs started together
on a new store: 4 of 4 rounds failed). The test runs its own Neo4j, since it empties the schema between rounds."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem.localdb import LocalNeo4j, free_port
from graphmem.settings import Settings
from graphmem.store import Store, missing_schema, open_store, recorded_model, schema_version

pytestmark = pytest.mark.neo4j

ROUNDS = 3


@pytest.fixture(scope="module")
def fresh_server() -> Iterator[Settings]:
    home = Path(tempfile.mkdtemp(prefix="graphmem-race-"))
    local = LocalNeo4j(Settings(_env_file=None, home=home, bolt_port=free_port(), http_port=free_port()))  # type: ignore[call-arg]
    info = local.start()
    try:
        yield Settings(_env_file=None, neo4j_uri=info.bolt_uri, neo4j_user=info.user,  # type: ignore[call-arg]
                       neo4j_password=info.password)
    finally:
        local.stop()


def _empty(store: Store) -> None:
    """Back to a never-used store: no data, no constraint, no index (this server is the test's own)."""
    for row in store.read("admin/show_constraints"):
        store._driver.execute_query(f"DROP CONSTRAINT `{row['name']}` IF EXISTS")  # noqa: SLF001 - test only
    indexes = store._driver.execute_query(  # noqa: SLF001
        "SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name").records
    for row in indexes:
        store._driver.execute_query(f"DROP INDEX `{row['name']}` IF EXISTS")  # noqa: SLF001
    store._driver.execute_query("MATCH (n) DETACH DELETE n")  # noqa: SLF001


def _start_two(settings: Settings) -> list[str]:
    failures: list[str] = []
    ready = threading.Barrier(2)

    def replica() -> None:
        try:
            ready.wait()
            with open_store(settings):
                pass
        except Exception as exc:  # the test's finding: what a replica's start raised
            failures.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=replica) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    return failures


def test_two_replicas_starting_together_on_a_fresh_store_both_start(fresh_server: Settings) -> None:
    for round_ in range(ROUNDS):
        with open_store(fresh_server, apply_schema=False) as store:
            _empty(store)
            assert store.read("admin/show_constraints") == []
        assert _start_two(fresh_server) == [], f"round {round_}"
        with open_store(fresh_server, apply_schema=False) as store:
            assert missing_schema(store) == set()
            assert recorded_model(store) is not None  # one model record, made by one of them
            assert schema_version(store).version is not None
