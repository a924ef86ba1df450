"""A managed transaction that runs named statements, as write functions receive it."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, LiteralString

from neo4j import ManagedTransaction

from graphmem import metrics
from graphmem.store._values import Row, _params, _rows


class Tx:
    """A managed transaction that runs named statements. Handed to write functions."""

    def __init__(self, tx: ManagedTransaction, queries: Mapping[str, LiteralString],
                 vectors: Mapping[str, str] | None = None, takes_vectors: frozenset[str] = frozenset()) -> None:
        self._tx, self._q, self._vectors, self._takes = tx, queries, vectors, takes_vectors

    def run(self, name: str, **params: Any) -> list[Row]:
        started = time.perf_counter()
        result = self._tx.run(self._q[name], _params(params, self._vectors if name in self._takes else None))
        rows = _rows(list(result))
        metrics.observe_query(name, time.perf_counter() - started)
        return rows

    def one(self, name: str, **params: Any) -> Row | None:
        rows = self.run(name, **params)
        return rows[0] if rows else None
