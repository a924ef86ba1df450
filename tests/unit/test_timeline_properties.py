"""Properties of the bitemporal algebra over random sequences of assertions and retractions.

Each step is checked against a point-wise oracle (what the value must be at every valid day after the
change) and against every earlier snapshot: a read at known_at = T never changes after later writes.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.timeline import Version, overlapping_pairs, plan_assert, plan_retract, step, visible

UTC = timezone.utc
BASE = datetime(2020, 1, 1, tzinfo=UTC)
DAYS = range(-2, 64)


def day(n: int) -> datetime:
    return BASE + timedelta(days=n)


op = st.tuples(
    st.sampled_from(["assert", "assert", "assert", "retract"]),
    st.sampled_from(["a", "b", "c"]),
    st.integers(0, 40),
    st.one_of(st.none(), st.integers(1, 15)),
)


class Lane:
    """Applies plans the way the store does: close = set txn_end, write = add with txn_time = now."""

    def __init__(self, many: bool) -> None:
        self.many = many
        self.believed: list[Version] = []
        self.closed: list[Version] = []
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def apply(self, kind: str, value: str, start: int, length: int | None) -> Any:
        self.now += timedelta(seconds=1)
        vt = None if length is None else day(start + length)
        if kind == "assert":
            plan = plan_assert(self.believed, value=value, valid_from=day(start), valid_to=vt, now=self.now,
                               many=self.many)
        else:
            plan = plan_retract(self.believed, valid_from=day(start), valid_to=vt, now=self.now, many=self.many,
                                value=value if self.many else None, any_value=not self.many)
        self.closed += [replace(v, txn_end=self.now) for v in plan.close]
        self.believed = step(self.believed, plan)
        return plan

    @property
    def history(self) -> list[Version]:
        return self.closed + self.believed


def values_at(versions: list[Version], t: datetime, known_at: datetime) -> frozenset[str]:
    return frozenset(v.value for v in visible(versions, t, known_at))


@settings(max_examples=200, deadline=None)
@given(st.lists(op, max_size=25))
def test_single_valued_matches_the_pointwise_oracle(ops: list[tuple[str, str, int, int | None]]) -> None:
    lane = Lane(many=False)
    snapshots: list[tuple[datetime, dict[int, frozenset[str]]]] = []
    for kind, value, start, length in ops:
        before = {d: values_at(lane.believed, day(d), lane.now) for d in DAYS}
        starts_after = [v.valid_from for v in lane.believed if v.valid_from > day(start)]
        end = day(start + length) if length is not None else (min(starts_after) if starts_after else None)
        plan = lane.apply(kind, value, start, length)
        assert plan.end == end
        for d in DAYS:
            inside = day(start) <= day(d) and (end is None or day(d) < end)
            want = (frozenset({value}) if kind == "assert" else frozenset()) if inside else before[d]
            assert values_at(lane.believed, day(d), lane.now) == want, (d, ops)
        assert overlapping_pairs(lane.believed) == []
        if not plan.changed:
            assert all(values_at(lane.believed, day(d), lane.now) == before[d] for d in DAYS)
        snapshots.append((lane.now, {d: values_at(lane.history, day(d), lane.now) for d in DAYS}))
    for known_at, seen in snapshots:  # reads at an earlier known_at never change
        assert {d: values_at(lane.history, day(d), known_at) for d in DAYS} == seen
    for v in lane.history:
        assert v.valid_to is None or v.valid_from < v.valid_to
        assert v.txn_end is None or v.txn_time < v.txn_end


@settings(max_examples=200, deadline=None)
@given(st.lists(op, max_size=25))
def test_many_valued_values_move_independently(ops: list[tuple[str, str, int, int | None]]) -> None:
    lane = Lane(many=True)
    for kind, value, start, length in ops:
        before = {d: values_at(lane.believed, day(d), lane.now) for d in DAYS}
        mine = [v for v in lane.believed if v.value == value]
        starts_after = [v.valid_from for v in mine if v.valid_from > day(start)]
        end = day(start + length) if length is not None else (min(starts_after) if starts_after else None)
        lane.apply(kind, value, start, length)
        for d in DAYS:
            inside = day(start) <= day(d) and (end is None or day(d) < end)
            others = before[d] - {value}
            want = (others | {value} if kind == "assert" else others) if inside else before[d]
            assert values_at(lane.believed, day(d), lane.now) == want
        for letter in "abc":
            assert overlapping_pairs([v for v in lane.believed if v.value == letter]) == []


@given(st.integers(0, 40), st.integers(1, 20), st.integers(0, 40), st.integers(1, 20))
def test_overlap_is_symmetric(a: int, la: int, b: int, lb: int) -> None:
    x = Version("x", day(a), day(a + la), BASE)
    y = Version("y", day(b), day(b + lb), BASE)
    assert x.overlaps(y.valid_from, y.valid_to) == y.overlaps(x.valid_from, x.valid_to)


@settings(max_examples=200, deadline=None)
@given(st.lists(op, min_size=1, max_size=20))
def test_closing_never_loses_history(ops: list[tuple[str, str, int, int | None]]) -> None:
    """Every version ever written is still there afterwards, unchanged but for its txn_end."""
    lane = Lane(many=False)
    written: list[tuple[Any, ...]] = []
    for kind, value, start, length in ops:
        plan = lane.apply(kind, value, start, length)
        written += [(v.value, v.valid_from, v.valid_to, v.txn_time) for v in plan.write]
    kept = [(v.value, v.valid_from, v.valid_to, v.txn_time) for v in lane.history]
    assert sorted(written, key=repr) == sorted(kept, key=repr)
