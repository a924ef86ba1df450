"""A managed transaction that runs named statements, as write functions receive it, and the stamps its writes
call for.

Stamps: the writes that make a process's cached copy of something stale, and the statement that says so.

A process may keep a copy of what it reads on every request (a namespace's entity names:
`graphmem.channels.names._copy`) when the database can say, in the read that uses the copy, whether the copy still
holds: a stamp that every write changing the original changes too, in the same transaction. Which writes those are
is written here once, by statement name. `Tx` notes each one it runs, and `Store.write` runs the stamp statement
of each noted namespace as the transaction's last statement: a writer holding a stamp's lock then takes no other
lock after it, so it never deadlocks with a writer waiting for the stamp. `tests/unit/test_stamps.py` checks that
every statement that writes entities is listed here, stamps in its own text, or is said not to change names.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, LiteralString

from neo4j import ManagedTransaction

from graphmem import metrics
from graphmem.store._values import Row, _params, _rows

#: the namespace's entity names changed: a new stamp (`cypher/exact/bump_names.cypher`)
NAMES = "exact/bump_names"

#: statement -> the stamp its writes change. `temporal/merge_entities`, a PUT's, renews the names' stamp in its own
#: text, and only when a name changes: the stamp's own statement after it cost a new entity's PUT 12% of its time
STAMPED: dict[str, str] = {
    "imports/create_entities": NAMES,
    "tenants/import_nodes": NAMES,
    "privacy/mark_erased": NAMES,
    "privacy/purge_entity": NAMES,
    "privacy/hide_nodes": NAMES,
    "privacy/redact_nodes": NAMES,  # an entity's name holding an erased subject's spelling is redacted
    "privacy/delete_nodes": NAMES,
    "tenants/delete_batch": NAMES,
    "bench/seed_versions": NAMES,
}


class Tx:
    """A managed transaction that runs named statements. Handed to write functions."""

    def __init__(self, tx: ManagedTransaction, queries: Mapping[str, LiteralString],
                 vectors: Mapping[str, str] | None = None, takes_vectors: frozenset[str] = frozenset()) -> None:
        self._tx, self._q, self._vectors, self._takes = tx, queries, vectors, takes_vectors
        #: (stamp statement, namespace) the statements run so far call for (see the module doc): run last, by `Store.write`
        self.stamps: set[tuple[str, str]] = set()

    def run(self, name: str, **params: Any) -> list[Row]:
        started = time.perf_counter()
        given = _params(params, self._vectors if name in self._takes else None)
        result = self._tx.run(self._q[name], given)
        rows = _rows(list(result))
        metrics.observe_query(name, time.perf_counter() - started)
        stamp = STAMPED.get(name)
        if stamp is not None:  # every stamped statement is scoped by $ns (tests/unit/test_stamps.py)
            self.stamps.add((stamp, str(given["ns"])))
        return rows

    def run_stamps(self) -> None:
        """The stamps this transaction's writes call for, in one order (two writers never wait on each other's)."""
        for stamp, ns in sorted(self.stamps):
            self._tx.run(self._q[stamp], {"ns": ns})
        self.stamps.clear()

    def one(self, name: str, **params: Any) -> Row | None:
        rows = self.run(name, **params)
        return rows[0] if rows else None
