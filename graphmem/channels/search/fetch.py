"""Gathering a query's candidates from the indexes and the scope statements: all of search's reads.

Each candidates statement also reads the rows ranking needs of what it found (text, neighbours,
mentions, the turns its summaries cover), so that a search costs about one round trip per index: the
full-text statement runs while the query embeds, the two vector statements then run side by side.
Neo4j's vector index cannot pre-filter, so it is over-fetched (sized by the store's `Tuner`) and widened
until enough turns of this namespace pass the filters; a small namespace in a large shared index is
scanned by exact cosine instead. A search scoped to one session, or to a time range that holds few
turns, ranks the whole scope exactly (dense and keyword) after one index seek. The keyword query
requires the namespace inside Lucene and escapes every special character of the user's text
(`terms`); the same statement reads the namespace's own keyword statistics for the query's terms, on
which the keyword candidates are scored again (`stats`, `keywords`: Lucene's BM25 is index-wide). Shaping the rows and ranking them are pure (`candidates`, `rank`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from typing import Any

from graphmem.channels.search.candidates import (
    COVERED_FROM,
    NOTHING,
    PARTS,
    Candidates,
    Found,
    Rows,
    assemble,
    merged,
    still_to_read,
)
from graphmem.channels.search.rank import Ranked
from graphmem.channels.search.records import Filters, Hit
from graphmem.channels.search.keywords import KeywordStats, query_stems
from graphmem.channels.search.stats import term_keys
from graphmem.channels.search.terms import keyword_terms, lucene_query, query_terms, scope_words
from graphmem.channels.search.tuner import MAX_FETCH, Tuner, scan_instead, widened
from graphmem.embedding import get_embedder
from graphmem.store import Store
from graphmem.types import Namespace

SEARCH_WORKERS = 4  # statements one search runs side by side (keyword while embedding, two vector indexes)
SCOPE_LIMIT = 1000  # turns of a time range that a filtered search ranks exactly (about 60 µs each here)
#: how many summaries of each summary list a statement lifts (reads the covered turns of): 8 of the 12 at
#: the default depth (the whole list when it was 30). The best summaries overall (COVERED_FROM, by both
#: scores) nearly always lead one of the lists; the turns of any other cost one more read, on the critical
#: path. On the 100,000-turn bench namespace lifting 3 of each list made that read needed in 60 of 60
#: searches, 5 in 15 of 60. At depth 60 on the 1,000,000-turn one, lifting 12 instead of 8 changed neither
#: the reads (179 against 181 in 240 searches) nor p50 (45.5 against 44.0 ms).
LIFT_COVER = COVERED_FROM + 3
_SIZE_TTL = 60.0
_SIZE_ENTRIES = 10_000  # namespaces whose sizes one store remembers (README "Running several replicas")
# an open end of a range, as a bound the range seek can use (a day inside datetime's limits, so that no
# time-zone conversion on either side can overflow)
_EARLIEST = datetime(1, 1, 2, tzinfo=timezone.utc)
_LATEST = datetime(9999, 12, 30, tzinfo=timezone.utc)
_NO_IDS: dict[str, list[str]] = {"summary_ids": [], "turn_ids": [], "best": []}
_EXACT_PARAMS = {"ns", "vector", "session", "speaker", "since", "until", "all", "archived"}


def tuner_of(store: Store) -> Tuner:
    """The over-fetch pass rates this store's searches remember."""
    return store.services.state("search.tuner", Tuner)


def gather(store: Store, ns: Namespace, *, query: str, depth: int, filters: Filters) -> Candidates:
    """Dense and keyword candidates over turns and summaries, with the turns' neighbours and the turns
    the summaries cover, all filtered. Each `search/candidates` statement reads the rows of what it found
    (and the turns its best summaries cover): the keyword statement runs while the query embeds, the two
    vector statements after it, side by side. A last read (`search/read_rows`) follows only for rows none
    of them read (the turns covered by a summary that ranks among the best only on both scores together,
    candidates found by an exact scan, and every candidate of a scoped search). More round trips only
    when a part must widen.

    A search scoped to one session, or to a time range that holds at most SCOPE_LIMIT of the namespace's
    turns, ranks that scope exactly instead (`search/scope_turns`, `search/scope_summaries`): the shared
    indexes cannot filter, and widening them until enough of a sliver passes took hundreds of ms."""
    terms = query_terms(query)
    words = keyword_terms(terms, _namespace_size(store, ns.name)["speakers"])
    base = {"ns": ns.name, **filters.params(), "vector": None, "lucene": lucene_query(words, ns.name),
            "turn_want": depth, "summary_want": depth // 5, **_NO_IDS, "cover": LIFT_COVER}
    base["stems"] = query_stems(words)  # the keyword statement also reads their statistics in the namespace
    base["stem_keys"] = term_keys(store, ns.name, base["stems"])  # as the statistics keep them: HMACs
    if filters.session is None and (filters.since is not None or filters.until is not None):
        # a time range: its turns are counted while the query embeds (the count decides the path)
        counted = _pool(store).submit(_small_range, store, ns, filters)
        _embedded(store, base, query)
        scoped = counted.result()
    else:
        scoped = filters.session is not None
    stats: KeywordStats | None = None  # a scoped search ranks keywords within its scope (IDF of the scope)
    if scoped:
        found, first = _scope_candidates(store, base, query=query, words=words)
    else:
        found, first, stats = _index_candidates(store, base, query=query, depth=depth, filtered=filters.filtered)
    summary_ids, turn_ids, best = still_to_read(found, first)
    read = read_rows(store, ns, summary_ids=summary_ids, turn_ids=turn_ids, best=best, filters=filters) \
        if summary_ids or turn_ids else NOTHING
    return assemble(query=query, terms=terms, found=found, first=first, read=read, filters=filters,
                    stats=stats, stems=base["stems"])


def hits(store: Store, ns: Namespace, found: Candidates, ranked: Sequence[Ranked]) -> list[Hit]:
    """The ranked candidates as hits. Candidate turns come with their text and mentions; a neighbour
    lifted into the top k without being a candidate has them read here."""
    missing = found.missing_texts(ranked)
    late = {row["id"]: row for row in store.read("search/read_texts", ns=ns, ids=missing)} \
        if missing else {}
    return found.hits(ranked, late)


def read_rows(store: Store, ns: Namespace, *, summary_ids: Sequence[str] = (), turn_ids: Sequence[str] = (),
              best: Sequence[str] = (), filters: Filters | None = None) -> Rows:
    """The rows search ranks on, for given ids: summaries with the turns they cover, turns with their text,
    neighbours and mentions, plus the turns covered by the summaries in `best` (the row shape of
    `search/candidates`), each turn row saying whether it passes `filters` (default: the application view,
    no other filter)."""
    filters = filters or Filters(None, None, None, None, all=False, archived=False)
    row = store.read("search/read_rows", ns=ns, summary_ids=list(summary_ids), turn_ids=list(turn_ids),
                     best=list(best), **filters.params())[0]
    return {"summaries": row["summaries"], "turns": row["turns"]}


def _pool(store: Store) -> ThreadPoolExecutor:
    """The store's threads for the statements one search runs side by side."""
    return store.services.executor("search", SEARCH_WORKERS)


def _index_candidates(store: Store, base: dict[str, Any], *, query: str, depth: int,
                      filtered: bool) -> tuple[Found, Rows, KeywordStats | None]:
    """The four candidate lists from the shared indexes (or exact scans of a small namespace), the rows
    their statements read, and the namespace's keyword statistics the keyword statement read."""
    pool = _pool(store)
    # the keyword part needs no vector: it runs while the query is embedded (ONNX Runtime releases the GIL)
    keyword = pool.submit(_candidates, store, dict(base), {"turn_vector", "summary_vector"})
    exact = _exact_parts(store, base, filtered=filtered)
    _embedded(store, base, query)
    # the two vector indexes are asked at once (each statement runs on its own server thread)
    skip = {"turn_text", "summary_text"} | exact
    summary_part = (pool.submit(_candidates, store, dict(base), skip | {"turn_vector"})
                    if "summary_vector" not in skip else None)
    found, complete, rows, _ = _candidates(store, base, skip | {"summary_vector"})
    reads = [rows]
    if summary_part is not None:
        more, more_complete, more_rows, _ = summary_part.result()
        found["summary_vector"], complete["summary_vector"] = more["summary_vector"], more_complete["summary_vector"]
        reads.append(more_rows)
    params = {k: v for k, v in base.items() if k in _EXACT_PARAMS}
    # the exact scans of summaries and of turns are independent: both run at once (Neo4j runs each on a core)
    summaries_scan = (pool.submit(store.read, "search/exact_summaries", limit=depth // 5, **params)
                      if depth // 5 and ("summary_vector" in exact or not complete["summary_vector"]) else None)
    if "turn_vector" in exact or not complete["turn_vector"]:
        found["turn_vector"] = store.read("search/exact_turns", limit=depth, **params)
    if summaries_scan is not None:
        found["summary_vector"] = summaries_scan.result()
    elif "summary_vector" in exact or not complete["summary_vector"]:
        found["summary_vector"] = []
    by_text, _, text_rows, stats = keyword.result()
    found.update(turn_text=by_text["turn_text"], summary_text=by_text["summary_text"])
    return found, merged(text_rows, *reads), stats


def _embedded(store: Store, base: dict[str, Any], query: str) -> list[float]:
    """The query's vector, embedded once per search: a time-range search embeds it while counting the
    range, the others when their keyword statement has been sent."""
    if base["vector"] is None:
        base["vector"] = get_embedder(store.services.settings).embed_query(query)
    vector: list[float] = base["vector"]
    return vector


def _small_range(store: Store, ns: Namespace, filters: Filters) -> bool:
    """Whether the time range holds at most SCOPE_LIMIT turns (counted by an index seek)."""
    n = store.read("search/range_size", ns=ns, lo=filters.since or _EARLIEST, hi=filters.until or _LATEST,
                   cap=SCOPE_LIMIT + 1)[0]["n"]
    return bool(n <= SCOPE_LIMIT)


def _scope_candidates(store: Store, base: dict[str, Any], *, query: str, words: list[str]) -> tuple[Found, Rows]:
    """The four candidate lists of a scoped search, turns and summaries ranked at once (their rows are
    read afterwards, in one statement)."""
    params = {k: v for k, v in base.items() if k in _EXACT_PARAMS - {"since", "until"}}
    params.update(vector=_embedded(store, base, query), words=scope_words(words),
                  lo=base["since"] or _EARLIEST, hi=base["until"] or _LATEST)
    summaries = (_pool(store).submit(store.read, "search/scope_summaries", limit=base["summary_want"], **params)
                 if base["summary_want"] else None)
    turns = store.read("search/scope_turns", limit=base["turn_want"], **params)[0]
    found: Found = {"turn_vector": turns["turn_vector"], "turn_text": turns["turn_text"],
                    "summary_vector": [], "summary_text": []}
    if summaries is not None:
        row = summaries.result()[0]
        found.update(summary_vector=row["summary_vector"], summary_text=row["summary_text"])
    return found, NOTHING


def _namespace_size(store: Store, ns: str) -> dict[str, Any]:
    """Turns and summaries of the namespace and of all namespaces, and the namespace's speakers, read at
    most once a minute per store."""
    sizes: dict[str, tuple[float, dict[str, Any]]] = store.services.state("search.namespace_sizes", dict)
    cached = sizes.get(ns)
    if cached is not None and time.monotonic() - cached[0] < _SIZE_TTL:
        return cached[1]
    row = store.read("search/namespace_size", ns=ns)[0]
    sizes.pop(ns, None)
    sizes[ns] = (time.monotonic(), row)
    if len(sizes) > _SIZE_ENTRIES:
        try:  # the oldest read first
            del sizes[next(iter(sizes))]
        except (StopIteration, RuntimeError, KeyError):  # a concurrent search changed it: next time
            pass
    return row


def _exact_parts(store: Store, base: Mapping[str, Any], *, filtered: bool) -> set[str]:
    """The dense parts better served by an exact cosine scan of the namespace than by the shared vector
    index (`tuner.scan_instead`): any kind of which the namespace holds no more items than the over-fetch
    its pass rate calls for, or too small a share of the index for even MAX_FETCH to yield enough (a small
    tenant beside large ones: the scan is exact and reads fewer nodes than the index would)."""
    exact: set[str] = set()
    rates = tuner_of(store)
    n = _namespace_size(store, base["ns"])
    for part, size, total, want in (("turn_vector", n["turns"], n["all_turns"], base["turn_want"]),
                                    ("summary_vector", n["summaries"], n["all_summaries"], base["summary_want"])):
        key = (base["ns"], part, filtered)
        rates.seed(key, size=size, total=total)  # until measured: the namespace's share of the index
        if scan_instead(size=size, total=total, want=want, fetch=rates.fetch(key, want)):
            exact.add(part)
    return exact


def _candidates(store: Store, base: dict[str, Any],
                skip: set[str]) -> tuple[Found, dict[str, bool], Rows, KeywordStats | None]:
    """Run `search/candidates`, widening (to what the query's own pass rate calls for, at least ×2, up to
    MAX_FETCH) only the parts that came back short: fewer than wanted passed the filters although the
    index had more. `complete` is false for a part that stopped at MAX_FETCH still short (a small
    namespace in a large shared index). The rows are those the statement read of what it found, over all
    its round trips. The keyword statistics are those a run with a keyword part read (None without one)."""
    rates = tuner_of(store)
    want = {p: base["turn_want"] if p.startswith("turn") else base["summary_want"] for p in PARTS}
    filtered = any(base[f] is not None for f in ("session", "speaker", "since", "until"))  # = Filters.filtered
    keys = {p: (base["ns"], p, filtered) for p in PARTS}
    fetch = {p: 0 if p in skip or want[p] == 0 or (p.endswith("text") and base["lucene"] is None)
             else rates.fetch(keys[p], want[p]) for p in PARTS}
    found: Found = {p: [] for p in PARTS}
    complete = {p: True for p in PARTS}
    reads: list[Rows] = []
    stats: KeywordStats | None = None
    while any(fetch.values()):
        row = store.read("search/candidates", **base, **{f"{p}_fetch": fetch[p] for p in PARTS})[0]
        reads.append({"summaries": row["summaries"], "turns": row["turns"]})
        if fetch["turn_text"] or fetch["summary_text"]:
            stems = dict(zip(base["stem_keys"], base["stems"]))
            stats = KeywordStats(int(row["stat_docs"]), int(row["stat_length"]),
                                 {stems[d["term"]]: int(d["df"]) for d in row["stat_dfs"]})
        for p in PARTS:
            if not fetch[p]:
                continue
            found[p] = row[p]
            passed, fetched = row[f"{p}_passed"], row[f"{p}_fetched"]
            if fetched:  # measured before the cut to `want`, or the rate would only ever fall
                rates.measured(keys[p], passed=passed, fetched=fetched)
            if len(row[p]) >= want[p] or fetched < fetch[p]:
                fetch[p] = 0
            elif fetch[p] >= MAX_FETCH:
                fetch[p], complete[p] = 0, False
            else:
                fetch[p] = widened(fetch[p], want[p], passed=passed, fetched=fetched)
    return found, complete, merged(*reads), stats
