"""The `Graphmem-Bookmark` token (graphmem.bookmarks) and the bounds of the process-local search caches
that replicas keep each of their own (README "Running several replicas"). Pure: no database."""

from __future__ import annotations

import pytest

from graphmem import bookmarks
from graphmem.bookmarks import Causal, CarryingPool, InvalidBookmark, carrying, current, decode, encode
from graphmem.channels.search import tuner


def test_the_token_round_trips_and_is_url_safe() -> None:
    values = {"FB:kcwQqXyrpujoRVyji5PfJ89+lcoAAvK6kA==", "FB:other/one"}
    token = encode(values)
    assert decode(token) == values and decode(f" {token} ") == values
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@pytest.mark.parametrize("token", ["%%%", "e30", encode(["a"])[:-1] + "!", "W10" * 2000,
                                   encode([""]), encode(["é"]), encode(["x" * 513]),
                                   encode([f"b{i}" for i in range(17)])])
def test_anything_else_is_refused_naming_the_header(token: str) -> None:
    with pytest.raises(InvalidBookmark) as caught:
        decode(token)
    assert caught.value.status == 400 and caught.value.details["header"] == bookmarks.HEADER


def test_a_later_write_replaces_the_bookmarks_it_was_opened_with() -> None:
    c = Causal({"sent"})
    c.wrote(c.wanted(), ["first"])
    assert c.produced == {"first"} and c.wanted() == {"sent", "first"}
    opened = c.wanted()
    c.wrote(opened, ["second"])
    assert c.produced == {"second"}
    c.wrote(frozenset({"sent"}), ["concurrent"])  # opened before `second` existed: both kept
    assert c.produced == {"second", "concurrent"}


def test_pool_tasks_read_after_the_submitter_and_write_to_their_own_sink() -> None:
    causal = Causal({"b1"})
    with CarryingPool(max_workers=1) as pool, carrying(causal):
        seen = pool.submit(current).result()
        assert seen is not None and seen is not causal and seen.wanted() == {"b1"}
        assert pool.submit(lambda: current()).result() is not causal
    assert current() is None
    with CarryingPool(max_workers=1) as pool:
        assert pool.submit(current).result() is None


def test_the_tuner_forgets_the_oldest_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tuner, "MAX_KEYS", 3)
    t = tuner.Tuner()
    for i in range(5):
        t.measured((f"ns{i}", "turn_vector", False), passed=1, fetched=2)
    assert list(t.rates) == [(f"ns{i}", "turn_vector", False) for i in (2, 3, 4)]
