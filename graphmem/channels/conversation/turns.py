"""Conversation turns: validate, embed, store in one transaction, link, fold what leaves the window.

A turn is `(:Turn)-[:IN]->(:Session)`, follows the previous turn of its session by `NEXT` (arrival
order) and `MENTIONS` every live entity whose key appears in its text or that currently holds an
identifier value (graphmem.identifiers, normalised) found in it. The caller's turn id (LoCoMo's
`D3:12`) is unique per namespace and looked up exactly.

Why a lock and not a retry: the write transaction locks the session node first (turns/lock_session),
so concurrent writers to one session queue there and each computes its seqs from the head it holds:
gapless arrival order, no write ever refused for contention. What is slow stays outside the lock:
the turns are embedded before the transaction (writers to one session in one process also share
transactions, see "group commit" below), and the summary chunks it folds are queued in Neo4j for
their text and embedding, which a background worker writes after the commit (`folds`). Inside: the turns, their NEXT and MENTIONS
links, the structure of the fold (which chunk covers which turn) and forgetting, all or nothing.
Lock order, the same for every writer: session, then the entities it links (sorted; both in the first
statement, turns/lock_session), then older turns and summaries; erasure locks an entity, then its turns
and summaries, so neither waits in a cycle. Three statements in all under the lock (lock, append, fold):
its hold time bounds a session's write rate.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import uuid
from concurrent.futures import Future
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphmem.channels.conversation.records import AddResult, NewTurn, Turn, TurnRow
from graphmem.channels.conversation.turn_text import identifier_pairs, importance_of, indexed_text, key_candidates
from graphmem.channels.conversation.embeddings import labelled, queue_embeddings
from graphmem.channels.conversation.folds import queue_fold
from graphmem.channels.conversation.extraction import check_extraction, queue_extractions
from graphmem.channels.conversation.summary import Summariser, assign_chunks, summariser_for, write_fold
from graphmem.channels.conversation.window import split_window
from graphmem.channels.names import names_in_texts
from graphmem.channels.search.stats import record_turns  # issue #18 (search owner): see add_turns
from graphmem.embedding import get_embedder
from graphmem.identifiers.reach import reach_text
from graphmem import bookmarks, limits
from graphmem.errors import Conflict, DuplicateTurn, GraphmemError, InvalidInput, NotFound
from graphmem.identifiers import registry_for
from graphmem.instants import UTC, utcnow
from graphmem.settings import Settings
from graphmem.store import Mark, Store, Tx, write_marks
from graphmem.types import Namespace

log = logging.getLogger(__name__)

ROLE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")
ID_MAX = 200
SPEAKER_MAX = 200


# --- pure helpers ---------------------------------------------------------------------------------
def check_session_id(session: str) -> str:
    if not isinstance(session, str) or not session.strip() or len(session) > ID_MAX \
            or any(ord(c) < 32 for c in session):
        raise InvalidInput.field("session", f"must be 1–{ID_MAX} printable characters")
    return limits.check_string(session, "session")


def check_turn(turn: NewTurn, *, max_chars: int, prefix: str = "") -> None:
    """Raise InvalidInput naming the field of the first problem (`turns[3].text` in a batch)."""
    if not isinstance(turn.text, str) or not turn.text.strip():
        raise InvalidInput.field(f"{prefix}text", "must not be empty")
    if len(turn.text) > max_chars:
        raise InvalidInput.field(f"{prefix}text", f"longer than {max_chars} characters", code="text_too_long")
    if not ROLE_RE.fullmatch(turn.role or ""):
        raise InvalidInput.field(f"{prefix}role", "must be a word such as user, assistant, system or tool")
    if turn.speaker is not None and (not turn.speaker.strip() or len(turn.speaker) > SPEAKER_MAX):
        raise InvalidInput.field(f"{prefix}speaker", f"must be 1–{SPEAKER_MAX} characters when given")
    if turn.id is not None and (not turn.id.strip() or len(turn.id) > ID_MAX
                                or any(ord(c) < 32 for c in turn.id) or "/" in turn.id):
        raise InvalidInput.field(f"{prefix}id", f"must be 1–{ID_MAX} printable characters without '/'")
    if turn.at is not None:
        limits.check_instant(turn.at, f"{prefix}at")
    for name in ("text", "role", "speaker", "id"):
        limits.check_text(getattr(turn, name), f"{prefix}{name}")
    if turn.metadata is not None:
        if not isinstance(turn.metadata, Mapping):
            raise InvalidInput.field(f"{prefix}metadata", "must be a JSON object")
        # what Neo4j and a response can hold: depth <= 32, 64-bit integers, valid Unicode (a 900-deep
        # object used to be stored, then failed every read of its turn and window)
        limits.check_json(turn.metadata, f"{prefix}metadata")


# --- writing --------------------------------------------------------------------------------------
@dataclass
class _Written:
    rows: list[dict[str, Any]]
    covering: dict[str, str]  # turn id -> summary chunk id
    revs: dict[str, int]      # chunk id -> the revision this write left it at
    archived: int


def add_turn(store: Store, ns: Namespace, *, session: str, turn: NewTurn,
             settings: Settings | None = None) -> AddResult:
    """Store one turn (see `add_turns`)."""
    return add_turns(store, ns, session=session, turns=[turn], settings=settings)


def add_turns(store: Store, ns: Namespace, *, session: str, turns: Sequence[NewTurn],
              settings: Settings | None = None,
              summariser: Summariser | None = None) -> AddResult:
    """Store turns of one session in one transaction, in the order given (arrival order).

    Turns pushed out of the window (the last `settings.window_size` by time, then arrival) are folded
    into the session's summary chunks in that transaction, which queues the chunks for their text and
    embedding; the fold worker writes those off the request path (`folds`; reading the summary writes
    any still queued first). With `settings.namespace_capacity`, the least valuable turns and summaries past it are
    archived in the same transaction. Concurrent writers to one session queue on its lock and all
    succeed: seqs stay gapless in arrival order.

    Raises:
        InvalidInput: empty or too long text, bad role, speaker, id or metadata (field named).
        DuplicateTurn: a caller-supplied id already exists in the namespace (or twice in the batch).
        StoreUnavailable: Neo4j unreachable.
    """
    settings = settings or store.services.settings
    check_session_id(session)
    if not turns:
        raise InvalidInput.field("turns", "must hold at least one turn")
    if len(turns) > settings.max_batch:
        raise InvalidInput.field("turns", f"at most {settings.max_batch} turns per batch", code="limit_exceeded")
    batch = len(turns) > 1
    for i, t in enumerate(turns):
        check_turn(t, max_chars=settings.max_text_chars, prefix=f"turns[{i}]." if batch else "")
    if any(t.extract for t in turns):
        check_extraction(settings)  # 422 naming `extract` without an LLM endpoint or graphiti-core
    given = [t.id for t in turns if t.id is not None]
    if len(set(given)) != len(given):
        dupes = sorted({i for i in given if given.count(i) > 1})
        raise DuplicateTurn(f"turn ids repeated in the batch: {', '.join(dupes)}", details={"ids": dupes})
    if given:
        taken = sorted(r["id"] for r in store.read("turns/find_ids", ns=ns, ids=given))
        if taken:
            raise DuplicateTurn(f"turn id already exists: {', '.join(taken)}", details={"ids": taken})

    registry = registry_for(settings.identifier_patterns, settings.phone_region)
    now = utcnow()
    ids = [t.id if t.id is not None else f"t-{uuid.uuid4().hex}" for t in turns]
    metas = [json.dumps(dict(t.metadata), sort_keys=True) if t.metadata else None for t in turns]
    # the names the texts hold are looked up while the batch is embedded (`_Job.take_names`)
    names = store.services.executor("turn-names", 4).submit(names_in_texts, store, ns, [t.text for t in turns])
    base = [{
        "id": ids[i], "role": t.role, "speaker": t.speaker, "text": t.text,
        "search_text": indexed_text(t.speaker, t.text, (t.at or now).astimezone(UTC)),
        "at": (t.at or now).astimezone(UTC), "labelled": labelled(t.speaker, t.text),
        "metadata_json": metas[i], "reach_text": reach_text(t.text, t.speaker, metas[i], ids[i], session),
        "importance": importance_of(t, registry), "pairs": identifier_pairs(t.text, registry),
        "keys": key_candidates(t.text, registry),  # what it MENTIONS: keys here, whole names (`take_names`) later
        "extraction": "queued" if t.extract else None,
    } for i, t in enumerate(turns)]

    summarise = summariser or summariser_for(settings)
    rows, done = _write(store, _Job(ns, session, [{**r, "created_at": now} for r in base], settings, summarise,
                                    names=names))
    record_turns(store, ns, [r["search_text"] for r in rows if r])  # issue #18 (search): per-namespace BM25 stats
    queue_extractions(store, ns, [r["id"] for r in rows if r and r["extraction"]])  # after the commit
    stored = [Turn(id=r["id"], session=session, seq=r["seq"], role=r["role"], speaker=r["speaker"], text=r["text"],
                   at=r["at"], created_at=now, metadata=json.loads(r["metadata_json"]) if r["metadata_json"] else {},
                   summary=done.covering.get(r["id"]), extraction=r["extraction"]) for r in rows]
    return AddResult(stored, list(done.revs), done.archived)


# --- group commit -----------------------------------------------------------------------------
# Why: every writer to a session queues on its lock, so the lock's hold time bounds the session's
# write rate. Writers to one session in this process therefore share transactions: whoever finds the
# session idle leads, writes every turn queued by then in one locked transaction (each caller's turns
# together, in queue order), and hands the lead to the next waiter; writers in other processes still
# serialise on the Neo4j lock. Validation happens per caller before queueing; the leader embeds the
# batch's texts in one model call (on 2 cores one call of 16 texts ran 2.5x the rate of 16 parallel
# calls of one), then passes the lead on before it waits for the session lock, so the next batch embeds
# while this one writes.
@dataclass(eq=False)
class _Job:
    ns: Namespace
    session: str
    base: list[dict[str, Any]]
    settings: Settings
    summarise: Summariser
    ready: threading.Event = field(default_factory=threading.Event)
    marks: tuple[Mark, ...] = field(default_factory=write_marks)  # the caller's (its Idempotency-Key claim)
    causal: bookmarks.Causal | None = field(default_factory=bookmarks.current)  # gets its batch's bookmark
    lead: bool = False
    result: tuple[list[dict[str, Any]], _Written] | None = None
    error: BaseException | None = None
    names: Future[list[list[str]]] | None = None  # the entities each text names by whole name (MENTIONS)

    def take_names(self) -> None:
        """Add the whole names' entities to what each turn MENTIONS; a failed lookup only loses those links."""
        try:
            found = self.names.result() if self.names is not None else []
        except Exception as exc:  # noqa: BLE001 - an enrichment: the turns are written all the same
            log.warning("name links skipped for %d turns (%s: %s)", len(self.base), type(exc).__name__, exc)
            return
        for r, by_name in zip(self.base, found):
            r["keys"] = list(dict.fromkeys([*r["keys"], *by_name]))

    @property
    def lane(self) -> tuple[str, str, int, int]:
        """Only jobs that would write alike share a transaction."""
        return self.ns.name, self.session, id(self.settings), id(self.summarise)


class _Lanes:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.queues: dict[tuple[str, str, int, int], list[_Job]] = {}

    def join(self, job: _Job) -> bool:
        """Queue the job; True if its caller leads (the lane was idle)."""
        with self.lock:
            queue = self.queues.get(job.lane)
            if queue is None:
                self.queues[job.lane] = []
                return True
            queue.append(job)
            return False

    def take(self, job: _Job) -> list[_Job]:
        """The leader's batch: its own job, then waiters while the batch stays within max_batch."""
        with self.lock:
            queue = self.queues[job.lane]
            batch, size = [job], len(job.base)
            while queue and size + len(queue[0].base) <= job.settings.max_batch:
                size += len(queue[0].base)
                batch.append(queue.pop(0))
            return batch

    def hand_on(self, job: _Job) -> None:
        """Pass the lead to the next waiter, or mark the lane idle."""
        with self.lock:
            queue = self.queues[job.lane]
            if not queue:
                del self.queues[job.lane]
                return
            nxt = queue.pop(0)
        nxt.lead = True
        nxt.ready.set()


def _write(store: Store, job: _Job) -> tuple[list[dict[str, Any]], _Written]:
    lanes = store.services.state("conversation.lanes", _Lanes)
    if not lanes.join(job):
        job.ready.wait()
        if not job.lead:
            if job.error is not None:
                raise job.error
            assert job.result is not None
            return job.result
    batch = lanes.take(job)
    later = job.settings.embed_writes == "background"  # the embedding worker embeds them after the commit
    try:
        try:  # the expensive part, outside any lock: one model call for the whole batch
            rows = [r for j in batch for r in j.base]
            vectors: list[list[float] | None] = [None] * len(rows) if later else \
                list(get_embedder(job.settings).embed_shared([r["labelled"] for r in rows]))
            for r, v in zip(rows, vectors):
                r["embedding"], r["embed_queued"] = v, (True if later else None)
        finally:  # the next batch forms and embeds while this one waits for the session lock
            lanes.hand_on(job)
        for j in batch:
            j.take_names()
        written = _commit(store, batch)
        if later:
            queue_embeddings(store, job.ns, job.session)
        if written.revs:  # the chunks' text and embedding: off the request path, queued in Neo4j
            queue_fold(store, job.ns, job.session, job.summarise)
    except BaseException as exc:
        for other in batch[1:]:
            other.error = other.error or exc
            other.ready.set()
        raise
    start = 0
    for other in batch:
        other.result = (written.rows[start:start + len(other.base)], written)
        start += len(other.base)
        other.ready.set()
    if job.error is not None:
        raise job.error
    assert job.result is not None
    return job.result


def _commit(store: Store, batch: list[_Job]) -> _Written:
    """One locked transaction for the batch, with every caller's marks; if it fails on one caller's
    duplicate id (a race past the check) or lost claim, each caller is written alone so that only that
    caller fails."""
    lead = batch[0]
    base = [r for j in batch for r in j.base]
    marks = tuple(m for j in batch for m in j.marks)  # every caller's claim commits with its turns
    try:
        return store.write(lambda tx: _append(tx, lead.ns, lead.session, base, lead.settings), marks=marks,
                           along=tuple(j.causal for j in batch))
    except Conflict as exc:
        if len(batch) == 1:
            if isinstance(exc, DuplicateTurn) or exc.code.startswith("idempotency_"):
                raise
            # a concurrent writer took one of our ids after the check (turn_id constraint)
            raise DuplicateTurn("turn id already exists", details={"ids": [r["id"] for r in base]}) from exc
    parts: list[_Written] = []
    for j in batch:
        try:
            parts.append(_commit(store, [j]))
        except GraphmemError as exc:  # this caller's own failure (its duplicate id): the others stand
            j.error = exc
            parts.append(_Written([{} for _ in j.base], {}, {}, 0))
    return _Written([r for w in parts for r in w.rows], {k: v for w in parts for k, v in w.covering.items()},
                    {k: v for w in parts for k, v in w.revs.items()}, sum(w.archived for w in parts))


def _append(tx: Tx, ns: Namespace, session: str, base: list[dict[str, Any]], settings: Settings) -> _Written:
    """The locked section: only reads, cheap planning and writes (no model, no summariser).

    The session is locked first; its head then cannot move until commit, so seqs follow from it and
    the fold is planned against the session exactly as it is. Idempotent (the driver may rerun it)."""
    now = max(r["created_at"] for r in base)
    head = tx.one("turns/lock_session", ns=ns, session=session, now=now, chunk=settings.window_size,
                  keys=sorted({k for r in base for k in r["keys"]}), pairs=[p for r in base for p in r["pairs"]]) or {}
    seq = int(head.get("seq") or 0)
    rows = [{**r, "seq": seq + i + 1} for i, r in enumerate(base)]
    pending = [_row(r) for r in head.get("unfolded") or []]
    pending += [TurnRow(r["id"], r["seq"], r["at"], r["speaker"], r["text"]) for r in rows]
    _, leaving = split_window(pending, settings.window_size)
    groups = assign_chunks(
        open_chunk=None if head.get("open_id") is None else (
            head["open_id"], [_row(t) for t in head.get("open_turns") or []]),
        leaving=leaving, chunk_size=settings.window_size)
    turn_params = [{k: r[k] for k in ("id", "seq", "role", "speaker", "text", "search_text", "at", "embedding",
                                      "metadata_json", "reach_text", "importance", "created_at", "extraction",
                                      "embed_queued")}
                   for r in rows]
    tx.run("turns/append_turns", ns=ns, session=session, turns=turn_params, now=now,
           seq=rows[-1]["seq"], last_turn=rows[-1]["id"],
           keyed=[{"id": r["id"], "keys": r["keys"]} for r in rows if r["keys"]],
           paired=[{"id": r["id"], "pairs": r["pairs"]} for r in rows if r["pairs"]])
    revs = write_fold(tx, ns, session=session, groups=groups, now=now)
    archived = archive_past_capacity(tx, ns, capacity=settings.namespace_capacity, now=now)
    return _Written(rows, {t.id: cid for cid, ts in groups for t in ts}, revs, archived)


def _row(t: dict[str, Any]) -> TurnRow:
    return TurnRow(t["id"], t["seq"], t["at"], t.get("speaker"), t.get("text") or "")


def archive_past_capacity(tx: Tx, ns: Namespace, *, capacity: int | None, now: datetime) -> int:
    """Forgetting: past `capacity` active turns and summaries, archive the least valuable excess."""
    if capacity is None:
        return 0
    active = tx.one("turns/count_active", ns=ns)
    excess = (active["active"] if active else 0) - capacity
    if excess <= 0:
        return 0
    row = tx.one("turns/archive_least_valuable", ns=ns, excess=excess, now=now)
    return int(row["archived"]) if row else 0


# --- reading --------------------------------------------------------------------------------------
def get_turn(store: Store, ns: Namespace, *, turn_id: str, view: str = "application") -> Turn:
    """One turn by its exact id: equality on the id, never a prefix or similarity match.

    Raises:
        NotFound: no such turn (code unknown_turn), or it is erased and the view is the application's.
    """
    row = store.read("turns/read_turn", ns=ns, id=turn_id, all=view != "application")
    if not row:
        raise NotFound(f"no turn {turn_id!r} in namespace {ns.name!r}", code="unknown_turn",
                       details={"id": turn_id})
    return Turn.from_row(row[0]["turn"])
