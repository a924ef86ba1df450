"""Summary text written off the request path: a durable queue in Neo4j, drained by a background worker.

Why: a turn that pushes another out of the window folds it into a summary chunk. Which chunk covers
which turn is decided under the session lock, in the turn's own transaction (`summary.write_fold`), so
no turn is lost or folded twice. Writing the chunk's text (the summariser, perhaps an LLM) and its
embedding (the model) took longer than the turn itself; a live agent waited for both on every POST.

The queue is the graph: a fold marks its chunk `queued` in the turn's transaction, and writing the
chunk's text for the revision it was made from clears the mark (`summary/write_content`). Nothing is in
memory that a crash could lose: a worker started on any process finds what is still queued
(`admin/queued_folds`, indexed) and writes it. In process, a turn write only names its session to the
worker, which waits FOLD_DELAY for more (a burst of turns to one session re-summarises its open chunk
once, not once per turn) and then writes every queued chunk of the sessions named.

Reads stay exact: reading a session's summary first writes that session's queued chunks itself
(`summary.read_summary`), so a caller who reads what it just wrote never sees a chunk without its text. Search
finds a chunk's text once the worker has written it (FOLD_DELAY plus the summariser: about a second); the turns themselves are searchable as soon as the POST answers.
Several processes may run workers on one database: a chunk written twice for one revision is written
alike, and a chunk folded again meanwhile is left to the writer of its newer revision.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Iterable

from graphmem.channels.conversation.summary import Summariser, choose_summariser, write_contents
from graphmem.instants import utcnow
from graphmem.store import Store
from graphmem.types import Namespace

log = logging.getLogger(__name__)

FOLD_DELAY = 0.5  # seconds the worker waits for more turns of a session before it writes its chunks
RESCAN_S = 30.0  # how often the worker looks for chunks queued by a process that died
SCAN_LIMIT = 500  # sessions taken from the durable queue per scan


class Folds:
    """One store's fold worker: a daemon thread, started on first use, stopped (after a bounded drain)
    when the store closes. What it has not written when the process dies stays queued in Neo4j."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.enabled = store.settings.fold_worker
        self.lock = threading.Lock()
        self.pending: set[tuple[str, str]] = set()
        self.busy = False
        self.idle = threading.Event()
        self.idle.set()
        self.wake = threading.Event()
        self.hurry = threading.Event()
        self.stopped = False
        self.rescan_at = 0.0  # scan the durable queue at once: a previous process may have left work
        self.thread: threading.Thread | None = None
        store.on_close(self.stop)
        _live.add(self)

    # --- callers --------------------------------------------------------------------------------
    def notify(self, ns: Namespace, session: str) -> None:
        """A fold of this session committed: write its queued chunks soon."""
        if not self.enabled:
            return  # another process's worker writes it (settings.fold_worker)
        with self.lock:
            if self.stopped:
                return  # the store is closing: the chunk stays queued for the next worker
            self.pending.add((ns.name, session))
            self.idle.clear()
            self._start()
        self.wake.set()

    def start(self) -> None:
        """Run the worker now (a service at start-up: what a crashed process left queued is written)."""
        if not self.enabled:
            return
        with self.lock:
            if not self.stopped:
                self.idle.clear()
                self._start()
        self.wake.set()

    def drain(self, timeout: float = 30.0) -> bool:
        """Write everything queued by now (in process and in the durable queue); True if done in time."""
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

    # --- the worker -----------------------------------------------------------------------------
    def _start(self) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="graphmem-folds", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        while True:
            self.wake.wait(max(0.0, self.rescan_at - time.monotonic()))
            self.wake.clear()
            if self.stopped:
                return
            if not self.hurry.is_set():
                self.hurry.wait(FOLD_DELAY)  # let a burst of turns to one session fold into one write
            with self.lock:
                work, self.pending = self.pending, set()
            if time.monotonic() >= self.rescan_at:
                work.update(self._queued())
                self.rescan_at = time.monotonic() + RESCAN_S
            for ns, session in sorted(work):
                self._write(ns, session)
            with self.lock:
                if not self.pending:
                    self.idle.set()

    def _queued(self) -> Iterable[tuple[str, str]]:
        try:
            return [(r["ns"], r["session"]) for r in self.store.read("admin/queued_folds", limit=SCAN_LIMIT)]
        except Exception as exc:  # Neo4j away: the next scan finds the same work
            log.warning("fold queue scan failed: %s", exc)
            return []

    def _write(self, ns: str, session: str) -> None:
        try:
            write_contents(self.store, Namespace(ns), session=session, now=utcnow())
        except Exception as exc:  # stays queued in Neo4j: the next scan retries it
            log.warning("summary of a session could not be written (%s); it stays queued", type(exc).__name__,
                        exc_info=log.isEnabledFor(logging.DEBUG))


#: every store's worker while its store lives, for `drain_folds`
_live: weakref.WeakSet[Folds] = weakref.WeakSet()


def folds_of(store: Store) -> Folds:
    return store.state("conversation.folds", lambda: Folds(store))


def queue_fold(store: Store, ns: Namespace, session: str, summarise: Summariser) -> None:
    """A turn write folded chunks of this session (they are queued in Neo4j): have the worker write them,
    with the summariser the write asked for."""
    choose_summariser(store, ns, session, summarise)
    folds_of(store).notify(ns, session)


def start_folds(store: Store) -> None:
    """Start this store's worker now: chunks a crashed process left queued get their text."""
    folds_of(store).start()


def drain_folds(timeout: float = 30.0) -> bool:
    """Write every open store's queued chunks now and wait for them (tests, evaluations, shutdown)."""
    deadline = time.monotonic() + timeout
    return all([f.drain(max(0.0, deadline - time.monotonic())) for f in list(_live)])
