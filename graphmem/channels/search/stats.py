"""Per-namespace keyword statistics, so that one tenant's data never changes another tenant's ranking.

Neo4j's full-text indexes are shared by every namespace, and Lucene's BM25 takes its IDF and average
document length over the whole index: a large tenant moved a small one's LoCoMo R@10 from 0.766 to 0.727,
and a tenant could learn from its own scores whether a word is common elsewhere (a side channel). Search
therefore uses Lucene only to *find* keyword candidates (required to be in the namespace) and scores them
again here with BM25 over statistics of the namespace alone (`keywords.bm25`): how many of its turns contain each
analysed term (`SearchTerm.df`), how many turns and how long in all (`SearchCorpus`).

The statistics are maintained on write, never by a scan at query time: the turn write path calls
`record_turns` with the indexed texts it committed, and each store's `StatsWriter` adds them up in the
background, coalesced (like `touch`): concurrent writers of one namespace would otherwise all lock the
same corpus node and the same common-term nodes in their own transactions. One flush writes one
namespace's batch in one transaction, terms sorted (a fixed lock order between processes). Live
turn-by-turn ingest and batch import both go through `add_turns`, so both build the same statistics;
`rebuild` counts a namespace's turns from scratch (data written before the statistics existed).
A term is kept as an HMAC of namespace and word under the server secret (`term_keys`): no user word is
stored outside its turn. Changing the secret (`GRAPHMEM_ERASURE_SECRET`) therefore needs a `rebuild`.
Summaries are scored with their namespace's turn statistics (their text is drawn from its turns).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from graphmem.channels.search.keywords import KeywordStats, analyse
from graphmem.store import Coalescer
from graphmem.access.secret import server_secret, term_key
from graphmem.store import Store
from graphmem.types import Namespace

log = logging.getLogger(__name__)

FLUSH_DELAY = 0.25  # seconds a flush waits for more turns to add up
REBUILD_PAGE = 5000


def term_keys(store: Store, ns: str, terms: Sequence[str]) -> list[str]:
    """What the statistics keep of each term: an HMAC under the server secret (`graphmem.access.secret`), so that
    no word of a user's turn (a name, an address) is stored outside the turn itself; the counts stay
    exact, and erasure has nothing more to find."""
    secret = server_secret(store.services.settings)
    return [term_key(secret, ns, t) for t in terms]


def read_stats(store: Store, ns: str, terms: Sequence[str]) -> KeywordStats:
    """The namespace's statistics for these terms (index seeks on SearchCorpus and SearchTerm)."""
    keys = term_keys(store, ns, terms)
    row = store.read("search/term_stats", ns=ns, terms=keys)[0]
    by_key = dict(zip(keys, terms))
    return KeywordStats(int(row["docs"]), int(row["length"]), {by_key[d["term"]]: int(d["df"]) for d in row["dfs"]})


@dataclass
class _Batch:
    docs: int = 0
    length: int = 0
    df: Counter[str] = field(default_factory=Counter)

    def add(self, text: str) -> None:
        tokens = analyse(text)
        self.docs += 1
        self.length += len(tokens)
        self.df.update(set(tokens))

    def rows(self) -> list[dict[str, object]]:
        return [{"term": t, "df": n} for t, n in sorted(self.df.items())]


def _write_batch(store: Store, ns: str, batch: _Batch) -> None:
    rows = batch.rows()
    keys = term_keys(store, ns, [str(r["term"]) for r in rows])
    keyed = sorted(({"term": k, "df": r["df"]} for k, r in zip(keys, rows)), key=lambda r: str(r["term"]))
    store.write_one("search/add_term_stats", ns=ns, docs=batch.docs, length=batch.length, rows=keyed)


class StatsWriter(Coalescer[dict[str, _Batch]]):
    """One store's statistics waiting to be written, per namespace. At most one flush is queued at a time;
    it waits FLUSH_DELAY, then writes everything pending (one transaction per namespace)."""

    delay = FLUSH_DELAY
    pool = "search.stats"

    def __init__(self, store: Store) -> None:
        self.pending: dict[str, _Batch] = {}
        super().__init__(store)

    def add(self, ns: str, texts: Iterable[str]) -> None:
        with self.lock:
            batch = self.pending.setdefault(ns, _Batch())
            for text in texts:
                batch.add(text)
            if self.queued:
                return
            self.schedule()
        self.submit()  # a store closing drops the batch (logged): `rebuild` recovers it

    def take(self) -> dict[str, _Batch]:
        work, self.pending = self.pending, {}
        return work

    def write(self, work: dict[str, _Batch]) -> None:
        for ns, batch in sorted(work.items()):
            try:
                _write_batch(self.store, ns, batch)
            except Exception as exc:  # logged loudly: a lost batch skews that namespace until `rebuild`
                log.warning("keyword statistics of %s not written: %s", ns, exc)


def record_turns(store: Store, ns: Namespace, texts: Sequence[str]) -> None:
    """Add committed turns' indexed texts (`search_text`) to their namespace's statistics, in the background.
    Called by the turn write path after its transaction commits."""
    if texts:
        store.services.state("search.stats", lambda: StatsWriter(store)).add(ns.name, texts)


def drain_stats(timeout: float = 30.0) -> None:
    """Write the pending statistics of every open store now and wait for them (tests, imports, benchmarks)."""
    StatsWriter.drain_all(timeout)


def rebuild(store: Store, ns: Namespace) -> int:
    """Count the namespace's statistics again from its stored turns (turns written before statistics existed,
    or after a lost flush); returns the turns counted. Run while the namespace takes no writes."""
    drain_stats()
    batch, after = _Batch(), ""
    while True:
        page = store.read("search/stats_texts", ns=ns, after=after, limit=REBUILD_PAGE)
        for row in page:
            batch.add(row["text"])
        if len(page) < REBUILD_PAGE:
            break
        after = page[-1]["id"]
    store.write_one("search/drop_term_stats", ns=ns)
    if batch.docs:
        _write_batch(store, ns.name, batch)
    return batch.docs
