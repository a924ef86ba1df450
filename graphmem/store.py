"""The one place that talks to Neo4j: driver, sessions, managed transactions, retries, error mapping.

Nothing else imports `neo4j`. A single read runs as an auto-commit query in a read session (one
round trip: RUN+PULL; `execute_query` wraps it in BEGIN/COMMIT, 3.55 against 1.96 ms p50 for
`RETURN 1` here), retried here on the driver's retryable errors, which is safe because it writes
nothing; reads that must share a snapshot use `read_tx`. Writes hand a function to `execute_write`, which the driver retries on transient errors
(deadlocks, leader switches), so every write function must be safe to run twice.
Records come back as plain dicts with Neo4j temporal values converted to aware `datetime`s.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, LiteralString, TypeVar

import neo4j
from neo4j import ManagedTransaction
from neo4j import exceptions as nx
from neo4j.time import Date as NeoDate
from neo4j.time import DateTime as NeoDateTime

from graphmem import metrics
from graphmem.driver import open_driver as open_driver  # the one factory, re-exported
from graphmem.errors import Conflict, ConfigError, GraphmemError, StoreUnavailable
from graphmem.queries import load_queries, statement_names
from graphmem.settings import Settings

log = logging.getLogger(__name__)
T = TypeVar("T")
Row = dict[str, Any]


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
    except OSError as exc:  # connection refused / reset below the driver's own wrapping
        raise StoreUnavailable(f"Neo4j is unreachable: {exc}") from exc


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
        self._driver = open_driver(uri, auth, settings)

    # --- running statements -------------------------------------------------------------
    def query_text(self, name: str) -> LiteralString:
        try:
            return self._q[name]
        except KeyError:
            raise ConfigError(f"no Cypher file for query {name!r}") from None

    def read(self, name: str, **params: Any) -> list[Row]:
        """One read statement, auto-committed in a read session (routed to a reader in a cluster) and
        retried with jittered back-off on retryable errors for up to `neo4j_max_retry_time`."""
        text = self.query_text(name)
        started = time.perf_counter()
        deadline = time.monotonic() + self.settings.neo4j_max_retry_time
        delay = 0.02
        with translate_neo4j_errors():
            while True:
                try:
                    with self._driver.session(database=self._db, default_access_mode=neo4j.READ_ACCESS) as session:
                        records = list(session.run(text, params))
                    break
                except (nx.Neo4jError, nx.DriverError) as exc:
                    if not exc.is_retryable() or time.monotonic() + delay > deadline:
                        raise
                    log.debug("read %s failed (%s); retrying", name, type(exc).__name__)
                    time.sleep(delay * random.uniform(0.5, 1.5))
                    delay = min(1.0, delay * 2)
        metrics.observe_query(name, time.perf_counter() - started)
        return _rows(records)

    def read_tx(self, work: Callable[[Tx], T]) -> T:
        """Several reads in one transaction, so they see one snapshot."""
        with translate_neo4j_errors(), self._driver.session(database=self._db) as session:
            return session.execute_read(lambda tx: work(Tx(tx, self._q)))

    def write(self, work: Callable[[Tx], T]) -> T:
        """Run `work` in one managed write transaction; it may run more than once, keep it idempotent."""
        with translate_neo4j_errors(), self._driver.session(database=self._db) as session:
            return session.execute_write(lambda tx: work(Tx(tx, self._q)))

    def write_one(self, name: str, **params: Any) -> list[Row]:
        return self.write(lambda tx: tx.run(name, **params))

    def autocommit(self, name: str, **params: Any) -> list[Row]:
        """Statements that manage their own transactions (schema, `CALL {} IN TRANSACTIONS`)."""
        text = self.query_text(name)
        with translate_neo4j_errors(), self._driver.session(database=self._db) as session:
            return _rows(list(session.run(text, params)))

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
        have = {r["name"] for r in self.autocommit("admin/show_indexes")}
        have |= {r["name"] for r in self.autocommit("admin/show_constraints")}
        return self.expected_schema() - have

    def ping(self) -> None:
        with translate_neo4j_errors():
            self._driver.verify_connectivity()
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

    def executor(self, name: str, workers: int) -> ThreadPoolExecutor:
        """A thread pool of this store's (shut down when the store closes), one per name."""
        def make() -> ThreadPoolExecutor:
            pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"graphmem-{name}")
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
