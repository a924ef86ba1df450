"""Marking hits as used (least-recently-used forgetting) in the background: a search never waits on a write.

Each store owns one writer (`store.state("search.touches", ...)`), which it drains before its driver
closes; `drain_touches()` drains every live one (tests, and callers that must see the marks written).
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Sequence

from graphmem.channels.search.records import Hit
from graphmem.instants import utcnow
from graphmem.store import Store
from graphmem.types import Namespace

log = logging.getLogger(__name__)

TOUCH_DELAY = 0.25  # seconds a flush waits for more touches: forgetting needs no finer clock than that
_TOUCH = {"turn": "search/touch_turns", "summary": "search/touch_summaries"}


class Touches:
    """Ids of one store's hits waiting to be marked as used, per (namespace, kind). At most one flush is
    queued at a time; it waits TOUCH_DELAY, then writes everything pending, so many searches share one
    small write instead of each adding a transaction (and a log flush) that competes with searches for
    the CPU. With back-to-back recalls a write per search was a visible part of their p99 on 2 cores."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.lock = threading.Lock()
        self.pending: dict[tuple[str, str], set[str]] = {}
        self.queued = False
        self.idle = threading.Event()
        self.idle.set()
        self.hurry = threading.Event()
        # registered before the store's touch thread exists, so the store drains this before stopping it
        store.on_close(self.drain)
        _live.add(self)

    def add(self, ns: Namespace, hits: Sequence[Hit]) -> None:
        with self.lock:
            for h in hits:
                self.pending.setdefault((ns.name, h.kind), set()).add(h.id)
            if self.queued:
                return
            self.queued = True
            self.idle.clear()
        try:
            self.store.executor("touch", 1).submit(self.flush)
        except RuntimeError as exc:  # the store is closing: its driver can take no more writes
            log.debug("touch dropped: %s", exc)
            with self.lock:
                self.pending, self.queued = {}, False
                self.idle.set()

    def flush(self) -> None:
        self.hurry.wait(TOUCH_DELAY)
        with self.lock:
            work, self.pending, self.queued = self.pending, {}, False
        now = utcnow()
        try:
            for (ns, kind), ids in work.items():
                try:
                    self.store.write_one(_TOUCH[kind], ns=ns, ids=sorted(ids), now=now)
                except Exception as exc:  # best effort: a lost touch only makes forgetting a little less exact
                    log.debug("touch failed: %s", exc)
        finally:
            with self.lock:
                if not self.queued:
                    self.idle.set()

    def drain(self, timeout: float = 10.0) -> None:
        """Write queued touches now and wait for them (the store calls this before it closes its driver)."""
        self.hurry.set()
        try:
            self.idle.wait(timeout)
        finally:
            self.hurry.clear()


#: every store's writer while its store lives, for `drain_touches`
_live: weakref.WeakSet[Touches] = weakref.WeakSet()


def drain_touches(timeout: float = 10.0) -> None:
    """Write the pending marks of use of every open store now and wait for them (at most `timeout` in all)."""
    writers = list(_live)
    deadline = time.monotonic() + timeout
    for w in writers:  # all hurried at once: their flushes write side by side
        w.hurry.set()
    try:
        for w in writers:
            w.idle.wait(max(0.0, deadline - time.monotonic()))
    finally:
        for w in writers:
            w.hurry.clear()


def mark_used(store: Store, ns: Namespace, hits: Sequence[Hit]) -> None:
    """Mark hits as used (forgetting prefers what nobody reads), in the background: a search never waits
    on a write."""
    if hits:
        store.state("search.touches", lambda: Touches(store)).add(ns, hits)
