"""Induction recovers the ground-truth procedure of every synthetic task family: its steps in
order, its parameters by name, its constants, and a risk point per known failure step with the
exact number of failures generated there. Pure (no database, no model)."""

from __future__ import annotations

from collections import Counter

import pytest
from workflow_families import FAMILIES, Family, Sample, generate

from graphmem.induction import Run, group_key, induce_group, make_run
from graphmem.instants import parse_instant


def to_run(s: Sample) -> Run:
    b = s.body
    return make_run(id=b["id"], task=b["task"], steps=b["steps"], outcome=b["outcome"], task_type=b.get("task_type"),
                    failed_step=b.get("failed_step"), error=b.get("error"), at=parse_instant(b["at"], "at"))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("fam", FAMILIES, ids=lambda f: f.task_type)
def test_recovers_steps_parameters_and_risks(fam: Family, seed: int) -> None:
    samples = generate(40, families=[fam], seed=seed)
    w = induce_group([to_run(s) for s in samples], key=group_key(task_type=fam.task_type))
    assert w is not None
    assert [{"action": s.action, "args": dict(s.args)} for s in w.steps] == fam.expected_steps()
    assert {p.name for p in w.params} == fam.expected_params()
    from_task = {p.name for p in w.params if p.from_task >= 0.5}
    assert from_task == set(fam.task_params)
    failures = Counter(s.failed_at for s in samples if s.failed_at is not None)
    assert {r.step: r.count for r in w.risks} == dict(failures)
    assert w.failures == sum(failures.values()) and w.successes == len(samples) - w.failures
    for r in w.risks:
        assert r.example_error in dict(fam.fail_steps)[r.step]


def test_noise_is_really_there() -> None:
    """The generator does produce what induction must see through (else the test above proves little)."""
    samples = generate(40, seed=1)
    expected = {f.task_type: [a for a, _ in f.steps] for f in FAMILIES}
    ok = [s for s in samples if s.body["outcome"] == "success"]
    actions = [[st["action"] for st in s.body["steps"]] for s in ok]
    assert sum(a != expected[s.family.task_type] for s, a in zip(ok, actions)) > len(ok) * 0.3
    assert any(len(a) > len(expected[s.family.task_type]) for s, a in zip(ok, actions))
    assert any(sorted(a) == sorted(expected[s.family.task_type]) and a != expected[s.family.task_type]
               for s, a in zip(ok, actions))
    assert len({s.values["order_id"] for s in samples if s.family.task_type == "refund_order"}) > 35
    failed = [s for s in samples if s.failed_at is not None]
    assert failed and all(s.body["steps"][s.body["failed_step"]]["action"] == s.family.steps[s.failed_at][0]
                          for s in failed)
