"""Conversation turns: validate, embed, store in one transaction, link, fold what leaves the window.

A turn is `(:Turn)-[:IN]->(:Session)`, follows the previous turn of its session by `NEXT` (arrival
order) and `MENTIONS` every live entity whose key appears in its text or that currently holds an
identifier value (graphmem.identifiers, normalised) found in it. The caller's turn id (LoCoMo's
`D3:12`) is unique per namespace and looked up exactly.

Why the write is planned first and checked under a lock: embeddings and summaries are computed
outside the transaction (they are slow and must not hold locks), against a snapshot of the session;
the transaction then locks the session node and proceeds only if nobody wrote to the session since
that snapshot, else the plan is redone. So the turn, its links, the summaries of the turns it pushes
out of the window and the forgetting step commit together or not at all.
"""

from __future__ import annotations

import json
import logging
import random
import re
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphmem.channels.conversation.records import AddResult, FoldPlan, NewTurn, Turn, TurnRow
from graphmem.channels.conversation.summary import Summariser, plan_fold, summariser_for, write_fold
from graphmem.channels.conversation.window import split_window
from graphmem.embedding import get_embedder
from graphmem.errors import Conflict, DuplicateTurn, InvalidInput, NotFound, StoreUnavailable
from graphmem.identifiers import Registry, mentions, registry_for
from graphmem.instants import UTC, utcnow
from graphmem.settings import Settings
from graphmem.store import Store, Tx
from graphmem.summarise import has_detail
from graphmem.types import Namespace

log = logging.getLogger(__name__)

ROLE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")
ID_MAX = 200
SPEAKER_MAX = 200
MAX_KEY_CANDIDATES = 300
PLAN_ATTEMPTS = 30


# --- pure helpers ---------------------------------------------------------------------------------
def check_session_id(session: str) -> str:
    if not isinstance(session, str) or not session.strip() or len(session) > ID_MAX \
            or any(ord(c) < 32 for c in session):
        raise InvalidInput.field("session", f"must be 1–{ID_MAX} printable characters")
    return session


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
    if turn.at is not None and (turn.at.tzinfo is None or turn.at.utcoffset() is None):
        raise InvalidInput.field(f"{prefix}at", "a time must carry a zone", code="invalid_time")
    if turn.metadata is not None:
        try:
            json.dumps(turn.metadata)
        except (TypeError, ValueError) as exc:
            raise InvalidInput.field(f"{prefix}metadata", "must be JSON") from exc


def labelled(speaker: str | None, text: str) -> str:
    """The text as it is embedded and indexed: who said it matters to what it means."""
    return f"{speaker}: {text}" if speaker else text


def indexed_text(speaker: str | None, text: str, at: datetime) -> str:
    """What the full-text index holds: the labelled text and the day it was said, so that keyword
    search matches "in July" or "2023" (our own date format, whatever format the caller used)."""
    return f"{labelled(speaker, text)} ({at.day} {at:%B %Y})"


def key_candidates(text: str, registry: Registry) -> list[str]:
    """Strings of the text that could be an entity key (`identifiers.mentions`, as recall reads them)."""
    return mentions(text, registry, limit=MAX_KEY_CANDIDATES)


def identifier_pairs(text: str, registry: Registry) -> list[dict[str, str]]:
    """(attribute name, normalised value) pairs for identifier values in the text: the exact index seeks
    that find who currently holds them."""
    pairs: list[dict[str, str]] = []
    kinds = {k.name: k for k in registry.kinds}
    for found in registry.find(text):
        for name in sorted(kinds[found.kind].attributes):
            pair = {"name": name, "value": found.value}
            if pair not in pairs:
                pairs.append(pair)
    return pairs


def importance_of(turn: NewTurn, registry: Registry) -> float:
    """0..1: a caller's `metadata.importance` if given, else a cheap content estimate (identifiers,
    numbers and dates, length). Used by search ranking and by forgetting."""
    given = (turn.metadata or {}).get("importance")
    if isinstance(given, (int, float)) and not isinstance(given, bool):
        return float(min(1.0, max(0.0, given)))
    score = 0.3
    if registry.find(turn.text):
        score += 0.3
    elif has_detail(turn.text, registry):
        score += 0.15
    score += 0.2 * min(1.0, len(turn.text) / 300)
    return round(min(1.0, score), 4)


# --- writing --------------------------------------------------------------------------------------
class _SessionMoved(Exception):
    """Another writer changed the session after this write was planned: plan again."""


@dataclass
class _Plan:
    expected_seq: int
    last_turn: str | None
    rows: list[dict[str, Any]]
    fold: FoldPlan


def add_turn(store: Store, ns: Namespace, *, session: str, turn: NewTurn,
             settings: Settings | None = None) -> AddResult:
    """Store one turn (see `add_turns`)."""
    return add_turns(store, ns, session=session, turns=[turn], settings=settings)


def add_turns(store: Store, ns: Namespace, *, session: str, turns: Sequence[NewTurn],
              settings: Settings | None = None,
              summariser: Summariser | None = None) -> AddResult:
    """Store turns of one session in one transaction, in the order given (arrival order).

    Turns pushed out of the window (the last `settings.window_size` by time, then arrival) are folded
    into the session's summary before this returns. With `settings.namespace_capacity`, the least
    valuable turns and summaries past it are archived in the same transaction.

    Raises:
        InvalidInput: empty or too long text, bad role, speaker, id or metadata (field named).
        DuplicateTurn: a caller-supplied id already exists in the namespace (or twice in the batch).
        StoreUnavailable: Neo4j unreachable, or the session kept changing under concurrent writers.
    """
    settings = settings or store.settings
    check_session_id(session)
    if not turns:
        raise InvalidInput.field("turns", "must hold at least one turn")
    if len(turns) > settings.max_batch:
        raise InvalidInput.field("turns", f"at most {settings.max_batch} turns per batch", code="limit_exceeded")
    batch = len(turns) > 1
    for i, t in enumerate(turns):
        check_turn(t, max_chars=settings.max_text_chars, prefix=f"turns[{i}]." if batch else "")
    given = [t.id for t in turns if t.id is not None]
    if len(set(given)) != len(given):
        dupes = sorted({i for i in given if given.count(i) > 1})
        raise DuplicateTurn(f"turn ids repeated in the batch: {', '.join(dupes)}", details={"ids": dupes})

    registry = registry_for(settings.identifier_patterns)
    now = utcnow()
    ids = [t.id if t.id is not None else f"t-{uuid.uuid4().hex}" for t in turns]
    texts = [labelled(t.speaker, t.text) for t in turns]
    vectors = get_embedder(settings.model_path).embed(texts)
    base = [{
        "id": ids[i], "role": t.role, "speaker": t.speaker, "text": t.text,
        "search_text": indexed_text(t.speaker, t.text, (t.at or now).astimezone(UTC)),
        "at": (t.at or now).astimezone(UTC), "embedding": vectors[i],
        "metadata_json": json.dumps(dict(t.metadata), sort_keys=True) if t.metadata else None,
        "importance": importance_of(t, registry),
        "keys": key_candidates(t.text, registry), "pairs": identifier_pairs(t.text, registry),
    } for i, t in enumerate(turns)]
    summarise = summariser or summariser_for(settings)

    for attempt in range(PLAN_ATTEMPTS):
        plan = _plan(store, ns, session, base, settings, summarise)
        try:
            return _commit(store, ns, session, plan, settings, now)
        except _SessionMoved:
            log.debug("session %s moved while planning a write; planning again", session)
            # jittered exponential back-off, so that writers racing on one session take turns
            time.sleep(random.uniform(0, min(0.5, 0.01 * 2 ** attempt)))
    raise StoreUnavailable(f"session {session!r} is changing too fast to write to; retry shortly")


def _plan(store: Store, ns: Namespace, session: str, base: list[dict[str, Any]], settings: Settings,
          summarise: Summariser) -> _Plan:
    """Read the session's state and work out seqs, the window after the write and what gets folded."""
    chunk = settings.window_size

    def read(tx: Tx) -> tuple[dict[str, Any] | None, list[dict[str, Any]], dict[str, Any] | None]:
        return (tx.one("turns/read_session", ns=ns.name, session=session),
                tx.run("window/read_unfolded", ns=ns.name, session=session),
                tx.one("summary/read_open", ns=ns.name, session=session, chunk=chunk))

    head, unfolded, open_chunk = store.read_tx(read)
    seq = head["seq"] if head else 0
    rows = [{**r, "seq": seq + i + 1} for i, r in enumerate(base)]
    pending = [TurnRow(r["id"], r["seq"], r["at"], r.get("speaker"), r.get("text") or "") for r in unfolded]
    pending += [TurnRow(r["id"], r["seq"], r["at"], r["speaker"], r["text"]) for r in rows]
    _, leaving = split_window(pending, settings.window_size)
    fold = plan_fold(
        open_chunk=None if open_chunk is None else (
            open_chunk["id"], [TurnRow(t["id"], t["seq"], t["at"], t.get("speaker"), t.get("text") or "")
                               for t in open_chunk["turns"]]),
        leaving=leaving, chunk_size=chunk, summarise=summarise, settings=settings)
    return _Plan(seq, head["last_turn"] if head else None, rows, fold)


def _commit(store: Store, ns: Namespace, session: str, plan: _Plan, settings: Settings,
            now: datetime) -> AddResult:
    rows = plan.rows
    turn_params = [{k: r[k] for k in ("id", "seq", "role", "speaker", "text", "search_text", "at", "embedding",
                                      "metadata_json", "importance")} for r in rows]
    chain = ([plan.last_turn] if plan.last_turn else []) + [r["id"] for r in rows]
    pairs = [{"from": a, "to": b} for a, b in zip(chain, chain[1:])]

    def work(tx: Tx) -> int:
        head = tx.one("turns/lock_session", ns=ns.name, session=session, now=now)
        if head is None or head["seq"] != plan.expected_seq:
            raise _SessionMoved()
        taken = [r["id"] for r in tx.run("turns/find_ids", ns=ns.name, ids=[r["id"] for r in rows])]
        if taken:
            raise DuplicateTurn(f"turn id already exists: {', '.join(sorted(taken))}", details={"ids": sorted(taken)})
        tx.run("turns/create_turns", ns=ns.name, session=session, turns=turn_params, now=now)
        if pairs:
            tx.run("turns/link_next", ns=ns.name, pairs=pairs)
        tx.run("turns/set_session_head", ns=ns.name, session=session, seq=rows[-1]["seq"], last_turn=rows[-1]["id"])
        keyed = [{"id": r["id"], "keys": r["keys"]} for r in rows if r["keys"]]
        if keyed:
            tx.run("turns/link_mention_keys", ns=ns.name, rows=keyed)
        paired = [{"id": r["id"], "pairs": r["pairs"]} for r in rows if r["pairs"]]
        if paired:
            tx.run("turns/link_mention_identifiers", ns=ns.name, rows=paired, now=now)
        write_fold(tx, ns, session=session, plan=plan.fold, now=now)
        return archive_past_capacity(tx, ns, capacity=settings.namespace_capacity, now=now)

    try:
        archived = store.write(work)
    except Conflict as exc:
        if isinstance(exc, DuplicateTurn):
            raise
        # a concurrent writer took one of our ids between the check and the create (turn_id constraint)
        raise DuplicateTurn("turn id already exists", details={"ids": [r["id"] for r in rows]}) from exc
    stored = [Turn(id=r["id"], session=session, seq=r["seq"], role=r["role"], speaker=r["speaker"], text=r["text"],
                   at=r["at"], created_at=now, metadata=json.loads(r["metadata_json"]) if r["metadata_json"] else {},
                   summary=plan.fold.covering.get(r["id"])) for r in rows]
    return AddResult(stored, [c.id for c in plan.fold.chunks], archived)


def archive_past_capacity(tx: Tx, ns: Namespace, *, capacity: int | None, now: datetime) -> int:
    """Forgetting: past `capacity` active turns and summaries, archive the least valuable excess."""
    if capacity is None:
        return 0
    active = tx.one("turns/count_active", ns=ns.name)
    excess = (active["active"] if active else 0) - capacity
    if excess <= 0:
        return 0
    row = tx.one("turns/archive_least_valuable", ns=ns.name, excess=excess, now=now)
    return int(row["archived"]) if row else 0


# --- reading --------------------------------------------------------------------------------------
def get_turn(store: Store, ns: Namespace, *, turn_id: str, view: str = "application") -> Turn:
    """One turn by its exact id: equality on the id, never a prefix or similarity match.

    Raises:
        NotFound: no such turn (code unknown_turn), or it is erased and the view is the application's.
    """
    row = store.read("turns/read_turn", ns=ns.name, id=turn_id, all=view != "application")
    if not row:
        raise NotFound(f"no turn {turn_id!r} in namespace {ns.name!r}", code="unknown_turn",
                       details={"id": turn_id})
    return Turn.from_row(row[0]["turn"])
