"""The store's schema version (issue 34, upgrades): a store newer than this release is refused before
anything is written (at `graphmem serve`, at an app's start, at a lazy reconnect); `graphmem schema
migrate` records the version once every namespace is done, never lowering it; an empty store starts at
the current version, one holding memory from before versions waits for the migration."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.errors import StoreTooNew, StoreUnavailable
from graphmem.settings import Settings
from graphmem.store import SCHEMA_VERSION, Store, apply_schema, migrate, schema_version
from graphmem.store._migrations import record_version, settle_version
from graphmem.types import Namespace
from graphmem_tools.service import _refuse_a_store_it_cannot_serve
from tenancy import cypher

pytestmark = pytest.mark.neo4j


def _set(store: Store, version: int | None) -> None:
    cypher(store, "MATCH (v:SchemaVersion {key: 'graphmem'}) DELETE v")
    if version is not None:
        cypher(store, "CREATE (:SchemaVersion {key: 'graphmem', version: $v, migrated_at: datetime(), "
                      "by: 'graphmem 99.0'})", v=version)


@pytest.fixture
def kept(store: Store) -> Iterator[None]:
    """Whatever the test does to the record, the session's store gets its own back."""
    before = schema_version(store).version
    try:
        yield
    finally:
        _set(store, before)


def test_a_store_from_a_newer_release_is_refused_before_anything_is_written(
        kept: None, store: Store, settings: Settings) -> None:
    _set(store, SCHEMA_VERSION + 1)
    with pytest.raises(StoreTooNew, match=rf"schema version {SCHEMA_VERSION + 1} \(recorded .* by graphmem 99\.0\), "
                                          rf"newer than this graphmem's {SCHEMA_VERSION}"):
        apply_schema(store)
    with pytest.raises(StoreTooNew):
        _refuse_a_store_it_cannot_serve(settings)  # `graphmem serve` stops here with this one line
    app = create_app(settings)
    with pytest.raises(StoreTooNew), TestClient(app):
        pass  # an app that opens its own store does not start either
    with pytest.raises(StoreUnavailable, match="stopped"):  # and nothing of it (its model's warm-up, still
        app.state.holder.connect()  # loading on a fresh machine) calls the store it closed
    assert schema_version(store).version == SCHEMA_VERSION + 1  # and nothing lowered it


def test_migrate_records_the_version_once_every_namespace_is_done(kept: None, store: Store,
                                                                  ns: Namespace) -> None:
    cypher(store, "CREATE (:Entity {ns: $ns, key: 'c-1', type: 'customer', name: 'Maria Lopez'})", ns=ns.name)
    _set(store, None)  # memory written before versions
    assert settle_version(store).version is None  # served, but not claimed to be migrated
    assert [n for n, _ in schema_version(store).pending] == list(range(1, SCHEMA_VERSION + 1))
    migrate(store, ns)
    assert schema_version(store).version is None  # one namespace is not the store
    migrate(store)
    found = schema_version(store)
    assert found.version == SCHEMA_VERSION and found.pending == [] and found.by and found.by.startswith("graphmem")
    assert record_version(store, 1).version == SCHEMA_VERSION  # an older process never lowers it
