"""A store's background writer that coalesces small writes: many callers, one transaction now and then.

Why: some writes follow a read or a write without being part of it (marks of use after a search, keyword
statistics after a turn). Written by each caller, they would each add a transaction, a log flush and lock
traffic on shared nodes, competing with the requests themselves on 2 cores. Here callers only add to
`pending`; at most one flush is queued at a time; it waits `delay` for more, then writes everything
pending. Each store owns one writer per kind (`store.services.state`), drained before its driver closes;
`drain_all` drains every live one of a kind (tests, imports and benchmarks that must see the writes).
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from graphmem.store._store import Store

log = logging.getLogger(__name__)

W = TypeVar("W")  # what one flush writes


class Coalescer(Generic[W]):
    """Subclasses hold `pending` under `lock`, and define `take` (swap it out) and `write` (write it)."""

    delay: ClassVar[float] = 0.25  # seconds a flush waits for more work
    pool: ClassVar[str] = "coalesce"  # the store's one-thread executor that runs the flushes
    _live: ClassVar[weakref.WeakSet[Any]]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._live = weakref.WeakSet()  # every live writer of this kind, for `drain_all`

    def __init__(self, store: Store) -> None:
        self.store = store
        self.lock = threading.Lock()
        self.queued = False
        self.idle = threading.Event()
        self.idle.set()
        self.hurry = threading.Event()
        store.services.on_close(self.drain)  # registered before the flush thread exists: drained before it stops
        type(self)._live.add(self)

    def take(self) -> W:
        raise NotImplementedError

    def write(self, work: W) -> None:
        raise NotImplementedError

    def schedule(self) -> None:
        """After adding to `pending` (holding `lock`, and with `queued` False): queue one flush."""
        self.queued = True
        self.idle.clear()

    def submit(self) -> None:
        """Run the queued flush on the store's pool (call after releasing `lock`)."""
        try:
            self.store.services.executor(self.pool, 1).submit(self.flush)
        except RuntimeError as exc:  # the store is closing: its driver takes no more writes
            log.warning("%s dropped: %s", type(self).__name__, exc)
            with self.lock:
                self.take()
                self.queued = False
                self.idle.set()

    def flush(self) -> None:
        self.hurry.wait(self.delay)
        with self.lock:
            work = self.take()
            self.queued = False
        try:
            self.write(work)
        finally:
            with self.lock:
                if not self.queued:
                    self.idle.set()

    def drain(self, timeout: float = 30.0) -> None:
        """Write what is pending now and wait for it."""
        self.hurry.set()
        try:
            self.idle.wait(timeout)
        finally:
            self.hurry.clear()

    @classmethod
    def drain_all(cls, timeout: float = 30.0) -> None:
        """Write the pending work of every open store's writer of this kind now, side by side, and wait
        (at most `timeout` in all)."""
        writers = list(cls._live)
        deadline = time.monotonic() + timeout
        for w in writers:
            w.hurry.set()
        try:
            for w in writers:
                w.idle.wait(max(0.0, deadline - time.monotonic()))
        finally:
            for w in writers:
                w.hurry.clear()
