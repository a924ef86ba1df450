"""Induction on whatever an erasure leaves of a group: any subset of its runs, in any order, typed or
untyped, failures only, none at all. Erasure re-induces with what remains, so induction must never fail
on a subset (issue 33: an erased customer who sat in every run of a group made `induce_type` raise
IndexError and the DELETE answer 500). Pure (no database, no model)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st
from web_procedures import SITE, bodies

from graphmem.induction import Run, group_key, induce_type, make_run
from graphmem.instants import parse_instant

KEY = group_key(task_type=SITE)
RUNS = [make_run(id=b["id"], task=b["task"], steps=b["steps"], outcome=b["outcome"], task_type=b["task_type"],
                 at=parse_instant(b["at"], "at")) for b in bodies(16, seed=3)]


def test_a_group_left_empty_induces_nothing_typed_or_not() -> None:
    assert induce_type([], key=KEY) == []
    assert induce_type([], key=KEY, split=False) == []


def test_a_group_left_with_failures_only_induces_nothing() -> None:
    failed = [replace(r, outcome="failure", failed_step=0) for r in RUNS[:4]]
    assert induce_type(failed, key=KEY) == []
    assert induce_type(failed, key=KEY, split=False) == []


def test_one_procedure_left_keeps_no_sub_workflow_it_no_longer_shares() -> None:
    full = induce_type(RUNS, key=KEY)
    assert any(w.kind == "subroutine" for w in full)  # the fixture has two procedures sharing a block
    first = next(w for w in full if w.kind == "procedure")
    left = [r for r in RUNS if r.id in first.run_ids]
    assert [w.kind for w in induce_type(left, key=KEY)] == ["procedure"]


@given(keep=st.lists(st.booleans(), min_size=len(RUNS), max_size=len(RUNS)),
       fail=st.lists(st.booleans(), min_size=len(RUNS), max_size=len(RUNS)),
       typed=st.booleans(), split=st.booleans())
def test_any_subset_of_runs_induces_without_error(keep: list[bool], fail: list[bool], typed: bool,
                                                  split: bool) -> None:
    left: list[Run] = [replace(r, outcome="failure", failed_step=0) if f else r
                       for r, k, f in zip(RUNS, keep, fail) if k]
    if not typed:
        left = [replace(r, task_type=None) for r in left]
    induced = induce_type(left, key=KEY, split=split)
    ids = {r.id for r in left}
    assert all(set(w.run_ids) <= ids for w in induced)  # nothing induced from a run that is gone
    if not any(r.succeeded for r in left):
        assert induced == []
    else:
        assert any(w.kind == "procedure" for w in induced)
