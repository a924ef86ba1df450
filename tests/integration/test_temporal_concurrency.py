"""16 threads each assert 200 values on one attribute of one entity.

Writers on one entity serialise on its lock, so every assertion (valid from its own transaction time)
closes the open version and writes its clipped copy and the new one: with N = 3,200 assertions there must
be exactly N believed versions, N - 1 closed ones, strictly increasing transaction times, no overlap,
and no error may reach a caller (transient ones are retried inside the store).
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from graphmem.channels.exact import read_entity
from graphmem.channels.temporal import assert_fact, history, put_entity
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
THREADS, EACH = 16, 200


def test_sixteen_writers_on_one_attribute(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="HOT", type="counter")

    def writer(t: int) -> list[object]:
        return [assert_fact(store, ns, entity="HOT", attribute="value", value=f"{t}-{i}").txn_time
                for i in range(EACH)]

    started = time.monotonic()
    with ThreadPoolExecutor(THREADS) as pool:
        times = [t for batch in pool.map(writer, range(THREADS)) for t in batch]  # re-raises any caller error
    elapsed = time.monotonic() - started
    n = THREADS * EACH
    assert len(set(times)) == n  # every assertion got its own transaction time (a caller error would re-raise)

    versions = history(store, ns, key="HOT", attribute="value", view="audit").versions
    believed = [v for v in versions if v.txn_end is None]
    closed = [v for v in versions if v.txn_end is not None]
    assert (len(believed), len(closed), len(versions)) == (n, n - 1, 2 * n - 1)
    believed.sort(key=lambda v: v.valid_from)
    for a, b in zip(believed, believed[1:]):
        assert a.valid_to == b.valid_from  # a gap-free, non-overlapping timeline
    assert believed[-1].valid_to is None
    assert sorted(str(v.value) for v in believed) == sorted(f"{t}-{i}" for t in range(THREADS) for i in range(EACH))
    # each assertion's version starts at its own transaction time; the copy of the version before it was
    # written by the next assertion, so in valid-time order the transaction times never go back
    assert sorted(v.valid_from for v in believed) == sorted(times)
    assert all(a.txn_time <= b.txn_time for a, b in zip(believed, believed[1:]))
    assert all(v.txn_time < v.txn_end for v in closed if v.txn_end is not None)
    assert read_entity(store, ns, key="HOT").attributes["value"] == believed[-1].value  # the open version
    print(f"\n{n} concurrent asserts on one attribute in {elapsed:.1f}s ({n / elapsed:.0f}/s)")
