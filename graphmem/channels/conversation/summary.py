"""Summaries of what left the window: folding turns into chunk summaries, storing and reading them.

A session's summary is a chain of chunk summaries, each covering up to `window_size` turns that
left the window (`(:Summary)-[:COVERS]->(:Turn)`, `-[:SUMMARIZES]->(:Session)`, `-[:MENTIONS]->
(:Entity)` for every entity its turns mention). Why chunks: a turn that leaves the window is folded
by the write that pushes it out, so the newest chunk is re-summarised with the new turns (at most
`window_size` of them: cheap), while older chunks never change. Reading the session's summary
merges the chunks (graphmem.text.summarise.merge). Chunks are also what search finds: a matching chunk
lifts the turns it covers.

Concurrency: which chunk covers which turn is decided under the session lock, in the turn write's
transaction (`assign_chunks`, `write_fold`), so no turn is folded twice or lost; each fold bumps the
chunk's `rev` and marks it `queued`. The text and embedding (the summariser, perhaps an LLM, and the
model) are written off the request path by the fold worker (`folds`), only for the revision they were
made from (`write_contents`), which clears the mark.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from graphmem.channels.conversation.records import Chunk, SessionSummary, SummaryPart, TurnRow
from graphmem.embedding import centroid
from graphmem.errors import SessionNotFound
from graphmem.instants import utcnow
from graphmem.errors import LLMUnavailable
from graphmem.text.llm import ChatClient, llm_summarise
from graphmem.settings import Settings
from graphmem.store import Store, Tx
from graphmem.text.summarise import StructuredSummary, Utterance, merge, summarise
from graphmem.types import Namespace

log = logging.getLogger(__name__)

Summarised = StructuredSummary
Summariser = Callable[[list[TurnRow]], StructuredSummary]


def extractive(turns: list[TurnRow]) -> StructuredSummary:
    return summarise([Utterance(t.text, t.speaker, t.seq, t.at) for t in turns])


@lru_cache(maxsize=4)
def _client(base_url: str, model: str, key: str | None) -> ChatClient:
    return ChatClient(base_url, model, key)


def summariser_for(settings: Settings) -> Summariser:
    """The extractive summariser, or the configured LLM with the extractive one as its fallback
    (a fold never fails because an LLM endpoint is down)."""
    if not settings.llm_base_url:
        return extractive
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    client = _client(settings.llm_base_url, settings.llm_model, key)

    def with_llm(turns: list[TurnRow]) -> StructuredSummary:
        try:
            return llm_summarise(client, [Utterance(t.text, t.speaker, t.seq, t.at) for t in turns])
        except LLMUnavailable as exc:
            log.warning("LLM summary failed (%s); using the extractive summariser", exc)
            return extractive(turns)

    return with_llm


class _Chosen:
    """The summariser each session's latest fold asked for, when it is not the store's own (a caller's
    settings may name an LLM the store's settings do not): the worker and readers that write a queued
    chunk use it. Bounded: the oldest sessions fall back to the store's summariser."""

    LIMIT = 10_000

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_session: OrderedDict[tuple[str, str], Summariser] = OrderedDict()


def choose_summariser(store: Store, ns: Namespace, session: str, summarise: Summariser) -> None:
    chosen = store.services.state("conversation.summarisers", _Chosen)
    key = (ns.name, session)
    with chosen.lock:
        if summarise is summariser_for(store.services.settings):
            chosen.by_session.pop(key, None)
            return
        chosen.by_session[key] = summarise
        chosen.by_session.move_to_end(key)
        while len(chosen.by_session) > chosen.LIMIT:
            chosen.by_session.popitem(last=False)


def summariser_of(store: Store, ns: Namespace, session: str) -> Summariser:
    chosen = store.services.state("conversation.summarisers", _Chosen)
    return chosen.by_session.get((ns.name, session)) or summariser_for(store.services.settings)


def assign_chunks(*, open_chunk: tuple[str, list[TurnRow]] | None, leaving: Sequence[TurnRow],
                  chunk_size: int) -> list[tuple[str, list[TurnRow]]]:
    """Which chunk each leaving turn joins: the open chunk while it has room, then new ones. Pure.

    Run under the session lock, against the session as it is: that is what makes concurrent folds
    exact (no turn folded twice, none lost)."""
    todo = sorted(leaving, key=lambda t: (t.at, t.seq))
    if not todo:
        return []
    groups: list[tuple[str, list[TurnRow]]] = []
    if open_chunk is not None and len(open_chunk[1]) < chunk_size:
        room = chunk_size - len(open_chunk[1])
        groups.append((open_chunk[0], sorted(open_chunk[1] + todo[:room], key=lambda t: (t.at, t.seq))))
        todo = todo[room:]
    for i in range(0, len(todo), chunk_size):
        groups.append((chunk_id(todo[i].id), todo[i:i + chunk_size]))
    return groups


def chunk_id(first_turn: str) -> str:
    """A new chunk's id, named by the turn that opens it. Why not random: the same turns must build the
    same memory whether they arrive one by one or in a batch (the chunks' boundaries already agree; their
    ids then agree too, so search answers with the same ids), and a retried fold transaction names its
    chunks as the first try did. Unique in a namespace: turn ids are, and a turn opens at most one chunk."""
    return "m-" + uuid.uuid5(uuid.NAMESPACE_URL, f"graphmem-chunk:{first_turn}").hex


def _structure(turns: Sequence[TurnRow]) -> dict[str, Any]:
    """What a chunk is without its text: written with the fold, under the lock (cheap, no model)."""
    return {"from_seq": min(t.seq for t in turns), "to_seq": max(t.seq for t in turns),
            "from_at": min(t.at for t in turns), "to_at": max(t.at for t in turns), "turn_count": len(turns),
            "speakers": sorted({t.speaker for t in turns if t.speaker}), "importance": 0.5}


def write_fold(tx: Tx, ns: Namespace, *, session: str, groups: list[tuple[str, list[TurnRow]]],
               now: datetime) -> dict[str, int]:
    """Store the chunks' structure, point them to their turns, copy their turns' mentions.

    Returns each chunk's new revision: its text and embedding are written after the commit, for that
    revision only (`write_contents`), so the slow summariser and the model never run under the lock."""
    if not groups:
        return {}
    rows = [{"id": cid, "props": _structure(turns)} for cid, turns in groups]
    covers = [{"summary": cid, "turn": t.id} for cid, turns in groups for t in turns]
    row = tx.one("summary/fold", ns=ns, session=session, summaries=rows, covers=covers, now=now)
    return {r["id"]: int(r["rev"]) for r in (row or {}).get("revs") or []}


def write_contents(store: Store, ns: Namespace, *, session: str, now: datetime) -> int:
    """Summarise and embed the session's queued chunks (folded, text not yet written for their latest
    revision), and write each for its revision; returns how many were written. Outside any lock, off the
    request path (`folds`): a chunk folded again meanwhile keeps the content of its newer revision."""
    rows = [r for r in store.read("summary/read_queued", ns=ns, session=session) if r["turns"]]
    if not rows:
        return 0
    summarise = summariser_of(store, ns, session)
    chunks: list[tuple[int, Chunk]] = []
    for r in rows:
        turns = [TurnRow(t["id"], t["seq"], t["at"], t.get("speaker"), t.get("text") or "") for t in r["turns"]]
        chunk = Chunk(r["id"], turns, summarise(turns))
        chunk.embedding = turns_centroid([t.get("vector") for t in r["turns"]])
        chunks.append((r["rev"], chunk))
    # one transaction for the session's chunks: each commit updates the vector and full-text indexes, and a
    # batch import folds a dozen chunks per request (they were a dozen commits competing with the import)
    store.write(_content_writer(ns, chunks))
    if any(not chunk.embedding for _, chunk in chunks):  # a turn was not embedded yet (GRAPHMEM_EMBED_WRITES=background)
        pool_chunks(store, ns, session=session)  # its vector may have landed since it was read
    return len(chunks)


def pool_chunks(store: Store, ns: Namespace, *, session: str) -> int:
    """Give the session's chunks written without a vector (their turns were waiting for theirs) the centroid of
    their turns' vectors, once every turn has one; returns how many got it. Run by the fold worker after it
    writes chunks and by the embedding worker after it writes turns: whichever commits last finds both. No
    chunk text is ever embedded: that cost the model as much as the turns (`turns_centroid`)."""
    rows = []
    for r in store.read("summary/read_unpooled", ns=ns, session=session):
        vector = turns_centroid([t.get("vector") for t in r["turns"]])
        if vector:
            rows.append({"id": r["id"], "rev": r["rev"], "turns": [t["id"] for t in r["turns"]], "vector": vector})
    if not rows:
        return 0
    return sum(int(r["written"]) for r in store.write(lambda tx: tx.run("summary/write_pooled", ns=ns, rows=rows)))


def turns_centroid(vectors: Sequence[Sequence[float] | None]) -> list[float]:
    """A chunk's vector: the normalised mean of its turns' vectors, or [] when one has none yet. Embedding the
    summary's text instead cost the model as much as the turns themselves (summaries are long: a batch import
    spent 6.5 s of the model on 120 summaries beside 7.8 s on 1,000 turns), and the centroid stands for every
    turn the chunk covers, where the text keeps a few sentences and is cut at the model's 256 tokens."""
    present = [v for v in vectors if v]
    if not present or len(present) < len(vectors) or len({len(v) for v in present}) != 1:
        return []
    return centroid(present)


def _content_writer(ns: Namespace, chunks: list[tuple[int, Chunk]]) -> Callable[[Tx], None]:
    writes = [{"id": chunk.id, "rev": rev, "props": chunk.props(), "turns": [t.id for t in chunk.turns]}
              for rev, chunk in chunks]

    def work(tx: Tx) -> None:
        for w in writes:  # oldest chunk first, as read (summary/read_queued)
            tx.run("summary/write_content", ns=ns, **w)

    return work


# --- reading --------------------------------------------------------------------------------------
def _structured(row: dict[str, Any]) -> StructuredSummary:
    topics = list(row.get("topics") or [])
    return StructuredSummary(core_topic=", ".join(topics), topics=topics, facts=list(row.get("facts") or []),
                             open_items=list(row.get("open_items") or []), entities=list(row.get("entities") or []),
                             tone=row.get("tone") or "neutral", intent=row.get("intent") or "",
                             text=row.get("text") or "", summariser=row.get("summariser") or "extractive")


def read_summary(store: Store, ns: Namespace, *, session: str, view: str = "application") -> SessionSummary:
    """The summary of everything that left the session's window (empty while nothing has).

    Chunks still queued for their text (`folds`) are written first, here: whoever reads a summary sees
    the text of every turn written before the read.

    Raises:
        SessionNotFound: no turn was ever written to this session in this namespace.
    """
    write_contents(store, ns, session=session, now=utcnow())
    rows = store.read("summary/read_summaries", ns=ns, session=session, all=view != "application")
    if not rows:
        raise SessionNotFound(f"no session {session!r} in namespace {ns.name!r}", details={"session": session})
    parts = [SummaryPart(id=r["id"], summary=_structured(r), from_seq=r["from_seq"], to_seq=r["to_seq"],
                         from_at=r["from_at"], to_at=r["to_at"], turn_count=r.get("turn_count") or 0,
                         created_at=r.get("created_at"), updated_at=r.get("updated_at"),
                         erased_at=r.get("erased_at"), archived_at=r.get("archived_at"))
             for r in (row["summary"] for row in rows) if r is not None]
    # each live chunk with the turns around its end: a question it ends on may be answered after it
    contexts = {row["summary"]["id"]: [Utterance(t.get("text") or "", t.get("speaker"))
                                       for t in row.get("context") or []]
                for row in rows if row["summary"] is not None}
    live = [p for p in parts if p.erased_at is None]
    return SessionSummary(session, merge([p.summary for p in live], contexts=[contexts[p.id] for p in live]), parts)
