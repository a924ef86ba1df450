"""Marking hits as used (least-recently-used forgetting) in the background: a search never waits on a write.

Each store owns one writer (`store.services.state("search.touches", ...)`), which it drains before its driver
closes; `drain_touches()` drains every live one (tests, and callers that must see the marks written).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from graphmem.channels.search.records import Hit
from graphmem.store import Coalescer
from graphmem.instants import utcnow
from graphmem.store import Store
from graphmem.types import Namespace

log = logging.getLogger(__name__)

TOUCH_DELAY = 0.25  # seconds a flush waits for more touches: forgetting needs no finer clock than that
_TOUCH = {"turn": "search/touch_turns", "summary": "search/touch_summaries"}


class Touches(Coalescer[dict[tuple[str, str], set[str]]]):
    """Ids of one store's hits waiting to be marked as used, per (namespace, kind). At most one flush is
    queued at a time; it waits TOUCH_DELAY, then writes everything pending, so many searches share one
    small write instead of each adding a transaction (and a log flush) that competes with searches for
    the CPU. With back-to-back recalls a write per search was a visible part of their p99 on 2 cores."""

    delay = TOUCH_DELAY
    pool = "touch"

    def __init__(self, store: Store) -> None:
        self.pending: dict[tuple[str, str], set[str]] = {}
        super().__init__(store)

    def add(self, ns: Namespace, hits: Sequence[Hit]) -> None:
        with self.lock:
            for h in hits:
                self.pending.setdefault((ns.name, h.kind), set()).add(h.id)
            if self.queued:
                return
            self.schedule()
        self.submit()

    def take(self) -> dict[tuple[str, str], set[str]]:
        work, self.pending = self.pending, {}
        return work

    def write(self, work: dict[tuple[str, str], set[str]]) -> None:
        now = utcnow()
        for (ns, kind), ids in work.items():
            try:
                self.store.write_one(_TOUCH[kind], ns=ns, ids=sorted(ids), now=now)
            except Exception as exc:  # best effort: a lost touch only makes forgetting a little less exact
                log.debug("touch failed: %s", exc)


def drain_touches(timeout: float = 10.0) -> None:
    """Write the pending marks of use of every open store now and wait for them (at most `timeout` in all)."""
    Touches.drain_all(timeout)


def mark_used(store: Store, ns: Namespace, hits: Sequence[Hit]) -> None:
    """Mark hits as used (forgetting prefers what nobody reads), in the background: a search never waits
    on a write."""
    if hits:
        store.services.state("search.touches", lambda: Touches(store)).add(ns, hits)
