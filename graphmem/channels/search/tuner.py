"""How much search asks of each shared index: the over-fetch policy. Pure (its state lives in the store).

Neo4j's vector and full-text indexes cannot pre-filter, so search over-fetches them and keeps what passes
its filters. How much to ask for is sized by the share that passed last time (the pass rate), remembered
per namespace, part and filtering by a `Tuner` that the store owns (`store.services.state("search.tuner", Tuner)`):
a namespace that owns most of an index asks for little more than it wants, one in a crowded index asks for
enough at once instead of widening (each widening is a round trip). Process-wide globals keyed by
`id(store)` used to hold these rates; they outlived their store.
"""

from __future__ import annotations

import math

MAX_FETCH = 4096
#: the most items `scan_instead` scans on the namespace's share alone (measured: ~680 turns; exact ranking costs
#: about 60 µs a turn here, so 1,000 is ~60 ms, the search budget)
SCAN_LIMIT = 1000
MIN_RATE = 1 / 16
DEFAULT_RATE = 0.25
MAX_KEYS = 65_536  # rates one store remembers (up to 4 per namespace): the least recently set go first

#: (namespace, part, filtered or not): a part is one of the four candidate lists (search/candidates)
Key = tuple[str, str, bool]


def depth_for(k: int) -> int:
    """How many candidates each index list contributes (summaries: a fifth). Six times k, at least 60.
    Every candidate costs a fetch from its index and a row read; what it buys was measured on LoCoMo beside
    a 1,000,000-turn tenant (batch ingest, k=10, the two halves interleaved per question): R@10 at depth 30,
    60 and 100 was 0.767, 0.778 and 0.782 on conversations 0-4 (looked at) and 0.742, 0.760 and 0.761 on 5-9
    (not looked at), multi-hop 0.440 → 0.458 → 0.475 there. On the 1M tenant itself depth 60 costs search
    p50 29 → 37 ms and p99 40 → 53 ms (45: 33 / 49 ms). (An earlier ranking measured 30-50 flat.)"""
    return min(500, max(6 * k, 60))


def scan_instead(*, size: int, total: int, want: int, fetch: int) -> bool:
    """Whether a kind of which the namespace holds `size` of the index's `total` items is better scanned
    exactly than asked of the shared index: when the scan reads no more than the first fetch would, or
    no more than SCAN_LIMIT while even MAX_FETCH of the index would, at the namespace's share, yield fewer
    than `want` (the search would widen twice, come back short and scan anyway). The second case is a
    small tenant beside a huge one: at depth 30, LoCoMo namespaces of ~680 turns beside 1,006,962 turns
    searched at p50 82 ms, p90 118 ms through the doomed widenings and 33 / 42 ms scanned at once (180
    searches each, interleaved). At depth 60 their first fetch already covers them. The share stands in for
    the pass rate, which for a tenant whose own turns are nearest its queries is pessimistic: hence the cap."""
    return size <= fetch or (size <= SCAN_LIMIT and size * MAX_FETCH < want * total)


def next_rate(old: float | None, measured: float) -> float:
    """The pass rate remembered for the next search: the geometric mean of the last one and this one, so
    that one query whose nearest neighbours mostly belong to other namespaces does not make the next
    search over-fetch tenfold (a widening round trip still covers a query that comes back short)."""
    measured = max(MIN_RATE, min(1.0, measured))
    return measured if old is None else math.sqrt(old * measured)


def first_fetch(want: int, rate: float | None) -> int:
    """What to ask an index for so that about `want` pass at `rate` (with a margin), within MAX_FETCH."""
    return min(MAX_FETCH, max(want + 8, math.ceil(want / (rate or DEFAULT_RATE) * 1.25)))


def widened(fetch: int, want: int, *, passed: int, fetched: int) -> int:
    """The next fetch of a part that came back short: what this query's own pass rate calls for, at least
    twice the last fetch, up to MAX_FETCH."""
    rate = max(MIN_RATE, passed / fetched)
    return min(max(fetch * 2, first_fetch(want, rate)), MAX_FETCH)


class Tuner:
    """The pass rates one store's searches remember, per (namespace, part, filtered). Plain dict updates:
    a lost race between two searches only costs one of them a less exact first fetch."""

    def __init__(self) -> None:
        self.rates: dict[Key, float] = {}

    def fetch(self, key: Key, want: int) -> int:
        """The first fetch of a part, sized by its remembered rate (DEFAULT_RATE until measured)."""
        return first_fetch(want, self.rates.get(key))

    def seed(self, key: Key, *, size: int, total: int) -> None:
        """Until measured, the namespace's share of the index stands in for the rate."""
        if key not in self.rates and total:
            self._set(key, max(MIN_RATE, min(1.0, size / total)))

    def measured(self, key: Key, *, passed: int, fetched: int) -> None:
        """Remember what passed of a fetch, measured before the cut to `want` (or the rate would only fall)."""
        self._set(key, next_rate(self.rates.get(key), passed / fetched))

    def _set(self, key: Key, rate: float) -> None:
        """Bounded: a process serving many namespaces (each replica learns its own rates) forgets the
        oldest; a forgotten rate costs one less exact first fetch."""
        self.rates.pop(key, None)
        self.rates[key] = rate
        if len(self.rates) > MAX_KEYS:
            try:
                del self.rates[next(iter(self.rates))]
            except (StopIteration, RuntimeError, KeyError):  # a concurrent search changed it: next time
                pass
