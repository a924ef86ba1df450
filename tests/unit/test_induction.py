"""Pure workflow induction: run validation, consensus, parameters, risks, shapes, grouping.
No database, no model."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from graphmem.errors import InvalidInput
from graphmem.induction import (
    Param,
    Run,
    Step,
    consensus,
    describe_values,
    fill_params,
    group_key,
    induce_group,
    leader_clusters,
    make_run,
    mask_task,
    plan_merges,
    redact_personal,
    shape,
    step_keys,
    version_reason,
)

T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)


def run(n: int, steps: list[tuple[str, dict[str, Any]]], *, task: str = "do it", outcome: str = "success",
        failed_step: int | None = None, error: str | None = None, task_type: str | None = "t") -> Run:
    return make_run(id=f"r{n:04d}", task=task, steps=[{"action": a, "args": g} for a, g in steps], outcome=outcome,
                    failed_step=failed_step, error=error, task_type=task_type, at=T0 + timedelta(seconds=n))


# --- validation ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, field", [
    ({"steps": []}, "steps"),
    ({"steps": "lookup"}, "steps"),
    ({"outcome": "maybe"}, "outcome"),
    ({"outcome": "failure", "failed_step": 2}, "failed_step"),
    ({"outcome": "failure", "failed_step": -1}, "failed_step"),
    ({"outcome": "failure", "failed_step": True}, "failed_step"),
    ({"failed_step": 0}, "failed_step"),
    ({"error": "boom"}, "error"),
    ({"steps": [{"action": "a", "args": [1, 2]}]}, "steps.0.args"),
    ({"steps": [{"action": "a", "args": {}}, {"action": "b", "args": "x=1"}]}, "steps.1.args"),
    ({"steps": [{"action": "a", "args": {"x": float("nan")}}]}, "steps.0.args"),
    ({"steps": [{"action": "", "args": {}}]}, "steps.0.action"),
    ({"task": "  "}, "task"),
    ({"task_type": ""}, "task_type"),
])
def test_bad_runs_name_the_field(kwargs: dict[str, Any], field: str) -> None:
    base: dict[str, Any] = {"id": "x", "task": "refund", "steps": [{"action": "a", "args": {}},
                                                                    {"action": "b", "args": {}}],
                            "outcome": "success"}
    with pytest.raises(InvalidInput) as err:
        make_run(**{**base, **kwargs})
    assert err.value.details["fields"][0]["field"] == field


def test_a_failure_without_failed_step_failed_at_its_last_step() -> None:
    r = make_run(id="x", task="t", steps=[{"action": "a"}, {"action": "b", "args": {"k": 1}}], outcome="failure")
    assert r.failed_step == 1 and r.steps[0].args == {}


# --- consensus ------------------------------------------------------------------------------------
def test_step_keys_count_occurrences() -> None:
    assert step_keys([Step("click"), Step("type"), Step("click")]) == [("click", 1), ("type", 1), ("click", 2)]


def test_a_step_belongs_when_more_than_half_of_the_runs_take_it() -> None:
    runs = [[("a", 1), ("b", 1), ("c", 1)], [("a", 1), ("c", 1)], [("a", 1), ("b", 1), ("c", 1)],
            [("a", 1), ("x", 1), ("c", 1)]]
    assert consensus(runs) == [("a", 1), ("c", 1)]  # b: 2 of 4 is not more than half
    assert consensus(runs[:3]) == [("a", 1), ("b", 1), ("c", 1)]


def test_order_is_the_median_position_so_a_minority_swap_and_extra_steps_do_not_matter() -> None:
    runs = [[("a", 1), ("b", 1), ("c", 1), ("d", 1)]] * 3 + [[("x", 1), ("b", 1), ("a", 1), ("y", 1), ("c", 1),
                                                               ("d", 1)]] * 2
    assert consensus(runs) == [("a", 1), ("b", 1), ("c", 1), ("d", 1)]


def test_an_even_split_keeps_the_order_of_the_earliest_run() -> None:
    assert consensus([[("b", 1), ("a", 1)], [("a", 1), ("b", 1)]]) == [("b", 1), ("a", 1)]
    assert consensus([[("a", 1), ("b", 1)], [("b", 1), ("a", 1)]]) == [("a", 1), ("b", 1)]


# --- parameters ------------------------------------------------------------------------------------
def test_varying_values_become_parameters_named_after_the_key_constants_stay() -> None:
    runs = [run(i, [("lookup", {"order_id": f"ORD-{i:05d}"}),
                    ("refund", {"order_id": f"ORD-{i:05d}", "mode": "card", "amount": 10 + i})]) for i in range(4)]
    w = induce_group(runs, key="k")
    assert w is not None
    assert [dict(s.args) for s in w.steps] == [{"order_id": "{order_id}"},
                                               {"order_id": "{order_id}", "mode": "card", "amount": "{amount}"}]
    params = {p.name: p for p in w.params}
    assert set(params) == {"order_id", "amount"}
    assert params["order_id"].pattern == r"ORD\-\d{5}" and params["amount"].kind == "number"


def test_a_value_written_in_the_task_is_a_parameter_even_in_a_single_run() -> None:
    w = induce_group([run(1, [("lookup", {"order_id": "ORD-12345", "mode": "fast"})],
                          task="look up ORD-12345")], key="k")
    assert w is not None and dict(w.steps[0].args) == {"order_id": "{order_id}", "mode": "fast"}


def test_one_key_two_meanings_get_two_names_and_templates_are_recognised() -> None:
    runs = [run(i, [("find", {"id": f"U-{i}"}), ("open", {"id": f"T-{i * 7}"}),
                    ("note", {"text": f"Ticket T-{i * 7} for U-{i}", "extra": i if i == 0 else None})])
            for i in range(1, 5)]
    w = induce_group(runs, key="k")
    assert w is not None
    assert [dict(s.args) for s in w.steps] == [{"id": "{id}"}, {"id": "{open_id}"},
                                               {"text": "Ticket {open_id} for {id}", "extra": None}]


def test_an_arg_given_by_a_minority_is_dropped_and_nested_args_are_walked() -> None:
    runs = [run(i, [("move", {"address": {"city": c, "country": "NL"}, **({"note": "x"} if i == 0 else {})})])
            for i, c in enumerate(["Delft", "Leiden", "Gouda"])]
    w = induce_group(runs, key="k")
    assert w is not None and dict(w.steps[0].args) == {"address": {"city": "{city}", "country": "NL"}}


# --- risks, support -----------------------------------------------------------------------------------
def test_failures_are_risk_points_on_the_step_where_they_happen() -> None:
    ok = [("a", {}), ("b", {}), ("c", {})]
    runs = [run(i, ok) for i in range(3)]
    runs += [run(10, [("a", {}), ("x", {}), ("b", {})], outcome="failure", failed_step=2, error="timeout"),
             run(11, ok, outcome="failure", failed_step=1, error="refused"),
             run(12, ok, outcome="failure", failed_step=1, error="timeout"),
             run(13, ok, outcome="failure", failed_step=1, error="timeout"),
             run(14, [("a", {}), ("x", {})], outcome="failure", error="no x")]
    w = induce_group(runs, key="k")
    assert w is not None
    assert [(r.step, r.action, r.count, r.example_error) for r in w.risks] == [
        (1, "b", 4, "timeout"), (None, "x", 1, "no x")]
    assert (w.successes, w.failures, w.support) == (3, 5, 3)
    assert w.success_rate == pytest.approx(3 / 8)


def test_no_success_no_workflow() -> None:
    assert induce_group([run(1, [("a", {})], outcome="failure")], key="k") is None


def test_induction_is_a_function_of_the_set_of_runs() -> None:
    rng = random.Random(7)
    runs = [run(i, [("a", {"v": rng.randint(0, 9)}), *([("x", {})] if rng.random() < 0.3 else []), ("b", {})],
                outcome="failure" if rng.random() < 0.2 else "success") for i in range(25)]
    shuffled = runs[:]
    rng.shuffle(shuffled)
    a, b = induce_group(runs, key="k"), induce_group(shuffled, key="k")
    assert a is not None and b is not None and a.content() == b.content()


def test_a_new_version_is_a_new_path() -> None:
    assert version_reason(["a", "b", "c"], [], ["a", "b", "c"]) is None
    assert version_reason(["a", "b", "c"], ["c"], ["a", "c"]) == "shorter"
    assert version_reason(["a", "b"], ["b"], ["a", "d"]) == "more_reliable"
    assert version_reason(["a", "b"], [], ["b", "a"]) == "revised"


# --- shapes and filling --------------------------------------------------------------------------------
def test_shapes() -> None:
    assert shape(["ORD-12345", "ORD-00917"]) == r"ORD\-\d{5}"
    assert shape(["2025-01-02", "2026-11-30"]) == r"\d{4}\-\d{2}\-\d{2}"
    assert shape(["Alice Chen", "Bob Li"]) == r"[A-Z][a-z]+\s+[A-Z][a-z]+"
    assert shape(["damaged item", "wrong size"]) is None  # would match any two words
    assert shape(["ORD-1", "INV-22-3"]) is None


def test_value_kinds() -> None:
    assert describe_values(["a@x.com", "bob.smith@mail.example"])[0] == "email"
    assert describe_values([1, 2.5])[0] == "number"
    assert describe_values(["2025-03-01", "2024-12-31"])[0] == "date"
    assert describe_values(["red", "blue", "red", "blue"]) == ("choice", None, ("blue", "red"))
    assert describe_values(["some free text", "another note here"])[0] == "text"


def test_fill_takes_the_most_specific_parameter_first() -> None:
    params = [Param("postcode", "pattern", r"\d{5}", from_task=1.0),
              Param("customer_id", "key", r"CUS\-\d{5}", from_task=1.0),
              Param("email", "email", from_task=1.0), Param("amount", "number", from_task=1.0),
              Param("plan", "choice", choices=("basic", "pro"), from_task=1.0),
              Param("refund_id", "key", r"RF\-\d{6}", from_task=0.0)]
    task = "Move CUS-12345 (pro plan, 42.50 due) to 90210; mail ana@example.com, ref RF-123456"
    assert fill_params(params, task) == {"postcode": "90210", "customer_id": "CUS-12345",
                                         "email": "ana@example.com", "amount": "42.50", "plan": "pro"}


# --- grouping -------------------------------------------------------------------------------------------
def test_group_keys_and_masking() -> None:
    assert group_key(task_type="refund") == group_key(task_type="refund") != group_key(task_type="Refund")
    assert mask_task("Refund ORD-12 for ana@x.com, 3 items") == "Refund id for email address, N items"
    assert mask_task("Meet on 2025-04-24 at 14:30") == "Meet on date at N"
    assert redact_personal("Call 138-0000-1234 or ana@x.com on 2025-04-24 about ORD-1") == \
        "Call <phone> or <email> on 2025-04-24 about ORD-1"


def test_workflows_keep_no_contact_details() -> None:
    runs = [run(i, [("notify", {"email": f"user{i}@example.com", "order_id": f"ORD-{i}"})],
                task=f"Tell user{i}@example.com about ORD-{i}") for i in range(3)]
    w = induce_group(runs, key="k")
    assert w is not None and "@" not in repr(w.content())
    assert w.examples[0] == "Tell <email> about ORD-0"


def test_leader_clustering_in_arrival_order_by_text_and_actions() -> None:
    a, a2, b = [1.0, 0.0], [0.9, 0.1], [0.0, 1.0]
    placed, created = leader_clusters([("r1", a, ["x", "y"]), ("r2", b, ["p", "q"]), ("r3", a2, ["x", "y", "z"])],
                                      threshold=0.8)
    assert placed["r1"] == placed["r3"] != placed["r2"]
    assert [leader for _, leader in created] == ["r1", "r2"]
    placed2, created2 = leader_clusters([("r4", a2, ["x"])], leaders=[("g", a, ["x", "y"])], threshold=0.8)
    assert placed2 == {"r4": "g"} and created2 == []  # a failure cut short still overlaps fully
    placed3, _ = leader_clusters([("r5", a, ["p", "q"])], leaders=[("g", a, ["x", "y"])], threshold=0.8)
    assert placed3["r5"] != "g"  # same words, other actions: another task


def test_dedupe_absorbs_untyped_groups_into_the_workflow_with_their_signature() -> None:
    plan = plan_merges([("u1", None, "a>b"), ("t1", "refund", "a>b"), ("u2", None, "a>b"), ("t2", "x", "a>b"),
                        ("u3", None, "c"), ("u4", None, "c"), ("u5", None, "d")])
    assert plan == {"u1": "t1", "u2": "t1", "u4": "u3"}
