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
from datetime import datetime, timedelta
from typing import Any, ClassVar

from graphmem.instants import utcnow
from graphmem.store import Store

log = logging.getLogger(__name__)

RESCAN_S = 30.0  # how often a worker looks for work queued by a process that died
SCAN_LIMIT = 500  # items taken from the durable queue per scan
#: a periodic scan takes only work queued longer ago than this: fresher work belongs to the worker its writer
#: notified (another replica's), and two workers doing one session do the model's work twice. The scan at start
#: and a drain's take all of it (a process that just died, a test that waits for everything).
STALE_S = 60.0

Item = tuple[str, str]  # (namespace, what: a session, a turn id)


class DurableWorker:
    """Subclasses set `name`, `scan` (an admin statement returning rows with `ns` and `scan_field`),
    `delay` (seconds to wait for more work before doing it) and define `do(item)`."""

    name: ClassVar[str] = "worker"
    scan: ClassVar[str] = ""
    scan_field: ClassVar[str] = ""
    delay: ClassVar[float] = 0.0
    _live: ClassVar[weakref.WeakSet[Any]]

    _busy: ClassVar[set[Item]]
    _busy_lock: ClassVar[threading.Lock]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._live = weakref.WeakSet()  # every live worker of this kind, for `drain_all`
        # items a worker of this kind is doing in this process: another one (a second store's, whose drain scanned
        # the queue) skips them; in the ingest bench, two workers embedding the same 2,000 turns made the
        # background import 0.44x the model alone in two runs of four, 0.73-0.83x in the others
        cls._busy, cls._busy_lock = set(), threading.Lock()

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
        self.scanned = False
        self.thread: threading.Thread | None = None
        store.services.on_close(self.stop)
        type(self)._live.add(self)

    # --- what subclasses define -------------------------------------------------------------------
    def do(self, item: Item) -> None:
        raise NotImplementedError

    def order(self, work: Iterable[Item]) -> list[Item]:
        return list(work)

    def closed(self) -> None:
        """After the thread ended (release clients)."""

    def settle(self) -> None:
        """After a round of items: wait for work they left running on other threads (before the worker is idle)."""

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
                every = not self.scanned or self.hurry.is_set()  # at start and on a drain: all of it
                work.update(dict.fromkeys(self._queued(None if every else utcnow() - timedelta(seconds=STALE_S))))
                self.scanned = True
                self.rescan_at = time.monotonic() + RESCAN_S
            taken: list[Item] = []
            try:
                for item in self.order(work):
                    if self.stopped:
                        break
                    if not self._take(item):
                        continue  # another worker of this process is doing it
                    taken.append(item)
                    try:
                        self.do(item)
                    except Exception as exc:  # stays queued in Neo4j: the next scan retries it
                        log.warning("%s: an item could not be done (%s); it stays queued", self.name,
                                    type(exc).__name__, exc_info=log.isEnabledFor(logging.DEBUG))
                self.settle()
            finally:
                with type(self)._busy_lock:
                    type(self)._busy.difference_update(taken)
            with self.lock:
                if not self.pending:
                    self.idle.set()

    def _take(self, item: Item) -> bool:
        with type(self)._busy_lock:
            if item in type(self)._busy:
                return False
            type(self)._busy.add(item)
            return True

    def _queued(self, before: datetime | None) -> list[Item]:
        try:
            return [(r["ns"], r[self.scan_field])
                    for r in self.store.read(self.scan, limit=SCAN_LIMIT, before=before)]
        except Exception as exc:  # Neo4j away: the next scan finds the same work
            log.warning("%s: queue scan failed: %s", self.name, exc)
            return []
