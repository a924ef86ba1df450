"""Turn embeddings written after the POST answers (`GRAPHMEM_EMBED_WRITES=background`): a durable queue in
Neo4j, drained by a background worker.

Why: with the embedding inline, a live single-turn POST spends most of its time on two things no caller
reads at once: the model (one text, ~11 ms p50 on the 2-core development machine) and the vector index's
insert at commit (a turn with its embedding committed in 6.7-8.4 ms, without it in 3.5-4.2 ms). Measured
through the REST API, 160 POSTs each way interleaved: p50 34.0 ms inline against 18.4 ms with the
embedding left out of the request. In this mode the turn's transaction writes it without an embedding and
marks it `embed_queued` (nothing lives only in memory: a crash leaves it queued, and any process's worker
embeds it at its start or next scan); the POST answers; the worker embeds the session's queued turns in
one model call (shared with concurrent queries by the micro-batcher) and writes them in one transaction.

What changes for readers, for as long as a turn is queued (about `DELAY` plus one model call when the
worker keeps up): the window, GET of the turn, keyword search, the summary and every exact channel see it
at once; dense (vector) search does not find it yet. `drain_embeddings` waits for the queue (tests,
evaluations). An erased turn is taken off the queue and never embedded. The default stays inline: a
search right after a write finds the turn by meaning too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from graphmem.channels.conversation.durable import DurableWorker, Item
from graphmem.channels.conversation.summary import pool_chunks
from graphmem.embedding import get_embedder
from graphmem.store import Store
from graphmem.types import Namespace

log = logging.getLogger(__name__)

DELAY = 0.05  # seconds the worker waits for more turns before it embeds (a burst shares one model call)
PAGE = 256  # turns of one session embedded per model call and transaction (the micro-batcher's cap)


def labelled(speaker: str | None, text: str) -> str:
    """The text as it is embedded and indexed: who said it matters to what it means. Inline writes and the
    worker embed the same string."""
    return f"{speaker}: {text}" if speaker else text


def write_embeddings(store: Store, ns: Namespace, *, session: str,
                     hand_off: Callable[[Callable[[], None]], None] | None = None) -> int:
    """Embed and write a session's queued turns, a page at a time; returns how many were embedded.

    `hand_off` takes the last page's write (and the chunks' pooling after it) to run on another thread: the worker
    embeds the next session while this one commits (background batch import 0.58x the model alone with each write
    waited for). A full page's write is waited for: the next page's read would find the same turns still queued."""
    done = 0
    while True:
        rows = store.read("turns/read_unembedded", ns=ns, session=session, limit=PAGE)
        if not rows:
            if done:  # the last page was full: its chunks are pooled here
                pool_chunks(store, ns, session=session)
            return done
        live = [r for r in rows if r["live"]]
        vectors = get_embedder(store.services.settings).embed_shared(
            [labelled(r["speaker"], r["text"]) for r in live]) if live else []
        by_id = {r["id"]: v for r, v in zip(live, vectors)}
        writes = [{"id": r["id"], "embedding": by_id.get(r["id"])} for r in rows]
        done += len(live)
        last = len(rows) < PAGE

        def commit(writes: list[dict[str, Any]] = writes, pool: bool = last and done > 0) -> None:
            store.write(lambda tx: tx.run("turns/write_embeddings", ns=ns, rows=writes))
            if pool:  # chunks folded while these turns waited get their centroid now
                pool_chunks(store, ns, session=session)

        if last and hand_off is not None:
            hand_off(commit)
            return done
        commit()
        if last:
            return done


class Embeddings(DurableWorker):
    """One store's embedding worker (`durable.DurableWorker`): embeds queued turns, a session at a time, each
    session's last write committing on another thread while the next session embeds (`settle` waits for them
    before the worker says it is idle). Runs where the fold worker runs (`settings.fold_worker`)."""

    name = "embeddings"
    scan = "admin/queued_embeddings"
    scan_field = "session"
    delay = DELAY

    def __init__(self, store: Store) -> None:
        super().__init__(store, enabled=store.services.settings.fold_worker)
        self.writes: dict[Item, Future[None]] = {}  # each session's write in flight

    def do(self, item: Item) -> None:
        ns, session = item
        if (earlier := self.writes.pop(item, None)) is not None:
            _wait(earlier)  # its turns would be read again while their write is in flight
        pool = self.store.services.executor("embedding-writes", 1)
        write_embeddings(self.store, Namespace(ns), session=session,
                         hand_off=lambda work: self.writes.__setitem__(item, pool.submit(work)))

    def settle(self) -> None:
        writes, self.writes = self.writes, {}
        for future in writes.values():
            _wait(future)


def _wait(future: Future[None]) -> None:
    try:
        future.result()
    except Exception as exc:  # stays queued in Neo4j: the next scan embeds it again
        log.warning("embeddings: a write failed (%s); its turns stay queued", type(exc).__name__,
                    exc_info=log.isEnabledFor(logging.DEBUG))


def embeddings_of(store: Store) -> Embeddings:
    return store.services.state("conversation.embeddings", lambda: Embeddings(store))


def queue_embeddings(store: Store, ns: Namespace, session: str) -> None:
    """Turns of this session committed `embed_queued`: have the worker embed them."""
    embeddings_of(store).notify([(ns.name, session)])


def start_embeddings(store: Store) -> None:
    """Start this store's worker now: turns a crashed process left without their embedding."""
    embeddings_of(store).start()


def drain_embeddings(timeout: float = 30.0) -> bool:
    """Embed every open store's queued turns now and wait for them (tests, evaluations, shutdown)."""
    return Embeddings.drain_all(timeout)
