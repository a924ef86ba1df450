"""XTDB's ten interval cases against Neo4j: an old version written at T0, a new one asserted at T1.

Each test checks every stored version's four timestamps (graphmem closes the old version at T1 and
writes back the parts still true, see tests/unit/test_timeline.py), then reads the entity through the
exact channel on a grid of (valid_at, known_at) points and compares with XTDB's expected rectangles.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from graphmem.channels.exact import read_entity
from graphmem.channels.temporal import assert_fact, history, put_entity
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
UTC = timezone.utc
MAX = None
GRID = (2004, 2005, 2007, 2009, 2010, 2012, 2015, 2017, 2020, 2022, 2025, 2026)  # every boundary, between, outside
XRect = tuple[int, int, int, int, "int | None"]  # (1 new / 0 old, valid_from, valid_to, sys_from, sys_to)


def Y(year: int) -> datetime:
    return datetime(year, 1, 1, tzinfo=UTC)


def run_case(store: Store, ns: Namespace, old: tuple[int, int], new: tuple[int, int],
             xtdb: list[XRect]) -> tuple[list[tuple[object, ...]], datetime, datetime]:
    put_entity(store, ns, key="E", type="thing")
    t0 = assert_fact(store, ns, entity="E", attribute="v", value="old", valid_from=Y(old[0]), valid_to=Y(old[1])).txn_time
    t1 = assert_fact(store, ns, entity="E", attribute="v", value="new", valid_from=Y(new[0]), valid_to=Y(new[1])).txn_time
    assert t0 < t1
    versions = history(store, ns, key="E", attribute="v", view="audit").versions
    rects = sorted(((v.value, v.valid_from.year, v.valid_to.year if v.valid_to else None, v.txn_time, v.txn_end)
                    for v in versions), key=lambda r: (r[0], r[1], r[3]))  # type: ignore[arg-type, index]
    sys = {0: t0, 1: t1}
    for known_at in (t0, t0 + (t1 - t0) / 2, t1, None):
        k = known_at or t1
        for year in GRID:
            want = [("new" if i else "old") for i, vf, vt, sf, st in xtdb
                    if vf <= year < vt and sys[sf] <= k and (st is None or k < sys[st])]
            got = read_entity(store, ns, key="E", valid_at=Y(year), known_at=known_at).attributes.get("v")
            assert got == (want[0] if want else None), (year, known_at)
    return rects, t0, t1


def test_before_not_touching(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2010, 2020), (2005, 2009), [(1, 2005, 2009, 1, MAX), (0, 2010, 2020, 0, MAX)])
    assert rects == [("new", 2005, 2009, t1, MAX), ("old", 2010, 2020, t0, MAX)]


def test_overlapping_start(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2015, 2025), (2010, 2020),
                             [(1, 2010, 2020, 1, MAX), (0, 2015, 2020, 0, 1), (0, 2020, 2025, 0, MAX)])
    assert rects == [("new", 2010, 2020, t1, MAX), ("old", 2015, 2025, t0, t1), ("old", 2020, 2025, t1, MAX)]


def test_equal_start(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2010, 2025), (2010, 2020),
                             [(1, 2010, 2020, 1, MAX), (0, 2010, 2020, 0, 1), (0, 2020, 2025, 0, MAX)])
    assert rects == [("new", 2010, 2020, t1, MAX), ("old", 2010, 2025, t0, t1), ("old", 2020, 2025, t1, MAX)]


def test_newer_fully_covered_by_older(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2010, 2025), (2015, 2020),
                             [(1, 2015, 2020, 1, MAX), (0, 2010, 2015, 0, MAX), (0, 2015, 2020, 0, 1),
                              (0, 2020, 2025, 0, MAX)])
    assert rects == [("new", 2015, 2020, t1, MAX), ("old", 2010, 2025, t0, t1), ("old", 2010, 2015, t1, MAX),
                     ("old", 2020, 2025, t1, MAX)]


def test_older_fully_covered_by_newer(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2010, 2020), (2010, 2025), [(1, 2010, 2025, 1, MAX), (0, 2010, 2020, 0, 1)])
    assert rects == [("new", 2010, 2025, t1, MAX), ("old", 2010, 2020, t0, t1)]


def test_equal_end(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2010, 2025), (2015, 2025),
                             [(1, 2015, 2025, 1, MAX), (0, 2010, 2015, 0, MAX), (0, 2015, 2025, 0, 1)])
    assert rects == [("new", 2015, 2025, t1, MAX), ("old", 2010, 2025, t0, t1), ("old", 2010, 2015, t1, MAX)]


def test_ending_after(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2010, 2020), (2015, 2025),
                             [(1, 2015, 2025, 1, MAX), (0, 2010, 2015, 0, MAX), (0, 2015, 2020, 0, 1)])
    assert rects == [("new", 2015, 2025, t1, MAX), ("old", 2010, 2020, t0, t1), ("old", 2010, 2015, t1, MAX)]


def test_touching_before(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2010, 2020), (2005, 2010), [(1, 2005, 2010, 1, MAX), (0, 2010, 2020, 0, MAX)])
    assert rects == [("new", 2005, 2010, t1, MAX), ("old", 2010, 2020, t0, MAX)]


def test_touching_after(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2005, 2010), (2010, 2020), [(1, 2010, 2020, 1, MAX), (0, 2005, 2010, 0, MAX)])
    assert rects == [("new", 2010, 2020, t1, MAX), ("old", 2005, 2010, t0, MAX)]


def test_after_not_touching(store: Store, ns: Namespace) -> None:
    rects, t0, t1 = run_case(store, ns, (2005, 2009), (2010, 2020), [(1, 2010, 2020, 1, MAX), (0, 2005, 2009, 0, MAX)])
    assert rects == [("new", 2010, 2020, t1, MAX), ("old", 2005, 2009, t0, MAX)]
