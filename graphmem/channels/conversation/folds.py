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

import time
from collections.abc import Callable, Iterable

from graphmem.channels.conversation.durable import DurableWorker, Item
from graphmem.embedding import get_embedder
from graphmem.channels.conversation.summary import Summariser, choose_summariser, write_contents
from graphmem.instants import utcnow
from graphmem.store import Store
from graphmem.types import Namespace

FOLD_DELAY = 0.5  # seconds the worker waits for more turns of a session before it writes its chunks
WRITES_QUIET = 0.3  # the worker starts a session's chunks once live writers have not embedded for this long,
MAX_YIELD = 5.0  # or after this many seconds of waiting: under endless writes, summaries still get written


def yield_to_writers(idle_for: Callable[[], float], quiet: float = WRITES_QUIET, most: float = MAX_YIELD) -> float:
    """Wait until live turn writes leave the model alone for `quiet` seconds, at most `most`; the wait.

    Why: a chunk's text runs through the same model as the turns, and it is longer (up to eight turns),
    so during an import the summaries cost the model about as much as the turns did; on 2 cores they ran
    side by side and each took half (batch import 129 turns/s with the worker on, 218 with it off, the
    model alone 309 texts/s). Turns are what a caller waits for and searches at once; a summary may come
    a few seconds later (reading a session's summary still writes its queued chunks first)."""
    started = time.monotonic()
    while (left := most - (time.monotonic() - started)) > 0:
        idle = idle_for()
        if idle >= quiet:
            break
        time.sleep(min(left, quiet - idle))
    return time.monotonic() - started


class Folds(DurableWorker):
    """One store's fold worker (`durable.DurableWorker`): writes the text of queued summary chunks, one
    session at a time, FOLD_DELAY after the first of a burst of turns."""

    name = "folds"
    scan = "admin/queued_folds"
    scan_field = "session"
    delay = FOLD_DELAY

    def __init__(self, store: Store) -> None:
        super().__init__(store, enabled=store.services.settings.fold_worker)

    def order(self, work: Iterable[Item]) -> list[Item]:
        return sorted(work)

    def do(self, item: Item) -> None:
        ns, session = item
        yield_to_writers(get_embedder(self.store.services.settings).idle_for)
        write_contents(self.store, Namespace(ns), session=session, now=utcnow())


def folds_of(store: Store) -> Folds:
    return store.services.state("conversation.folds", lambda: Folds(store))


def queue_fold(store: Store, ns: Namespace, session: str, summarise: Summariser) -> None:
    """A turn write folded chunks of this session (they are queued in Neo4j): have the worker write them,
    with the summariser the write asked for."""
    choose_summariser(store, ns, session, summarise)
    folds_of(store).notify([(ns.name, session)])


def refold_sessions(store: Store, ns: Namespace, sessions: Iterable[str]) -> None:
    """Chunks of these sessions were queued again outside a turn write (an erasure hid turns they cover):
    have the worker write them from their live turns."""
    folds_of(store).notify([(ns.name, s) for s in sorted(set(sessions))])


def start_folds(store: Store) -> None:
    """Start this store's worker now: chunks a crashed process left queued get their text."""
    folds_of(store).start()


def drain_folds(timeout: float = 30.0) -> bool:
    """Write every open store's queued chunks now and wait for them (tests, evaluations, shutdown)."""
    return Folds.drain_all(timeout)
