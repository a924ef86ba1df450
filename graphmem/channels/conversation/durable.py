"""A store's worker for a durable queue: work marked queued in Neo4j, done after the request answered.

Why a base: summary text (`folds`) and LLM extraction (`extraction`) follow the same contract. The
request's own transaction marks the work queued, so nothing is lost if the process dies; the request then
notifies this process's worker, which does the work soon (one daemon thread per store, started on first
use). Every `RESCAN_S`, and at start, the worker also scans Neo4j for work a dead process left queued. When
the store closes, the worker drains what is pending (bounded) and stops; what it leaves stays queued.
Subclasses name the scan statement, how to read a scanned row, and how to do one item.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Iterable
from typing import Any, ClassVar

from graphmem.store import Store

log = logging.getLogger(__name__)

RESCAN_S = 30.0  # how often a worker looks for work queued by a process that died
SCAN_LIMIT = 500  # items taken from the durable queue per scan

Item = tuple[str, str]  # (namespace, what: a session, a turn id)


class DurableWorker:
    """Subclasses set `name`, `scan` (an admin statement returning rows with `ns` and `scan_field`),
    `delay` (seconds to wait for more work before doing it) and define `do(item)`."""

    name: ClassVar[str] = "worker"
    scan: ClassVar[str] = ""
    scan_field: ClassVar[str] = ""
    delay: ClassVar[float] = 0.0
    _live: ClassVar[weakref.WeakSet[Any]]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._live = weakref.WeakSet()  # every live worker of this kind, for `drain_all`

    def __init__(self, store: Store, *, enabled: bool) -> None:
        self.store = store
        self.enabled = enabled
        self.lock = threading.Lock()
        self.pending: dict[Item, None] = {}  # an ordered set
        self.idle = threading.Event()
        self.idle.set()
        self.wake = threading.Event()
        self.hurry = threading.Event()
        self.stopped = False
        self.rescan_at = 0.0  # scan the durable queue at once: a previous process may have left work
        self.thread: threading.Thread | None = None
        store.on_close(self.stop)
        type(self)._live.add(self)

    # --- what subclasses define -------------------------------------------------------------------
    def do(self, item: Item) -> None:
        raise NotImplementedError

    def order(self, work: Iterable[Item]) -> list[Item]:
        return list(work)

    def closed(self) -> None:
        """After the thread ended (release clients)."""

    # --- callers ----------------------------------------------------------------------------------
    def notify(self, items: Iterable[Item]) -> None:
        """These items committed queued: do them soon (here, if this process runs the worker)."""
        items = list(items)
        if not self.enabled or not items:
            return  # another process's worker does them
        with self.lock:
            if self.stopped:
                return  # the store is closing: the items stay queued for the next worker
            self.pending.update(dict.fromkeys(items))
            self.idle.clear()
            self._start()
        self.wake.set()

    def start(self) -> None:
        """Run the worker now (a service at start-up: what a crashed process left queued is done)."""
        if not self.enabled:
            return
        with self.lock:
            if not self.stopped:
                self.idle.clear()
                self._start()
        self.wake.set()

    def drain(self, timeout: float = 30.0) -> bool:
        """Do everything queued by now (in process and in the durable queue); True if done in time."""
        if not self.enabled:
            return True
        with self.lock:
            if self.stopped:
                return self.idle.is_set()
            self.rescan_at = 0.0
            self.idle.clear()
            self._start()
        self.hurry.set()
        self.wake.set()
        try:
            return self.idle.wait(timeout)
        finally:
            self.hurry.clear()

    def stop(self, timeout: float = 10.0) -> None:
        """Before the driver closes: finish what is pending (bounded), then end the thread."""
        if self.thread is not None:
            self.drain(timeout)
        with self.lock:
            self.stopped = True
        self.wake.set()
        if self.thread is not None:
            self.thread.join(timeout)
        self.closed()

    @classmethod
    def drain_all(cls, timeout: float = 30.0) -> bool:
        """Drain every live worker of this kind and wait (tests, evaluations, shutdown)."""
        deadline = time.monotonic() + timeout
        return all([w.drain(max(0.0, deadline - time.monotonic())) for w in list(cls._live)])

    # --- the thread -------------------------------------------------------------------------------
    def _start(self) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name=f"graphmem-{self.name}", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        while True:
            self.wake.wait(max(0.0, self.rescan_at - time.monotonic()))
            self.wake.clear()
            if self.stopped:
                return
            if self.delay and not self.hurry.is_set():
                self.hurry.wait(self.delay)  # let a burst of requests coalesce into one piece of work
            with self.lock:
                work, self.pending = self.pending, {}
            if time.monotonic() >= self.rescan_at:
                work.update(dict.fromkeys(self._queued()))
                self.rescan_at = time.monotonic() + RESCAN_S
            for item in self.order(work):
                if self.stopped:
                    break
                try:
                    self.do(item)
                except Exception as exc:  # stays queued in Neo4j: the next scan retries it
                    log.warning("%s: an item could not be done (%s); it stays queued", self.name,
                                type(exc).__name__, exc_info=log.isEnabledFor(logging.DEBUG))
            with self.lock:
                if not self.pending:
                    self.idle.set()

    def _queued(self) -> list[Item]:
        try:
            return [(r["ns"], r[self.scan_field]) for r in self.store.read(self.scan, limit=SCAN_LIMIT)]
        except Exception as exc:  # Neo4j away: the next scan finds the same work
            log.warning("%s: queue scan failed: %s", self.name, exc)
            return []
