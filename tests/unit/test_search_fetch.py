"""How search sizes its over-fetch from the pass rate it remembers (pure: no database)."""

from __future__ import annotations

import pytest

from graphmem.channels.search import _MIN_RATE, MAX_FETCH, _first_fetch, _next_rate, depth_for
from graphmem.channels.search.tuner import SCAN_LIMIT, scan_instead


def test_first_rate_is_the_measured_one_clamped() -> None:
    assert _next_rate(None, 0.5) == 0.5
    assert _next_rate(None, 0.0) == _MIN_RATE
    assert _next_rate(None, 3.0) == 1.0


def test_one_crowded_query_moves_the_rate_halfway_in_log_space() -> None:
    assert _next_rate(1.0, _MIN_RATE) == pytest.approx(0.25)
    rate = 1.0
    for _ in range(12):  # a namespace whose candidates really are crowded out converges to it
        rate = _next_rate(rate, _MIN_RATE)
    assert rate == pytest.approx(_MIN_RATE, rel=1e-3)


def test_a_namespace_owning_its_index_asks_for_little_more_than_it_wants() -> None:
    want = depth_for(10)
    assert want == 60
    assert _first_fetch(want, 1.0) == 75  # a quarter more (at least 8 more)
    assert _first_fetch(30, 1.0) == 30 + 8
    assert _first_fetch(want, _MIN_RATE) == 1200
    assert _first_fetch(500, _MIN_RATE) == MAX_FETCH


def test_depth_grows_with_k_and_is_bounded() -> None:
    assert depth_for(1) == 60 and depth_for(10) == 60 and depth_for(20) == 120 and depth_for(1000) == 500


def test_a_small_tenant_beside_a_huge_one_is_scanned_at_once() -> None:
    """The index cannot deliver what a 0.07 % share wants even at MAX_FETCH: no doomed widening first."""
    assert scan_instead(size=700, total=1_000_000, want=30, fetch=600)
    assert scan_instead(size=35, total=600_000, want=30, fetch=38)  # the scan reads less than the fetch
    assert not scan_instead(size=3_000, total=10_000, want=60, fetch=250)  # 30 %: the index delivers
    # too large to scan on the share alone: the index (widened, then the scan if it still comes back short)
    assert not scan_instead(size=SCAN_LIMIT + 1, total=10_000_000, want=60, fetch=SCAN_LIMIT)
    assert scan_instead(size=SCAN_LIMIT, total=10_000_000, want=60, fetch=SCAN_LIMIT - 1)
