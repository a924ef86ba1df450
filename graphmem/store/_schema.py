"""The schema: apply it (constraints and indexes, all `IF NOT EXISTS`), check it, and remove a namespace.

Migrations of stored data live beside it (`_migrations.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from graphmem.infra.queries import statement_names

if TYPE_CHECKING:
    from graphmem.store._store import Store


def apply_schema(store: Store) -> list[str]:
    """Drop retired indexes (`cypher/schema_retired/*`, all `IF EXISTS`), apply every `cypher/schema/*`
    statement (all `IF NOT EXISTS`), then wait for indexes."""
    for name in store.names("schema_retired/"):
        store.autocommit(name)
    applied = []
    for name in store.names("schema/"):
        store.autocommit(name)
        applied.append(name)
    store.autocommit("admin/await_indexes")
    return applied


def expected_schema(store: Store) -> set[str]:
    return {n for name in store.names("schema/") for n in statement_names(store.query_text(name))}


def missing_schema(store: Store) -> set[str]:
    have = {r["name"] for r in store.read("admin/show_indexes")}  # reads: a follower may answer
    have |= {r["name"] for r in store.read("admin/show_constraints")}
    return expected_schema(store) - have


def purge_namespace(store: Store, ns: str) -> None:
    """Remove a whole namespace for good (tests, `graphmem purge --namespace`). Not an erasure."""
    store.autocommit("admin/purge_namespace_edges", ns=ns)  # edges first: a hub node's edges fit a batch
    store.autocommit("admin/purge_namespace", ns=ns)
