"""Hybrid search over turns and summaries: vector index + full-text index, fused, filtered, lifted.

Each candidates statement also reads the rows ranking needs of what it found (text, neighbours,
mentions, the turns its summaries cover), so that a search costs about one round trip per index: the
full-text statement runs while the query embeds, the two vector statements then run side by side.
Neo4j's vector index cannot pre-filter, so it is over-fetched (sized by the share of candidates that
passed last time) and widened until enough turns of this namespace pass the filters; a small namespace
in a large shared index is scanned by exact cosine instead. A search scoped to one session, or to a time
range that holds few turns, ranks the whole scope exactly (dense and keyword) after one index seek. The
keyword query requires the namespace inside Lucene and escapes every special character of the user's
text. Ranking is pure (graphmem.channels.search_rank).

Application-view searches never return erased turns or summaries, nor archived ones (forgetting);
the audit view sees both. Returned hits are marked as used (for least-recently-used forgetting)
in the background, coalesced, so a search never waits on a write.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from graphmem.channels.search_rank import (
    DEFAULT_WEIGHTS,
    Ranked,
    SummaryInfo,
    TurnInfo,
    Weights,
    keyword_terms,
    lucene_query,
    named_speakers,
    query_terms,
    rank,
    rounded,
    scope_words,
)
from graphmem.embedding import get_embedder
from graphmem.errors import InvalidInput, InvalidInterval
from graphmem.instants import stored_instant, utcnow
from graphmem.store import Store
from graphmem.types import Namespace

log = logging.getLogger(__name__)

KINDS = ("turn", "summary")
MAX_FETCH = 4096
COVERED_FROM = 5  # the best summaries whose covered turns are read (a summary lifts its turns)
_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="graphmem-touch")
_keyword_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="graphmem-search")


@dataclass(frozen=True)
class Hit:
    kind: str
    id: str
    text: str
    at: datetime
    session: str
    speaker: str | None
    score: float
    parts: dict[str, float] = field(default_factory=dict)
    from_at: datetime | None = None
    to_at: datetime | None = None
    mentions: tuple[str, ...] = ()  # keys of the live entities the turn or summary mentions


@dataclass(frozen=True)
class SearchResult:
    hits: list[Hit]
    terms: list[str]


@dataclass(frozen=True)
class Filters:
    session: str | None
    speaker: str | None
    since: datetime | None
    until: datetime | None
    all: bool
    archived: bool

    @property
    def filtered(self) -> bool:
        return any(f is not None for f in (self.session, self.speaker, self.since, self.until))

    def params(self) -> dict[str, Any]:
        return {"session": self.session, "speaker": self.speaker, "since": self.since, "until": self.until,
                "all": self.all, "archived": self.archived}

    def passes(self, row: Mapping[str, Any]) -> bool:
        """The same filter as the Cypher candidates, for neighbours and covered turns read afterwards."""
        return ((self.all or not row["erased"]) and (self.archived or not row["archived"])
                and (self.session is None or row.get("session") == self.session)
                and (self.speaker is None or row.get("speaker") == self.speaker)
                and (self.since is None or row["at"] >= self.since)
                and (self.until is None or row["at"] <= self.until))


def check_query(*, query: str, k: int, max_k: int, max_chars: int, since: datetime | None,
                until: datetime | None, kinds: Sequence[str]) -> None:
    """Raise InvalidInput naming the field: empty or too long query, k out of range, since > until."""
    if not isinstance(query, str) or not query.strip():
        raise InvalidInput.field("query", "must not be empty")
    if len(query) > max_chars:
        raise InvalidInput.field("query", f"longer than {max_chars} characters", code="text_too_long")
    if not 1 <= k <= max_k:
        raise InvalidInput.field("k", f"must be between 1 and {max_k}")
    if since is not None and until is not None and since > until:
        raise InvalidInterval.field("until", "must not be before since")
    if not kinds or any(x not in KINDS for x in kinds):
        raise InvalidInput.field("kinds", "must list turn and/or summary")


def search(store: Store, ns: Namespace, *, query: str, k: int = 10, session: str | None = None,
           speaker: str | None = None, since: datetime | None = None, until: datetime | None = None,
           kinds: Sequence[str] = KINDS, view: str = "application", weights: Weights = DEFAULT_WEIGHTS,
           touch: bool = True) -> SearchResult:
    """The k best turns and summaries for a query, each with the parts of its score.

    `since`/`until` are inclusive: on a turn's `at`, and on the whole range a summary covers.
    With `touch=False` the hits are not marked as used; a caller that returns them later calls `mark_used`.

    Raises:
        InvalidInput: empty or too long query, k outside 1..settings.max_k, unknown kinds.
        InvalidInterval: since after until.
    """
    s = store.settings
    check_query(query=query, k=k, max_k=s.max_k, max_chars=s.max_text_chars, since=since, until=until, kinds=kinds)
    filters = Filters(session, speaker, since, until, all=view != "application", archived=view != "application")
    found = gather(store, ns, query=query, depth=depth_for(k), filters=filters)
    hits = found.hits(store, ns, found.top(kinds, k, weights))
    if touch:
        mark_used(store, ns, hits)
    return SearchResult(hits, found.terms)


def depth_for(k: int) -> int:
    """How many candidates each index list contributes (summaries: a fifth). Three times k, at least 30:
    on LoCoMo (session harness, 1,535 questions) depth 30, 40 and 50 gave R@10 0.728, 0.724 and 0.729 for
    k=10, while every candidate costs a fetch from its index and a row read."""
    return min(500, max(3 * k, 30))


@dataclass
class Candidates:
    """What the index queries found for one query, before ranking (kept apart so that ranking can be
    re-run with other weights, e.g. by the LoCoMo evaluation's weight sweep)."""

    terms: list[str]
    turns: dict[str, TurnInfo]
    rows: dict[str, dict[str, Any]]
    eligible: set[str]
    turn_dense: dict[str, float]
    turn_text: dict[str, float]
    summaries: dict[str, SummaryInfo]
    summary_rows: dict[str, dict[str, Any]]
    summary_dense: dict[str, float]
    summary_text: dict[str, float]
    speakers: set[str] = field(default_factory=set)

    def top(self, kinds: Sequence[str], k: int, weights: Weights = DEFAULT_WEIGHTS) -> list[Ranked]:
        ranked = rank(turns=self.turns, turn_dense=self.turn_dense, turn_text=self.turn_text,
                      summaries=self.summaries, summary_dense=self.summary_dense, summary_text=self.summary_text,
                      eligible=self.eligible, w=weights, speakers=self.speakers)
        return rounded([r for r in ranked if r.kind in kinds][:k])

    def hits(self, store: Store, ns: Namespace, ranked: Sequence[Ranked]) -> list[Hit]:
        """The ranked candidates as hits. Candidate turns come with their text and mentions; a neighbour
        lifted into the top k without being a candidate has them read here."""
        missing = [r.id for r in ranked if r.kind == "turn" and self.rows[r.id].get("text") is None]
        late = {row["id"]: row for row in store.read("search/read_texts", ns=ns.name, ids=missing)} \
            if missing else {}
        out = []
        for r in ranked:
            if r.kind == "turn":
                t = self.rows[r.id]
                read = late.get(r.id, t)  # text and mentions: from the candidates' read, or read just now
                out.append(Hit("turn", r.id, read.get("text") or "", t["at"], t["session"], t.get("speaker"), r.score,
                               r.parts, mentions=tuple(read.get("mentions") or ())))
            else:
                row = self.summary_rows[r.id]
                m = row["summary"]
                out.append(Hit("summary", r.id, m.get("text") or "", m["to_at"], m["session"], None, r.score, r.parts,
                               from_at=m["from_at"], to_at=m["to_at"], mentions=tuple(row.get("mentions") or ())))
        return out


PARTS = ("turn_vector", "turn_text", "summary_vector", "summary_text")


def gather(store: Store, ns: Namespace, *, query: str, depth: int, filters: Filters) -> Candidates:
    """Dense and keyword candidates over turns and summaries, with the turns' neighbours and the turns
    the summaries cover, all filtered. Each `search/candidates` statement reads the rows of what it found
    (and the turns its best summaries cover): the keyword statement runs while the query embeds, the two
    vector statements after it, side by side. A last read follows only for rows none of them read (the
    turns covered by a summary that ranks among the best only on both scores together, candidates found
    by an exact scan, and every candidate of a scoped search). More round trips only when a part must widen.

    A search scoped to one session, or to a time range that holds at most SCOPE_LIMIT of the namespace's
    turns, ranks that scope exactly instead (`search/scope_turns`, `search/scope_summaries`): the shared
    indexes cannot filter, and widening them until enough of a sliver passes took hundreds of ms."""
    terms = query_terms(query)
    words = keyword_terms(terms, _namespace_size(store, ns.name)["speakers"])
    base = {"ns": ns.name, **filters.params(), "vector": None, "lucene": lucene_query(words, ns.name),
            "turn_want": depth, "summary_want": depth // 5, **_NO_IDS, "cover": LIFT_COVER}
    if filters.session is None and (filters.since is not None or filters.until is not None):
        # a time range: its turns are counted while the query embeds (the count decides the path)
        counted = _keyword_pool.submit(_small_range, store, ns, filters)
        _embedded(store, base, query)
        scoped = counted.result()
    else:
        scoped = filters.session is not None
    if scoped:
        found, first = _scope_candidates(store, base, query=query, words=words)
    else:
        found, first = _index_candidates(store, base, query=query, depth=depth, filtered=filters.filtered)
    turn_dense = {r["id"]: r["score"] for r in found["turn_vector"]}
    turn_text = {r["id"]: r["score"] for r in found["turn_text"]}
    summary_dense = {r["id"]: r["score"] for r in found["summary_vector"]}
    summary_text = {r["id"]: r["score"] for r in found["summary_text"]}

    all_summaries = set(summary_dense) | set(summary_text)
    best = sorted(sorted(all_summaries),
                  key=lambda i: -(summary_dense.get(i, 0.0) + summary_text.get(i, 0.0)))[:COVERED_FROM]
    have_summaries = {r["summary"]["id"]: r for r in first["summaries"]}
    have_turns = {r["id"] for r in first["turns"]}
    covered = [t for i in best if i in have_summaries for t in have_summaries[i]["turns"]]
    summary_ids = sorted(all_summaries - set(have_summaries))
    turn_ids = sorted((set(turn_dense) | set(turn_text) | set(covered)) - have_turns)
    read = read_rows(store, ns, summary_ids=summary_ids, turn_ids=turn_ids, best=best) \
        if summary_ids or turn_ids else _NOTHING
    summaries = {r["summary"]["id"]: r for r in first["summaries"] + read["summaries"]}
    for r in summaries.values():
        r["summary"]["from_at"] = stored_instant(r["summary"]["from_at"])
        r["summary"]["to_at"] = stored_instant(r["summary"]["to_at"])
    rows: dict[str, dict[str, Any]] = {}
    around: dict[str, dict[str, Any]] = {}
    for r in first["turns"] + [r for r in read["turns"] if r["id"] not in have_turns]:
        for name in ("at", "prev_at", "next_at"):
            r[name] = stored_instant(r[name])
        rows[r["id"]] = r
        for side in ("prev", "next"):
            if r[side] is not None:
                around[r[side]] = {"id": r[side], "session": r["session"], "at": r[f"{side}_at"],
                                   "speaker": r[f"{side}_speaker"], "importance": r[f"{side}_importance"],
                                   "question": r.get(f"{side}_question", False), "erased": r[f"{side}_erased"],
                                   "archived": r[f"{side}_archived"], "prev": None, "next": None}
    for i, r in around.items():  # a neighbour that is no candidate: known without its own neighbours (or text)
        rows.setdefault(i, r)
    infos = {i: TurnInfo(i, r["session"], r["at"], r.get("speaker"), r.get("importance") or 0.5, r["prev"],
                         r["next"], bool(r["question"])) for i, r in rows.items()}
    eligible = {i for i, r in rows.items() if filters.passes(r)}
    sinfo = {i: SummaryInfo(i, r["summary"]["session"], r["summary"]["to_at"],
                            r["summary"].get("importance") or 0.5, tuple(r["turns"])) for i, r in summaries.items()}
    return Candidates(
        terms, infos, rows, eligible, {i: v for i, v in turn_dense.items() if i in eligible},
        {i: v for i, v in turn_text.items() if i in eligible}, sinfo, summaries,
        {i: v for i, v in summary_dense.items() if i in sinfo}, {i: v for i, v in summary_text.items() if i in sinfo},
        named_speakers(query, {r.get("speaker") for r in rows.values()}))


Rows = dict[str, list[dict[str, Any]]]  # {"summaries": [...], "turns": [...]} as search/candidates reads them
_NOTHING: Rows = {"summaries": [], "turns": []}
_NO_IDS: dict[str, list[str]] = {"summary_ids": [], "turn_ids": [], "best": []}
#: how many summaries of each summary list a statement lifts (reads the covered turns of): the whole list
#: at the default depth. The best summaries overall (COVERED_FROM, by both scores) nearly always lead one
#: of the lists; the turns of any other cost one more read, on the critical path. On the 100,000-turn
#: bench namespace lifting 3 of each list made that read needed in 60 of 60 searches, 5 in 15 of 60.
LIFT_COVER = COVERED_FROM + 3
_READ_ONLY = {**{f"{p}_fetch": 0 for p in ("turn_vector", "turn_text", "summary_vector", "summary_text")},
              "vector": None, "lucene": None, "session": None, "speaker": None, "since": None, "until": None,
              "all": True, "archived": True, "turn_want": 0, "summary_want": 0, "cover": 0}


def read_rows(store: Store, ns: Namespace, *, summary_ids: Sequence[str] = (), turn_ids: Sequence[str] = (),
              best: Sequence[str] = ()) -> Rows:
    """The rows search ranks on, for given ids: summaries with the turns they cover, turns with their text,
    neighbours and mentions, plus the turns covered by the summaries in `best` (`search/candidates` with
    every fetch 0, so that one statement holds the row shape)."""
    row = store.read("search/candidates", **_READ_ONLY, ns=ns.name, summary_ids=list(summary_ids),
                     turn_ids=list(turn_ids), best=list(best))[0]
    return {"summaries": row["summaries"], "turns": row["turns"]}


def _merged(*reads: Rows) -> Rows:
    """Rows read by several statements, each id once (the later read wins: a widened part reads again)."""
    summaries = {r["summary"]["id"]: r for read in reads for r in read["summaries"]}
    turns = {r["id"]: r for read in reads for r in read["turns"]}
    return {"summaries": list(summaries.values()), "turns": list(turns.values())}


def _index_candidates(store: Store, base: dict[str, Any], *, query: str, depth: int,
                      filtered: bool) -> tuple[dict[str, list[dict[str, Any]]], Rows]:
    """The four candidate lists from the shared indexes (or exact scans of a small namespace), and the rows
    their statements read."""
    # the keyword part needs no vector: it runs while the query is embedded (ONNX Runtime releases the GIL)
    keyword = _keyword_pool.submit(_candidates, store, dict(base), {"turn_vector", "summary_vector"})
    exact = _exact_parts(store, base, filtered=filtered)
    _embedded(store, base, query)
    # the two vector indexes are asked at once (each statement runs on its own server thread)
    skip = {"turn_text", "summary_text"} | exact
    summary_part = (_keyword_pool.submit(_candidates, store, dict(base), skip | {"turn_vector"})
                    if "summary_vector" not in skip else None)
    found, complete, rows = _candidates(store, base, skip | {"summary_vector"})
    reads = [rows]
    if summary_part is not None:
        more, more_complete, more_rows = summary_part.result()
        found["summary_vector"], complete["summary_vector"] = more["summary_vector"], more_complete["summary_vector"]
        reads.append(more_rows)
    params = {k: v for k, v in base.items() if k in _EXACT_PARAMS}
    # the exact scans of summaries and of turns are independent: both run at once (Neo4j runs each on a core)
    summaries_scan = (_keyword_pool.submit(store.read, "search/exact_summaries", limit=depth // 5, **params)
                      if depth // 5 and ("summary_vector" in exact or not complete["summary_vector"]) else None)
    if "turn_vector" in exact or not complete["turn_vector"]:
        found["turn_vector"] = store.read("search/exact_turns", limit=depth, **params)
    if summaries_scan is not None:
        found["summary_vector"] = summaries_scan.result()
    elif "summary_vector" in exact or not complete["summary_vector"]:
        found["summary_vector"] = []
    by_text, _, text_rows = keyword.result()
    found.update(turn_text=by_text["turn_text"], summary_text=by_text["summary_text"])
    return found, _merged(text_rows, *reads)


SCOPE_LIMIT = 1000  # turns of a time range that a filtered search ranks exactly (about 60 µs each here)
# an open end of a range, as a bound the range seek can use (a day inside datetime's limits, so that no
# time-zone conversion on either side can overflow)
_EARLIEST = datetime(1, 1, 2, tzinfo=timezone.utc)
_LATEST = datetime(9999, 12, 30, tzinfo=timezone.utc)


def _embedded(store: Store, base: dict[str, Any], query: str) -> list[float]:
    """The query's vector, embedded once per search: a time-range search embeds it while counting the
    range, the others when their keyword statement has been sent."""
    if base["vector"] is None:
        base["vector"] = get_embedder(store.settings.model_path).embed_one(query)
    vector: list[float] = base["vector"]
    return vector


def _small_range(store: Store, ns: Namespace, filters: Filters) -> bool:
    """Whether the time range holds at most SCOPE_LIMIT turns (counted by an index seek)."""
    n = store.read("search/range_size", ns=ns.name, lo=filters.since or _EARLIEST, hi=filters.until or _LATEST,
                   cap=SCOPE_LIMIT + 1)[0]["n"]
    return bool(n <= SCOPE_LIMIT)


def _scope_candidates(store: Store, base: dict[str, Any], *, query: str,
                      words: list[str]) -> tuple[dict[str, list[dict[str, Any]]], Rows]:
    """The four candidate lists of a scoped search, turns and summaries ranked at once (their rows are
    read afterwards, in one statement)."""
    params = {k: v for k, v in base.items() if k in _EXACT_PARAMS - {"since", "until"}}
    params.update(vector=_embedded(store, base, query), words=scope_words(words),
                  lo=base["since"] or _EARLIEST, hi=base["until"] or _LATEST)
    summaries = (_keyword_pool.submit(store.read, "search/scope_summaries", limit=base["summary_want"], **params)
                 if base["summary_want"] else None)
    turns = store.read("search/scope_turns", limit=base["turn_want"], **params)[0]
    found: dict[str, list[dict[str, Any]]] = {"turn_vector": turns["turn_vector"], "turn_text": turns["turn_text"],
                                              "summary_vector": [], "summary_text": []}
    if summaries is not None:
        row = summaries.result()[0]
        found.update(summary_vector=row["summary_vector"], summary_text=row["summary_text"])
    return found, _NOTHING


_EXACT_PARAMS = {"ns", "vector", "session", "speaker", "since", "until", "all", "archived"}


#: per (store, namespace, part, filtered or not): the share of an index's over-fetch that passed the filters
#: last time, so that a namespace that owns most of an index asks for little more than it wants, and one
#: in a crowded index asks for enough at once instead of widening (each widening is a round trip).
_pass_rate: dict[tuple[int, str, str, bool], float] = {}
_MIN_RATE = 1 / 16
_DEFAULT_RATE = 0.25


_SIZE_TTL = 60.0
_sizes: dict[tuple[int, str], tuple[float, dict[str, Any]]] = {}


def _namespace_size(store: Store, ns: str) -> dict[str, Any]:
    """Turns and summaries of the namespace and of all namespaces, and the namespace's speakers, read at
    most once a minute per process."""
    key = (id(store), ns)
    cached = _sizes.get(key)
    if cached is not None and time.monotonic() - cached[0] < _SIZE_TTL:
        return cached[1]
    row = store.read("search/namespace_size", ns=ns)[0]
    _sizes[key] = (time.monotonic(), row)
    return row


def _exact_parts(store: Store, base: Mapping[str, Any], *, filtered: bool) -> set[str]:
    """The dense parts better served by an exact cosine scan of the namespace than by the shared vector
    index: any kind of which the namespace holds no more items than the over-fetch its pass rate calls for
    (a small tenant beside large ones: the scan is exact and reads fewer nodes than the index would)."""
    exact: set[str] = set()
    n = _namespace_size(store, base["ns"])
    for part, size, total, want in (("turn_vector", n["turns"], n["all_turns"], base["turn_want"]),
                                    ("summary_vector", n["summaries"], n["all_summaries"], base["summary_want"])):
        key = (id(store), base["ns"], part, filtered)
        if key not in _pass_rate and total:  # until measured: the namespace's share of the index
            _pass_rate[key] = max(_MIN_RATE, min(1.0, size / total))
        if size <= _first_fetch(want, _pass_rate.get(key)):
            exact.add(part)
    return exact


def _next_rate(old: float | None, measured: float) -> float:
    """The pass rate remembered for the next search: the geometric mean of the last one and this one, so
    that one query whose nearest neighbours mostly belong to other namespaces does not make the next
    search over-fetch tenfold (a widening round trip still covers a query that comes back short)."""
    measured = max(_MIN_RATE, min(1.0, measured))
    return measured if old is None else math.sqrt(old * measured)


def _first_fetch(want: int, rate: float | None) -> int:
    return min(MAX_FETCH, max(want + 8, math.ceil(want / (rate or _DEFAULT_RATE) * 1.25)))


def _candidates(store: Store, base: dict[str, Any],
                skip: set[str]) -> tuple[dict[str, list[dict[str, Any]]], dict[str, bool], Rows]:
    """Run `search/candidates`, widening (to what the query's own pass rate calls for, at least ×2, up to
    MAX_FETCH) only the parts that came back short: fewer than wanted passed the filters although the
    index had more. `complete` is false for a part that stopped at MAX_FETCH still short (a small
    namespace in a large shared index). The rows are those the statement read of what it found, over all
    its round trips."""
    want = {p: base["turn_want"] if p.startswith("turn") else base["summary_want"] for p in PARTS}
    filtered = any(base[f] is not None for f in ("session", "speaker", "since", "until"))  # = Filters.filtered
    keys = {p: (id(store), base["ns"], p, filtered) for p in PARTS}
    fetch = {p: 0 if p in skip or want[p] == 0 or (p.endswith("text") and base["lucene"] is None)
             else _first_fetch(want[p], _pass_rate.get(keys[p])) for p in PARTS}
    found: dict[str, list[dict[str, Any]]] = {p: [] for p in PARTS}
    complete = {p: True for p in PARTS}
    reads: list[Rows] = []
    while any(fetch.values()):
        row = store.read("search/candidates", **base, **{f"{p}_fetch": fetch[p] for p in PARTS})[0]
        reads.append({"summaries": row["summaries"], "turns": row["turns"]})
        for p in PARTS:
            if not fetch[p]:
                continue
            found[p] = row[p]
            if row[f"{p}_fetched"]:  # measured before the cut to `want`, or the rate would only ever fall
                _pass_rate[keys[p]] = _next_rate(_pass_rate.get(keys[p]), row[f"{p}_passed"] / row[f"{p}_fetched"])
            if len(row[p]) >= want[p] or row[f"{p}_fetched"] < fetch[p]:
                fetch[p] = 0
            elif fetch[p] >= MAX_FETCH:
                fetch[p], complete[p] = 0, False
            else:  # widen at once to what this query's own pass rate calls for (at least ×2)
                rate = max(_MIN_RATE, row[f"{p}_passed"] / row[f"{p}_fetched"])
                fetch[p] = min(max(fetch[p] * 2, _first_fetch(want[p], rate)), MAX_FETCH)
    return found, complete, _merged(*reads)


_TOUCH = {"turn": "search/touch_turns", "summary": "search/touch_summaries"}


TOUCH_DELAY = 0.25  # seconds a flush waits for more touches: forgetting needs no finer clock than that


class _Touches:
    """Ids of hits waiting to be marked as used, per (store, namespace, kind). At most one flush is queued
    at a time; it waits TOUCH_DELAY, then writes everything pending, so many searches share one small
    write instead of each adding a transaction (and a log flush) that competes with searches for the CPU.
    With back-to-back recalls a write per search was a visible part of their p99 on 2 cores."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pending: dict[tuple[int, str, str], tuple[Store, set[str]]] = {}
        self.queued = False
        self.idle = threading.Event()
        self.idle.set()
        self.hurry = threading.Event()

    def add(self, store: Store, ns: Namespace, hits: Sequence[Hit]) -> None:
        store.on_close(self.drain)
        with self.lock:
            for h in hits:
                self.pending.setdefault((id(store), ns.name, h.kind), (store, set()))[1].add(h.id)
            if self.queued:
                return
            self.queued = True
            self.idle.clear()
        _pool.submit(self.flush)

    def flush(self) -> None:
        self.hurry.wait(TOUCH_DELAY)
        with self.lock:
            work, self.pending, self.queued = self.pending, {}, False
        now = utcnow()
        try:
            for (_, ns, kind), (store, ids) in work.items():
                try:
                    store.write_one(_TOUCH[kind], ns=ns, ids=sorted(ids), now=now)
                except Exception as exc:  # best effort: a lost touch only makes forgetting a little less exact
                    log.debug("touch failed: %s", exc)
        finally:
            with self.lock:
                if not self.queued:
                    self.idle.set()

    def drain(self, timeout: float = 10.0) -> None:
        """Write queued touches now and wait for them (a store calls this before it closes its driver)."""
        self.hurry.set()
        try:
            self.idle.wait(timeout)
        finally:
            self.hurry.clear()


_touches = _Touches()


def drain_touches(timeout: float = 10.0) -> None:
    """Write the pending marks of use now and wait for them."""
    _touches.drain(timeout)


def mark_used(store: Store, ns: Namespace, hits: Sequence[Hit]) -> None:
    """Mark hits as used (forgetting prefers what nobody reads), in the background: a search never waits
    on a write."""
    if hits:
        _touches.add(store, ns, hits)
