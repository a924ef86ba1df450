"""`Store`: the driver, named statements, reads and writes with their retries (see the package docstring for
the retry and circuit rules); what the channels share besides is its `services` (`_services`)."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import Any, LiteralString, TypeVar

import neo4j
from neo4j import ManagedTransaction
from neo4j import exceptions as nx

from graphmem import bookmarks, metrics
from graphmem.bookmarks import Causal
from graphmem.infra.driver import open_driver
from graphmem.errors import ConfigError
from graphmem.infra.queries import load_queries
from graphmem.settings import Settings
from graphmem.store._circuit import Circuit
from graphmem.store._errors import _UNREACHABLE, translate_neo4j_errors
from graphmem.store._services import Services
from graphmem.store._tx import Mark, Tx, write_marks
from graphmem.store._values import Row, _params, _rows, vector_slot

log = logging.getLogger("graphmem.store")
T = TypeVar("T")


class Store:
    """Owns the driver (one per process) and the named queries."""

    def __init__(self, settings: Settings, uri: str, auth: tuple[str, str] | None,
                 queries: Mapping[str, LiteralString] | None = None) -> None:
        #: the settings, per-store state, pools and close hooks the channels share (`_services`)
        self.services = Services(settings)
        self.uri = uri
        self._db = settings.neo4j_database
        self._q = queries if queries is not None else load_queries()
        self.auth = auth
        self.circuit = Circuit(settings.neo4j_probe_interval)
        self._driver = open_driver(uri, auth, settings)
        #: the vector slot's names the statements that take them get (`_values.vector_slot`); set from the record
        #: of its model when the schema is applied or the store is opened (`_schema.check_embedding_model`)
        self.vectors: dict[str, str] = vector_slot("a")
        #: the statements that name a vector slot: only they are sent its names (every statement runs often)
        self._takes_vectors = frozenset(n for n, q in self._q.items() if "$vec_" in q)

    # --- running statements -------------------------------------------------------------
    def query_text(self, name: str) -> LiteralString:
        try:
            return self._q[name]
        except KeyError:
            raise ConfigError(f"no Cypher file for query {name!r}") from None

    def _attempts(self, what: str, once: Callable[[], T], *, retry: bool = True) -> T:
        """Run `once` through the circuit, retrying with jittered back-off: a lost connection for up to
        `neo4j_unreachable_retry_time` (then the circuit opens), any other retryable error (deadlock,
        leader switch: the server answered) for up to `neo4j_max_retry_time`."""
        started, budgets = time.monotonic(), self.services.settings
        delay = 0.02
        with translate_neo4j_errors():
            while True:
                self.circuit.admit()
                try:
                    result = once()
                except _UNREACHABLE as exc:
                    again = retry and (isinstance(exc, OSError) or exc.is_retryable())
                    if not again or time.monotonic() + delay - started > budgets.neo4j_unreachable_retry_time:
                        self.circuit.failed()
                        raise
                except (nx.Neo4jError, nx.DriverError) as exc:
                    self.circuit.succeeded()  # the server answered: reachable
                    if not retry or not exc.is_retryable() or \
                            time.monotonic() + delay - started > budgets.neo4j_max_retry_time:
                        raise
                else:
                    self.circuit.succeeded()
                    return result
                log.debug("%s failed; retrying", what)
                time.sleep(delay * random.uniform(0.5, 1.5))
                delay = min(1.0, delay * 2)

    def _session(self, after: frozenset[str] | None = None, **config: Any) -> neo4j.Session:
        # the driver's retry loop is off: `_attempts` retries, with separate budgets (see the module doc);
        # `after`: the bookmarks to start after, by default the current request's (graphmem.bookmarks)
        after = bookmarks.wanted((bookmarks.current(),)) if after is None else after
        return self._driver.session(database=self._db, max_transaction_retry_time=0.0,
                                    bookmarks=neo4j.Bookmarks.from_raw_values(after) if after else None, **config)

    def read(self, name: str, **params: Any) -> list[Row]:
        """One read statement, auto-committed in a read session (routed to a reader in a cluster) and
        retried with jittered back-off on retryable errors (see `_attempts`)."""
        text, given = self.query_text(name), _params(params, self._vectors_for(name))
        started = time.perf_counter()

        def once() -> list[Any]:
            with self._session(default_access_mode=neo4j.READ_ACCESS) as session:
                return list(session.run(text, given))

        records = self._attempts(f"read {name}", once)
        metrics.observe_query(name, time.perf_counter() - started)
        return _rows(records)

    def stream(self, name: str, **params: Any) -> Iterator[Row]:
        """One read statement whose rows are handed on as the server sends them (an export: constant
        memory however large the result). Never retried: rows already handed on cannot be taken back, so a
        failure midway raises to the consumer."""
        text, given = self.query_text(name), _params(params, self._vectors_for(name))
        with translate_neo4j_errors():
            self.circuit.admit()
            with self._session(default_access_mode=neo4j.READ_ACCESS, fetch_size=2000) as session:
                for record in session.run(text, given):
                    yield _rows([record])[0]

    def read_tx(self, work: Callable[[Tx], T]) -> T:
        """Several reads in one transaction, so they see one snapshot."""
        def once() -> T:
            with self._session(default_access_mode=neo4j.READ_ACCESS) as session:
                return session.execute_read(lambda tx: work(Tx(tx, self._q, self.vectors, self._takes_vectors)))
        return self._attempts("read transaction", once)

    def write(self, work: Callable[[Tx], T], *, marks: tuple[Mark, ...] | None = None,
              along: tuple[Causal | None, ...] | None = None) -> T:
        """Run `work` in one managed write transaction; it may run more than once, keep it idempotent.

        The context's marks (`marking`), or `marks` when given, run first in the same transaction; the
        context's bookmarks, or those of every caller `along` (group commit), likewise (graphmem.bookmarks)."""
        first = write_marks() if marks is None else marks
        carriers = (bookmarks.current(),) if along is None else along

        def unit(tx: ManagedTransaction) -> T:
            t = Tx(tx, self._q, self.vectors, self._takes_vectors)
            for mark in first:
                mark(t)
            result = work(t)
            t.run_stamps()  # last: see `_tx`
            return result

        return self._attempts("write", lambda: self._writing(carriers, lambda s: s.execute_write(unit)))

    def _writing(self, carriers: tuple[Causal | None, ...], run: Callable[[neo4j.Session], T]) -> T:
        after = bookmarks.wanted(carriers)
        with self._session(after, default_access_mode=neo4j.WRITE_ACCESS) as session:
            result = run(session)
            bookmarks.wrote(carriers, after, session.last_bookmarks().raw_values)  # read-your-writes
        return result

    def write_one(self, name: str, **params: Any) -> list[Row]:
        return self.write(lambda tx: tx.run(name, **params))

    def autocommit(self, name: str, *, idempotent: bool = False, **params: Any) -> list[Row]:
        """Statements that manage their own transactions (schema, `CALL {} IN TRANSACTIONS`): writes. Not a unit
        that may run twice, so not retried, unless the caller says running it again is harmless (`idempotent`:
        a deadlock with a serving writer then retries it)."""
        text, carriers = self.query_text(name), (bookmarks.current(),)
        return self._attempts(f"autocommit {name}", lambda: self._writing(
            carriers, lambda s: _rows(list(s.run(text, _params(params, self._vectors_for(name)))))), retry=idempotent)

    def _vectors_for(self, name: str) -> dict[str, str] | None:
        return self.vectors if name in self._takes_vectors else None

    def names(self, prefix: str) -> list[str]:
        return sorted(n for n in self._q if n.startswith(prefix))

    # --- health ------------------------------------------------------------------------
    def ping(self) -> None:
        self._attempts("ping", self._driver.verify_connectivity, retry=False)
        self.read("admin/ping")

    def server_time(self) -> datetime:
        return self.read("admin/server_time")[0]["now"]  # type: ignore[no-any-return]

    def close(self) -> None:
        self.services.close()  # background writers drain and pools finish while the driver is still open
        self._driver.close()
