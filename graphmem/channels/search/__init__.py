"""Hybrid search over turns and summaries: vector index + full-text index, fused, filtered, lifted.

`search()` checks its input, gathers candidates (`fetch`, the only module that reads: the indexes,
the scope statements, the rows ranking needs), ranks them (`rank`, pure, on the query's words from
`terms`), shapes the hits (`candidates`) and marks them as used in the background (`touch`). How much
each shared index is over-fetched is the store's `Tuner` (`tuner`, `tuner_of(store)`).

Application-view searches never return erased turns or summaries, nor archived ones (forgetting);
the audit view sees both. Keyword scores are BM25 on the namespace's own statistics (`stats`, `keywords`),
so no tenant's data changes another's ranking. Returned hits are marked as used (for least-recently-used forgetting)
in the background, coalesced, so a search never waits on a write.

The ranking function itself is `graphmem.channels.search.rank.rank`: re-exported here, its name would
hide the `rank` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphmem.channels.search.candidates import Candidates
from graphmem.channels.search.fetch import SCOPE_LIMIT, gather, hits, read_rows, tuner_of
from graphmem.channels.search.rank import (
    DEFAULT_WEIGHTS,
    TURN_PARTS,
    Ranked,
    SummaryInfo,
    TurnInfo,
    Weights,
    fuse,
    normalise,
    rounded,
    rrf,
)
from graphmem.channels.search.records import KINDS, Filters, Hit, SearchResult
from graphmem.channels.search.terms import (
    escape_lucene,
    keyword_terms,
    lucene_query,
    named_speakers,
    query_terms,
    scope_words,
)
from graphmem.channels.search.keywords import KeywordStats, analyse, bm25
from graphmem.channels.search.stats import drain_stats, read_stats, rebuild as rebuild_stats, record_turns
from graphmem.channels.search.touch import drain_touches, mark_used
from graphmem.channels.search.tuner import MAX_FETCH, MIN_RATE, Tuner, depth_for, first_fetch, next_rate
from graphmem import limits
from graphmem.errors import InvalidInput, InvalidInterval
from graphmem.store import Store
from graphmem.types import Namespace

__all__ = [
    "DEFAULT_WEIGHTS",
    "KINDS",
    "MAX_FETCH",
    "MIN_RATE",
    "SCOPE_LIMIT",
    "TURN_PARTS",
    "Candidates",
    "Filters",
    "KeywordStats",
    "Hit",
    "Ranked",
    "SearchResult",
    "SummaryInfo",
    "Tuner",
    "TurnInfo",
    "Weights",
    "analyse",
    "bm25",
    "check_query",
    "depth_for",
    "drain_stats",
    "drain_touches",
    "escape_lucene",
    "first_fetch",
    "fuse",
    "gather",
    "hits",
    "keyword_terms",
    "lucene_query",
    "mark_used",
    "named_speakers",
    "next_rate",
    "normalise",
    "query_terms",
    "read_rows",
    "read_stats",
    "rebuild_stats",
    "record_turns",
    "rounded",
    "rrf",
    "scope_words",
    "search",
    "tuner_of",
]

# the names of the over-fetch policy as tests/unit/test_search_fetch.py imports them (private before the
# policy had a module of its own)
_MIN_RATE, _first_fetch, _next_rate = MIN_RATE, first_fetch, next_rate


def check_query(*, query: str, k: int, max_k: int, max_chars: int, since: datetime | None,
                until: datetime | None, kinds: Sequence[str]) -> None:
    """Raise InvalidInput naming the field: empty or too long query, k out of range, since > until."""
    if not isinstance(query, str) or not query.strip():
        raise InvalidInput.field("query", "must not be empty")
    if len(query) > max_chars:
        raise InvalidInput.field("query", f"longer than {max_chars} characters", code="text_too_long")
    limits.check_string(query, "query")
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
    s = store.services.settings
    check_query(query=query, k=k, max_k=s.max_k, max_chars=s.max_text_chars, since=since, until=until, kinds=kinds)
    limits.check_text(session, "session")
    limits.check_text(speaker, "speaker")
    filters = Filters(session, speaker, since, until, all=view != "application", archived=view != "application")
    found = gather(store, ns, query=query, depth=depth_for(k), filters=filters)
    found_hits = hits(store, ns, found, found.top(kinds, k, weights))
    if touch:
        mark_used(store, ns, found_hits)
    return SearchResult(found_hits, found.terms)
