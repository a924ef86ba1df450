"""A managed transaction that runs named statements, as write functions receive it; the marks it runs first and
the stamps it runs last.

Marks: a statement every write transaction of the current context runs first (an Idempotency-Key's claim), so that
what a request writes and the record that it wrote commit together (`marking`, `write_marks`).

Stamps: the writes that make a process's cached copy of something stale, and the statement that says so.

A process may keep a copy of what it reads on every request (a namespace's entity names:
`graphmem.channels.names._copy`) when the database can say, in the read that uses the copy, whether the copy still
holds: a stamp that every write changing the original changes too, in the same transaction. Which writes those are
is written here once, by statement name. `Tx` notes each one it runs (with a test of its rows when only some of its
runs change the original), and `Store.write` runs the stamp statement of each noted namespace as the transaction's
last statement: a writer holding a stamp's lock then takes no other lock after it, so it never deadlocks with a
writer waiting for the stamp, and writers of one namespace queue on it only while they commit (renewed inside
`merge_entities`, it was taken before the entity locks of later rows and held through the facts' writes).
`tests/unit/test_stamps.py` checks that every statement that writes entities is listed here or is said not to
change names.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, LiteralString

from neo4j import ManagedTransaction

from graphmem import metrics
from graphmem.store._values import Row, _params, _rows

#: the namespace's entity names changed: a new stamp (`cypher/exact/bump_names.cypher`)
NAMES = "exact/bump_names"

def _names_changed(rows: Sequence[Row]) -> bool:
    return any(r.get("names_changed") for r in rows)


#: statement -> (the stamp its writes change, a test of its rows when only some runs change it: a PUT of an
#: entity with the name it has changes none)
STAMPED: dict[str, tuple[str, Callable[[Sequence[Row]], bool] | None]] = {
    "temporal/merge_entities": (NAMES, _names_changed),
    "imports/create_entities": (NAMES, None),
    "tenants/import_nodes": (NAMES, None),
    "privacy/mark_erased": (NAMES, None),
    "privacy/purge_entity": (NAMES, None),
    "privacy/hide_nodes": (NAMES, None),
    "privacy/redact_nodes": (NAMES, None),  # an entity's name holding an erased subject's spelling is redacted
    "privacy/delete_nodes": (NAMES, None),
    "tenants/delete_batch": (NAMES, None),
    "bench/seed_versions": (NAMES, None),
}


def stamp_of(name: str, rows: Sequence[Row]) -> str | None:
    """The stamp a run of `name` that returned `rows` calls for, if any."""
    entry = STAMPED.get(name)
    if entry is None:
        return None
    stamp, test = entry
    return stamp if test is None or test(rows) else None


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
        stamp = stamp_of(name, rows)
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


#: a statement every write transaction of the current request runs first (an Idempotency-Key's mark)
Mark = Callable[["Tx"], None]
_marks: ContextVar[tuple[Mark, ...]] = ContextVar("graphmem_write_marks", default=())


def write_marks() -> tuple[Mark, ...]:
    """The marks the current context's writes carry (a writer writing for other callers collects theirs)."""
    return _marks.get()


@contextmanager
def marking(mark: Mark) -> Iterator[None]:
    """Every write transaction run in this context (threads started from it included) runs `mark` first,
    in the same transaction: what a request writes and the record that it wrote commit together or not at
    all (graphmem.idempotency.mark_written)."""
    token = _marks.set(_marks.get() + (mark,))
    try:
        yield
    finally:
        _marks.reset(token)
