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

from graphmem.channels.conversation.durable import DurableWorker, Item
from graphmem.channels.conversation.summary import pool_chunks
from graphmem.embedding import get_embedder
from graphmem.store import Store
from graphmem.types import Namespace

DELAY = 0.05  # seconds the worker waits for more turns before it embeds (a burst shares one model call)
PAGE = 256  # turns of one session embedded per model call and transaction (the micro-batcher's cap)


def labelled(speaker: str | None, text: str) -> str:
    """The text as it is embedded and indexed: who said it matters to what it means. Inline writes and the
    worker embed the same string."""
    return f"{speaker}: {text}" if speaker else text


def write_embeddings(store: Store, ns: Namespace, *, session: str) -> int:
    """Embed and write a session's queued turns, a page at a time; returns how many were embedded."""
    done = 0
    while True:
        rows = store.read("turns/read_unembedded", ns=ns, session=session, limit=PAGE)
        if not rows:
            return done
        live = [r for r in rows if r["live"]]
        vectors = get_embedder(store.settings).embed_shared(
            [labelled(r["speaker"], r["text"]) for r in live]) if live else []
        by_id = {r["id"]: v for r, v in zip(live, vectors)}
        writes = [{"id": r["id"], "embedding": by_id.get(r["id"])} for r in rows]
        store.write(lambda tx: tx.run("turns/write_embeddings", ns=ns, rows=writes))
        done += len(live)
        if len(rows) < PAGE:
            if done:  # chunks folded while these turns waited get their centroid now
                pool_chunks(store, ns, session=session)
            return done


class Embeddings(DurableWorker):
    """One store's embedding worker (`durable.DurableWorker`): embeds queued turns, a session at a time.
    Runs where the fold worker runs (`settings.fold_worker`)."""

    name = "embeddings"
    scan = "admin/queued_embeddings"
    scan_field = "session"
    delay = DELAY

    def __init__(self, store: Store) -> None:
        super().__init__(store, enabled=store.settings.fold_worker)

    def do(self, item: Item) -> None:
        ns, session = item
        write_embeddings(self.store, Namespace(ns), session=session)


def embeddings_of(store: Store) -> Embeddings:
    return store.state("conversation.embeddings", lambda: Embeddings(store))


def queue_embeddings(store: Store, ns: Namespace, session: str) -> None:
    """Turns of this session committed `embed_queued`: have the worker embed them."""
    embeddings_of(store).notify([(ns.name, session)])


def start_embeddings(store: Store) -> None:
    """Start this store's worker now: turns a crashed process left without their embedding."""
    embeddings_of(store).start()


def drain_embeddings(timeout: float = 30.0) -> bool:
    """Embed every open store's queued turns now and wait for them (tests, evaluations, shutdown)."""
    return Embeddings.drain_all(timeout)
