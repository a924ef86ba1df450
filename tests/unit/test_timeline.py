"""The bitemporal algebra, case by case: XTDB's ten interval cases, then graphmem's own rules.

XTDB (`xtdb/bitemporal_test.clj`, "test-correct-rectangle-cutting") states each case as the rectangles
an event resolver emits. graphmem stores the same bitemporal area differently: the old version is not
re-cut in the past, it is *closed* (txn_end = T1) and the parts still true are written again from T1.
Each test therefore checks (1) every version's four timestamps in graphmem's representation and
(2) that on a grid of (valid, transaction) points both representations answer the same value.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.errors import InvalidInput, InvalidInterval
from graphmem.timeline import (
    Version,
    check_scalar,
    net,
    overlapping_pairs,
    plan_assert,
    plan_retract,
    same_value,
    step,
    visible,
)

UTC = timezone.utc
T0 = datetime(2026, 1, 1, tzinfo=UTC)  # XTDB system time 0
T1 = datetime(2026, 1, 2, tzinfo=UTC)  # XTDB system time 1
MAX = None  # Long/MAX_VALUE: still current


def Y(year: int) -> datetime:
    return datetime(year, 1, 1, tzinfo=UTC)


Rect = tuple[str, int, int | None, datetime, datetime | None]


def run_case(old: tuple[int, int], new: tuple[int, int]) -> list[Rect]:
    """Old version written at T0, new one asserted at T1; every version of the attribute afterwards."""
    first = Version("old", Y(old[0]), Y(old[1]), T0)
    plan = plan_assert([first], value="new", valid_from=Y(new[0]), valid_to=Y(new[1]), now=T1)
    versions = [Version(v.value, v.valid_from, v.valid_to, v.txn_time, T1) if v in plan.close else v
                for v in [first]] + list(plan.write)
    return sorted(((v.value, v.valid_from.year, v.valid_to.year if v.valid_to else None, v.txn_time, v.txn_end)
                   for v in versions), key=lambda r: (r[0], r[1], r[3]))


def xtdb_value(rects: list[tuple[int, int, int, int, int | None]], valid: datetime, txn: datetime) -> str | None:
    """What XTDB's rectangles (idx, valid_from, valid_to, sys_from 0|1, sys_to 1|MAX) say at a point."""
    sys_time = {0: T0, 1: T1}
    for idx, vf, vt, sf, st in rects:
        if Y(vf) <= valid < Y(vt) and sys_time[sf] <= txn and (st is None or txn < sys_time[st]):
            return "new" if idx == 1 else "old"
    return None


def ours_value(rects: list[Rect], valid: datetime, txn: datetime) -> str | None:
    hits = [value for value, vf, vt, tt, te in rects
            if Y(vf) <= valid and (vt is None or valid < Y(vt)) and tt <= txn and (te is None or txn < te)]
    assert len(hits) <= 1, f"overlap at {valid} / {txn}: {hits}"
    return hits[0] if hits else None


def assert_same_area(ours: list[Rect], xtdb: list[tuple[int, int, int, int, int | None]]) -> None:
    for month in range(0, 12 * 23, 3):
        valid = Y(2004) + timedelta(days=30.4 * month)
        for txn in (T0, T0 + timedelta(hours=1), T1, T1 + timedelta(days=365)):
            assert ours_value(ours, valid, txn) == xtdb_value(xtdb, valid, txn), (valid, txn)


def test_before_not_touching() -> None:
    ours = run_case(old=(2010, 2020), new=(2005, 2009))
    assert ours == [("new", 2005, 2009, T1, MAX), ("old", 2010, 2020, T0, MAX)]
    assert_same_area(ours, [(1, 2005, 2009, 1, MAX), (0, 2010, 2020, 0, MAX)])


def test_overlapping_start() -> None:
    ours = run_case(old=(2015, 2025), new=(2010, 2020))
    assert ours == [("new", 2010, 2020, T1, MAX), ("old", 2015, 2025, T0, T1), ("old", 2020, 2025, T1, MAX)]
    assert_same_area(ours, [(1, 2010, 2020, 1, MAX), (0, 2015, 2020, 0, 1), (0, 2020, 2025, 0, MAX)])


def test_equal_start() -> None:
    ours = run_case(old=(2010, 2025), new=(2010, 2020))
    assert ours == [("new", 2010, 2020, T1, MAX), ("old", 2010, 2025, T0, T1), ("old", 2020, 2025, T1, MAX)]
    assert_same_area(ours, [(1, 2010, 2020, 1, MAX), (0, 2010, 2020, 0, 1), (0, 2020, 2025, 0, MAX)])


def test_newer_fully_covered_by_older() -> None:
    ours = run_case(old=(2010, 2025), new=(2015, 2020))
    assert ours == [("new", 2015, 2020, T1, MAX), ("old", 2010, 2025, T0, T1), ("old", 2010, 2015, T1, MAX),
                    ("old", 2020, 2025, T1, MAX)]
    assert_same_area(ours, [(1, 2015, 2020, 1, MAX), (0, 2010, 2015, 0, MAX), (0, 2015, 2020, 0, 1),
                            (0, 2020, 2025, 0, MAX)])


def test_older_fully_covered_by_newer() -> None:
    ours = run_case(old=(2010, 2020), new=(2010, 2025))
    assert ours == [("new", 2010, 2025, T1, MAX), ("old", 2010, 2020, T0, T1)]
    assert_same_area(ours, [(1, 2010, 2025, 1, MAX), (0, 2010, 2020, 0, 1)])


def test_equal_end() -> None:
    ours = run_case(old=(2010, 2025), new=(2015, 2025))
    assert ours == [("new", 2015, 2025, T1, MAX), ("old", 2010, 2025, T0, T1), ("old", 2010, 2015, T1, MAX)]
    assert_same_area(ours, [(1, 2015, 2025, 1, MAX), (0, 2010, 2015, 0, MAX), (0, 2015, 2025, 0, 1)])


def test_ending_after() -> None:
    ours = run_case(old=(2010, 2020), new=(2015, 2025))
    assert ours == [("new", 2015, 2025, T1, MAX), ("old", 2010, 2020, T0, T1), ("old", 2010, 2015, T1, MAX)]
    assert_same_area(ours, [(1, 2015, 2025, 1, MAX), (0, 2010, 2015, 0, MAX), (0, 2015, 2020, 0, 1)])


def test_touching_before() -> None:
    ours = run_case(old=(2010, 2020), new=(2005, 2010))
    assert ours == [("new", 2005, 2010, T1, MAX), ("old", 2010, 2020, T0, MAX)]
    assert_same_area(ours, [(1, 2005, 2010, 1, MAX), (0, 2010, 2020, 0, MAX)])


def test_touching_after() -> None:
    ours = run_case(old=(2005, 2010), new=(2010, 2020))
    assert ours == [("new", 2010, 2020, T1, MAX), ("old", 2005, 2010, T0, MAX)]
    assert_same_area(ours, [(1, 2010, 2020, 1, MAX), (0, 2005, 2010, 0, MAX)])


def test_after_not_touching() -> None:
    ours = run_case(old=(2005, 2009), new=(2010, 2020))
    assert ours == [("new", 2010, 2020, T1, MAX), ("old", 2005, 2009, T0, MAX)]
    assert_same_area(ours, [(1, 2010, 2020, 1, MAX), (0, 2005, 2009, 0, MAX)])


# --- graphmem's own rules ----------------------------------------------------------------------------
def test_open_assert_closes_the_open_version_and_keeps_its_past() -> None:
    shanghai = Version("Shanghai", Y(2020), None, T0)
    plan = plan_assert([shanghai], value="Beijing", valid_from=Y(2024), now=T1)
    assert plan.close == (shanghai,)
    assert [(v.value, v.valid_from, v.valid_to, v.txn_time) for v in plan.write] == [
        ("Shanghai", Y(2020), Y(2024), T1), ("Beijing", Y(2024), None, T1)]
    assert plan.current is not None and plan.current.value == "Beijing"


def test_late_fact_never_wipes_a_later_one() -> None:
    """A fact about 2022 learned after one about 2024: it holds until 2024, not forever."""
    a = Version("A", Y(2020), Y(2024), T0)
    c = Version("C", Y(2024), None, T0)
    plan = plan_assert([a, c], value="B", valid_from=Y(2022), now=T1)
    assert plan.end == Y(2024)
    assert plan.close == (a,)
    after = step([a, c], plan)
    assert sorted((v.value, v.valid_from.year, v.valid_to and v.valid_to.year) for v in after) == [
        ("A", 2020, 2022), ("B", 2022, 2024), ("C", 2024, None)]


def test_assert_before_everything_stops_at_the_first_version() -> None:
    later = Version("X", Y(2020), None, T0)
    plan = plan_assert([later], value="Y", valid_from=Y(2010), now=T1)
    assert plan.close == () and len(plan.write) == 1
    assert (plan.write[0].valid_from, plan.write[0].valid_to) == (Y(2010), Y(2020))


def test_explicit_interval_replaces_everything_inside_it() -> None:
    believed = [Version("A", Y(2010), Y(2012), T0), Version("B", Y(2012), Y(2014), T0),
                Version("C", Y(2014), None, T0)]
    plan = plan_assert(believed, value="Z", valid_from=Y(2011), valid_to=Y(2015), now=T1)
    assert set(map(id, plan.close)) == set(map(id, believed))
    after = step(believed, plan)
    assert sorted((v.value, v.valid_from.year, v.valid_to and v.valid_to.year) for v in after) == [
        ("A", 2010, 2011), ("C", 2015, None), ("Z", 2011, 2015)]
    assert overlapping_pairs(after) == []


def test_reasserting_the_believed_value_writes_nothing() -> None:
    v = Version("Beijing", Y(2024), None, T0)
    plan = plan_assert([v], value="Beijing", valid_from=Y(2024), now=T1)
    assert not plan.changed and plan.current is v
    inside = plan_assert([v], value="Beijing", valid_from=Y(2025), now=T1)  # already true from 2025 on
    assert not inside.changed and inside.current is v


def test_same_value_with_different_interval_is_a_change() -> None:
    v = Version("Beijing", Y(2024), Y(2025), T0)
    plan = plan_assert([v], value="Beijing", valid_from=Y(2024), valid_to=Y(2026), now=T1)
    assert plan.changed and plan.close == (v,)


def test_retract_cuts_until_the_next_version() -> None:
    a = Version("A", Y(2020), Y(2024), T0)
    b = Version("B", Y(2024), None, T0)
    plan = plan_retract([a, b], valid_from=Y(2022), now=T1)
    assert plan.close == (a,) and plan.end == Y(2024)
    assert [(v.value, v.valid_from, v.valid_to) for v in plan.write] == [("A", Y(2020), Y(2022))]
    assert plan.current is None


def test_retract_of_nothing_changes_nothing() -> None:
    assert not plan_retract([], valid_from=Y(2020), now=T1).changed
    a = Version("A", Y(2020), Y(2021), T0)
    assert not plan_retract([a], valid_from=Y(2022), now=T1).changed


def test_many_valued_values_coexist_and_retract_one_leaves_the_others() -> None:
    red = Version("red", Y(2020), None, T0)
    plan = plan_assert([red], value="blue", valid_from=Y(2021), now=T1, many=True)
    assert plan.close == ()
    both = step([red], plan)
    assert sorted(v.value for v in visible(both, Y(2022), T1)) == ["blue", "red"]
    cut = plan_retract(both, valid_from=Y(2023), now=T1 + timedelta(days=1), many=True, value="red", any_value=False)
    after = step(both, cut)
    assert [v.value for v in visible(after, Y(2024), T1 + timedelta(days=2))] == ["blue"]
    everything = plan_retract(after, valid_from=Y(2025), now=T1 + timedelta(days=3), many=True)
    assert visible(step(after, everything), Y(2026), T1 + timedelta(days=4)) == []


def test_net_drops_versions_written_and_closed_in_one_transaction() -> None:
    start = [Version("A", Y(2020), None, T0)]
    p1 = plan_assert(start, value="B", valid_from=Y(2022), now=T1)
    s1 = step(start, p1)
    p2 = plan_assert(s1, value="C", valid_from=Y(2022), now=T1)  # replaces B, written in the same txn
    close, write = net(start, step(s1, p2))
    assert close == start
    assert sorted((v.value, v.valid_from.year) for v in write) == [("A", 2020), ("C", 2022)]


def test_relation_properties_are_part_of_the_value() -> None:
    r = Version("C-1", Y(2020), None, T0, extra=(("role", "dev"),))
    assert not plan_assert([r], value="C-1", valid_from=Y(2021), now=T1, many=True, extra=(("role", "dev"),)).changed
    assert plan_assert([r], value="C-1", valid_from=Y(2021), now=T1, many=True, extra=(("role", "lead"),)).changed


def test_empty_interval_is_refused() -> None:
    with pytest.raises(InvalidInterval) as err:
        plan_assert([], value="x", valid_from=Y(2020), valid_to=Y(2020), now=T1)
    assert err.value.code == "invalid_interval"
    assert err.value.details["fields"][0]["field"] == "valid_to"


@pytest.mark.parametrize("value", [None, [1], {"a": 1}, float("nan"), float("inf"), b"x"])
def test_only_finite_scalars_are_values(value: object) -> None:
    with pytest.raises(InvalidInput) as err:
        check_scalar(value, "value")
    assert err.value.details["fields"][0]["field"] == "value"


def test_value_equality_follows_cypher() -> None:
    assert same_value(1, 1.0) and not same_value(True, 1) and not same_value("1", 1) and same_value(False, False)


def test_closed_versions_are_refused_as_input() -> None:
    with pytest.raises(ValueError):
        plan_assert([Version("A", Y(2020), None, T0, T1)], value="B", valid_from=Y(2021), now=T1)
