"""The one place that talks to Neo4j: driver, sessions, managed transactions, retries, error mapping.

Nothing else imports `neo4j`. A single read runs as an auto-commit query in a read session (one
round trip: RUN+PULL; `execute_query` wraps it in BEGIN/COMMIT, 3.55 against 1.96 ms p50 for
`RETURN 1` here), retried here on the driver's retryable errors, which is safe because it writes
nothing; reads that must share a snapshot use `read_tx`. Writes hand a function to `execute_write`, retried
here on transient errors (deadlocks, leader switches), so every write function must be safe to run twice.

Unreachability fails fast (issue 16: reads took 14-15 s and writes 15-48 s to answer 503 while Neo4j
was down). A lost connection is retried for `neo4j_unreachable_retry_time` only (0.5 s), not the 15 s
that deadlocks on a live server still get; the driver's own retry loop is switched off
(`max_transaction_retry_time=0` per session) so that these two budgets stay apart. Giving up on an
unreachable server opens the store's `Circuit`: every call then answers `StoreUnavailable` at once,
except one probe per `neo4j_probe_interval`, whose success closes it again (no restart needed).
Records come back as plain dicts with Neo4j temporal values converted to aware `datetime`s.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any, LiteralString, TypeVar

import neo4j
from neo4j import ManagedTransaction
from neo4j import exceptions as nx
from neo4j.time import Date as NeoDate
from neo4j.time import DateTime as NeoDateTime

from graphmem import bookmarks, metrics
from graphmem.bookmarks import Causal, CarryingPool
from graphmem.driver import open_driver as open_driver  # the one factory, re-exported
from graphmem.errors import Conflict, ConfigError, GraphmemError, StoreUnavailable
from graphmem.queries import load_queries, statement_names
from graphmem.settings import Settings

log = logging.getLogger(__name__)
T = TypeVar("T")
Row = dict[str, Any]
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


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _native(value: Any) -> Any:
    """Driver values to plain Python: temporal → datetime, nodes/relationships → property dicts."""
    kind = type(value)
    if kind in _PLAIN:  # most values: skip the isinstance chain (bulk results)
        return value
    # containers check their plain members inline: a call per member was 5 ms of every search's 60
    if kind is dict:
        return {k: v if type(v) in _PLAIN else _native(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _PLAIN else _native(v) for v in value]
    if isinstance(value, NeoDateTime):
        native = value.to_native()
        # Plain `timezone.utc`, never a named zone: a named-zone datetime sent back to Neo4j is
        # stored as a zone-id DateTime that never equals the offset DateTimes we write.
        return native.astimezone(timezone.utc) if native.tzinfo is not None else native
    if isinstance(value, NeoDate):
        return value.to_native()
    if isinstance(value, (neo4j.graph.Node, neo4j.graph.Relationship)):
        return {k: _native(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_native(v) for v in value]
    if isinstance(value, dict):
        return {k: _native(v) for k, v in value.items()}
    return value


def _rows(records: Any) -> list[Row]:
    return [{k: v if type(v) in _PLAIN else _native(v) for k, v in rec.items()} for rec in records]


@contextmanager
def translate_neo4j_errors() -> Iterator[None]:
    """Driver exceptions to graphmem errors, always chained (`raise … from exc`)."""
    try:
        yield
    except GraphmemError:
        raise
    except nx.ConstraintError as exc:
        raise Conflict(f"constraint violated: {exc.message}", code="constraint_violation") from exc
    except (nx.ServiceUnavailable, nx.SessionExpired, nx.TransientError) as exc:
        raise StoreUnavailable("Neo4j is unavailable; retry shortly") from exc
    except nx.AuthError as exc:
        raise StoreUnavailable("Neo4j rejected graphmem's credentials (check NEO4J_USER/NEO4J_PASSWORD)") from exc
    except nx.ClientError as exc:  # after AuthError and ConstraintError, its subclasses
        if "failed to obtain a connection from the pool" in str(exc):  # the driver's acquisition timeout
            raise StoreUnavailable("Neo4j is busy or unreachable; retry shortly") from exc
        if exc.code == "Neo.ClientError.Transaction.InvalidBookmark":  # a forged Graphmem-Bookmark
            raise bookmarks.InvalidBookmark.because("not a bookmark of this database") from exc
        raise
    except OSError as exc:  # connection refused / reset below the driver's own wrapping
        raise StoreUnavailable(f"Neo4j is unreachable: {exc}") from exc


_UNREACHABLE = (nx.ServiceUnavailable, nx.SessionExpired, OSError)


class Circuit:
    """Fail fast while Neo4j cannot be reached: opened when a call gives up on a lost connection, it
    refuses every call at once (`StoreUnavailable`, a 503 with Retry-After), except one per `interval`,
    let through as the probe (half-open); any answer from the server closes it."""

    def __init__(self, interval: float) -> None:
        self._interval = interval
        self._lock = threading.Lock()
        self._open = False
        self._next_probe = 0.0

    @property
    def is_open(self) -> bool:
        return self._open

    def admit(self) -> None:
        """Return when the call may go to Neo4j (closed, or this call is the probe); raise otherwise."""
        if not self._open:
            return
        with self._lock:
            now = time.monotonic()
            if self._open and now < self._next_probe:
                raise StoreUnavailable("Neo4j is unreachable; retry shortly")
            self._next_probe = now + self._interval  # this call is the probe; the next one waits

    def succeeded(self) -> None:
        if self._open:
            with self._lock:
                if self._open:
                    self._open = False
                    log.warning("Neo4j answers again: circuit closed")

    def failed(self) -> None:
        with self._lock:
            if not self._open:
                log.warning("Neo4j unreachable: circuit open, failing fast, one probe every %.1fs", self._interval)
            self._open = True
            self._next_probe = time.monotonic() + self._interval


class Tx:
    """A managed transaction that runs named statements. Handed to write functions."""

    def __init__(self, tx: ManagedTransaction, queries: Mapping[str, LiteralString]) -> None:
        self._tx, self._q = tx, queries

    def run(self, name: str, **params: Any) -> list[Row]:
        started = time.perf_counter()
        result = self._tx.run(self._q[name], params)
        rows = _rows(list(result))
        metrics.observe_query(name, time.perf_counter() - started)
        return rows

    def one(self, name: str, **params: Any) -> Row | None:
        rows = self.run(name, **params)
        return rows[0] if rows else None


class Store:
    """Owns the driver (one per process) and the named queries."""

    def __init__(self, settings: Settings, uri: str, auth: tuple[str, str] | None,
                 queries: Mapping[str, LiteralString] | None = None) -> None:
        self.settings = settings
        self.uri = uri
        self._db = settings.neo4j_database
        self._q = queries if queries is not None else load_queries()
        self._before_close: list[Callable[[], None]] = []
        self._state: dict[str, Any] = {}
        self._state_lock = threading.Lock()
        self.auth = auth
        self.circuit = Circuit(settings.neo4j_probe_interval)
        self._driver = open_driver(uri, auth, settings)

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
        started = time.monotonic()
        delay = 0.02
        with translate_neo4j_errors():
            while True:
                self.circuit.admit()
                try:
                    result = once()
                except _UNREACHABLE as exc:
                    again = retry and (isinstance(exc, OSError) or exc.is_retryable())
                    if not again or time.monotonic() + delay - started > self.settings.neo4j_unreachable_retry_time:
                        self.circuit.failed()
                        raise
                except (nx.Neo4jError, nx.DriverError) as exc:
                    self.circuit.succeeded()  # the server answered: reachable
                    if not retry or not exc.is_retryable() or \
                            time.monotonic() + delay - started > self.settings.neo4j_max_retry_time:
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
        text = self.query_text(name)
        started = time.perf_counter()

        def once() -> list[Any]:
            with self._session(default_access_mode=neo4j.READ_ACCESS) as session:
                return list(session.run(text, params))

        records = self._attempts(f"read {name}", once)
        metrics.observe_query(name, time.perf_counter() - started)
        return _rows(records)

    def read_tx(self, work: Callable[[Tx], T]) -> T:
        """Several reads in one transaction, so they see one snapshot."""
        def once() -> T:
            with self._session(default_access_mode=neo4j.READ_ACCESS) as session:
                return session.execute_read(lambda tx: work(Tx(tx, self._q)))
        return self._attempts("read transaction", once)

    def write(self, work: Callable[[Tx], T], *, marks: tuple[Mark, ...] | None = None,
              along: tuple[Causal | None, ...] | None = None) -> T:
        """Run `work` in one managed write transaction; it may run more than once, keep it idempotent.

        The context's marks (`marking`), or `marks` when given, run first in the same transaction; the
        context's bookmarks, or those of every caller `along` (group commit), likewise (graphmem.bookmarks)."""
        first = write_marks() if marks is None else marks
        carriers = (bookmarks.current(),) if along is None else along

        def unit(tx: ManagedTransaction) -> T:
            t = Tx(tx, self._q)
            for mark in first:
                mark(t)
            return work(t)

        return self._attempts("write", lambda: self._writing(carriers, lambda s: s.execute_write(unit)))

    def _writing(self, carriers: tuple[Causal | None, ...], run: Callable[[neo4j.Session], T]) -> T:
        after = bookmarks.wanted(carriers)
        with self._session(after, default_access_mode=neo4j.WRITE_ACCESS) as session:
            result = run(session)
            bookmarks.wrote(carriers, after, session.last_bookmarks().raw_values)  # read-your-writes
        return result

    def write_one(self, name: str, **params: Any) -> list[Row]:
        return self.write(lambda tx: tx.run(name, **params))

    def autocommit(self, name: str, **params: Any) -> list[Row]:
        """Statements that manage their own transactions (schema, `CALL {} IN TRANSACTIONS`): writes."""
        text, carriers = self.query_text(name), (bookmarks.current(),)
        return self._attempts(f"autocommit {name}", lambda: self._writing(  # not a unit that may run twice
            carriers, lambda s: _rows(list(s.run(text, params)))), retry=False)

    def names(self, prefix: str) -> list[str]:
        return sorted(n for n in self._q if n.startswith(prefix))

    # --- schema and health -------------------------------------------------------------
    def apply_schema(self) -> list[str]:
        """Drop retired indexes (`cypher/schema_retired/*`, all `IF EXISTS`), apply every `cypher/schema/*`
        statement (all `IF NOT EXISTS`), then wait for indexes."""
        for name in self.names("schema_retired/"):
            self.autocommit(name)
        applied = []
        for name in self.names("schema/"):
            self.autocommit(name)
            applied.append(name)
        self.autocommit("admin/await_indexes")
        return applied

    def expected_schema(self) -> set[str]:
        return {n for name in self.names("schema/") for n in statement_names(self._q[name])}

    def missing_schema(self) -> set[str]:
        have = {r["name"] for r in self.read("admin/show_indexes")}  # reads: a follower may answer
        have |= {r["name"] for r in self.read("admin/show_constraints")}
        return self.expected_schema() - have

    def ping(self) -> None:
        self._attempts("ping", self._driver.verify_connectivity, retry=False)
        self.read("admin/ping")

    def server_time(self) -> datetime:
        return self.read("admin/server_time")[0]["now"]  # type: ignore[no-any-return]

    # --- per-store state -----------------------------------------------------------------
    def state(self, name: str, factory: Callable[[], T]) -> T:
        """The object a channel keeps for this store (a tuner, a cache, a background writer), made once.

        Process-wide globals keyed by `id(store)` outlived their store and mixed two stores that
        happened to share an id; state kept here lives and dies with the store it describes.
        """
        with self._state_lock:
            if name not in self._state:
                self._state[name] = factory()
            return self._state[name]  # type: ignore[no-any-return]

    def executor(self, name: str, workers: int) -> CarryingPool:
        """A thread pool of this store's (shut down when the store closes), one per name; its tasks read
        after the submitting request's bookmarks."""
        def make() -> CarryingPool:
            pool = CarryingPool(max_workers=workers, thread_name_prefix=f"graphmem-{name}")
            self._before_close.append(lambda: pool.shutdown(wait=True, cancel_futures=False))
            return pool
        return self.state(f"executor:{name}", make)

    def on_close(self, callback: Callable[[], None]) -> None:
        """Run `callback` before the driver closes (background writers finish their work first)."""
        if callback not in self._before_close:
            self._before_close.append(callback)

    def close(self) -> None:
        for callback in self._before_close:
            try:
                callback()
            except Exception as exc:  # closing must not fail on a helper's trouble
                log.debug("before-close callback failed: %s", exc)
        self._driver.close()


def connection_for(settings: Settings) -> tuple[str, tuple[str, str] | None]:
    """The URI and auth to use: NEO4J_URI when set, else the managed local server (started if needed)."""
    if settings.neo4j_uri:
        pw = settings.neo4j_password.get_secret_value() if settings.neo4j_password else None
        return settings.neo4j_uri, ((settings.neo4j_user, pw) if pw is not None else None)
    from graphmem.localdb import LocalNeo4j

    info = LocalNeo4j(settings).start()
    return info.bolt_uri, (info.user, info.password)


@contextmanager
def open_store(settings: Settings, *, apply_schema: bool = True, wait: float = 60.0) -> Iterator[Store]:
    """Connect (starting the managed server when no URI is set), apply the schema, close on exit."""
    uri, auth = connection_for(settings)
    store = Store(settings, uri, auth)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                store.ping()
                break
            except StoreUnavailable:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        if apply_schema:
            store.apply_schema()
        yield store
    finally:
        store.close()


def purge_namespace(store: Store, ns: str) -> None:
    """Remove a whole namespace for good (tests, `graphmem purge --namespace`). Not an erasure."""
    store.autocommit("admin/purge_namespace_edges", ns=ns)  # edges first: a hub node's edges fit a batch
    store.autocommit("admin/purge_namespace", ns=ns)
