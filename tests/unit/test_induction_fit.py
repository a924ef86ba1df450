"""Fitting a workflow to the task asked: the steps of its nearest successful runs, each weighing its
similarity. Pure (no database, no model): similarities are given."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.induction import (
    Run,
    WorkflowStep,
    consensus,
    fit_to_task,
    idf_cosines,
    make_run,
    nearest_runs,
    step_keys,
    weighted_consensus,
)

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)


def run(n: int, task: str, *actions: str) -> Run:
    return make_run(id=f"r{n}", task=task, steps=[{"action": a} for a in actions], outcome="success",
                    task_type="shop.example", at=T0 + timedelta(minutes=n))


def test_equal_weights_keep_what_consensus_keeps() -> None:
    runs = [step_keys(r.steps) for r in (run(1, "a", "x", "y", "z"), run(2, "b", "x", "z"), run(3, "c", "x", "w"))]
    for share in (0.2, 0.3, 0.5):
        assert weighted_consensus(runs, [1.0, 1.0, 1.0], share) == consensus(runs, share)
    assert weighted_consensus(runs, [0.0, 0.0, 0.0], 0.3) == [] and weighted_consensus([], [], 0.3) == []


def test_two_near_runs_outweigh_two_far_ones() -> None:
    near = [step_keys(r.steps) for r in (run(1, "a", "open", "near_step"), run(2, "b", "open", "near_step"))]
    far = [step_keys(r.steps) for r in (run(3, "c", "open", "far_step"), run(4, "d", "open", "far_step"))]
    kept = weighted_consensus(near + far, [0.9, 0.8, 0.2, 0.1], 0.3)
    assert [a for a, _ in kept] == ["open", "near_step"]


def test_a_task_gets_the_steps_its_nearest_runs_share_not_one_runs_quirks() -> None:
    """Customer-service tasks on one website: the tracking runs nearest the task all open the order page
    and look up by email; two of them each add a step of their own (quirks); a far run took another route."""
    nearest = [
        (run(1, "Where is the order I placed with ana@example.com?", "CLICK [link] Orders", "TYPE [input] email",
             "CLICK [button] Track"), 0.82),
        (run(2, "Track the parcel for my order, email luis@example.org", "CLICK [link] Orders",
             "CLICK [select] Language", "TYPE [input] email", "CLICK [button] Track"), 0.80),
        (run(3, "Track my order sent to kim@example.net", "CLICK [link] Orders", "TYPE [input] email",
             "CLICK [button] Track"), 0.75),
        (run(5, "Has my order shipped? I used sam@example.com", "CLICK [link] Orders", "TYPE [input] email",
             "CLICK [button] Track"), 0.70),
        (run(6, "Find where my package is, order by jo@example.com", "CLICK [link] Orders", "TYPE [input] email",
             "CLICK [button] Track", "CLICK [link] Details"), 0.66),
        (run(4, "Return the blue jacket from order 5521", "CLICK [link] Returns", "TYPE [input] order number",
             "CLICK [button] Start return"), 0.20),
    ]
    fitted = fit_to_task(nearest, key="wf-shop")
    assert fitted is not None
    assert fitted.actions == ("CLICK [link] Orders", "TYPE [input] email", "CLICK [button] Track")
    assert [s.support for s in fitted.steps] == [5, 5, 5]  # counted among the runs fitted from
    assert fitted.successes == 6 and "<email>" in fitted.examples[0]  # examples masked as every workflow's


def test_one_run_alone_is_its_own_steps_and_nothing_is_none() -> None:
    only = run(1, "Sign up for the newsletter", "CLICK [link] Newsletter", "TYPE [input] email", "CLICK [button] Join")
    fitted = fit_to_task([(only, 0.6)], key="wf-news")
    assert fitted is not None and fitted.actions == tuple(s.action for s in only.steps)
    assert fit_to_task([], key="wf-none") is None


def test_text_the_task_names_becomes_a_parameter_among_the_nearest_runs() -> None:
    """Flight searches name their city in the task: the city clicked is a parameter, not three actions."""
    nearest = [(run(n, f"Find a flight from Denver to {city} next Friday", "CLICK [combobox] To",
                    f"CLICK [span] {city}", "CLICK [button] Search"), 0.9 - n / 100)
               for n, city in enumerate(("Boston", "Austin", "Seattle"), start=1)]
    fitted = fit_to_task(nearest, key="wf-flights")
    assert fitted is not None and len(fitted.steps) == 3
    middle = fitted.steps[1].action
    assert middle.startswith("CLICK [span] {") and middle.endswith("}"), middle
    assert any(p.name in middle for p in fitted.params)


@pytest.mark.parametrize("negative", [-0.4, 0.0])
def test_runs_that_are_not_similar_at_all_still_count_a_little(negative: float) -> None:
    """A cosine at or below zero weighs almost nothing but is not dropped: a type's only runs still fit."""
    nearest = [(run(1, "x", "a", "b"), negative), (run(2, "y", "a", "c"), negative)]
    fitted = fit_to_task(nearest, key="wf")
    assert fitted is not None and fitted.actions[0] == "a"


def test_words_every_candidate_shares_count_least() -> None:
    """"order" is in every candidate: the words that tell the job apart ("return", "kettle") decide."""
    texts = ["Track order 88412", "Return the kettle from order 22871", "Show order 51234 details"]
    scores = idf_cosines("I want to return my kettle from order 90210", texts)
    assert max(range(3), key=lambda i: scores[i]) == 1 and scores[1] > 2 * max(scores[0], scores[2])
    assert idf_cosines("", texts) == [0.0, 0.0, 0.0] and idf_cosines("anything", []) == []


def test_the_nearest_runs_weigh_embedding_and_words_alike() -> None:
    """An embedding that ranks the tracking run first is overruled when the words name the other job."""
    track = run(1, "Track order 88412", "CLICK [link] Orders")
    ret = run(2, "Return the kettle from order 22871", "CLICK [link] Returns")
    ranked = nearest_runs("Return the kettle from order 90210", [(track, 0.62), (ret, 0.55)], k=2)
    assert [r.id for r, _ in ranked] == ["r2", "r1"] and ranked[0][1] > ranked[1][1]
    assert len(nearest_runs("x", [(track, 0.5), (ret, 0.4)], k=1)) == 1


def test_a_stored_parameter_step_is_placed_on_the_fitted_step_it_stands_for() -> None:
    from graphmem.channels.workflow._fit import _place

    fitted = [WorkflowStep("CLICK [span] Boston", 1, {}, 2), WorkflowStep("TYPE [input] {email}", 1, {}, 2),
              WorkflowStep("CLICK [button] Search", 1, {}, 2)]
    assert _place(WorkflowStep("CLICK [span] {destination}", 1, {}, 5), fitted) == 0
    assert _place(WorkflowStep("TYPE [input] {mail}", 1, {}, 5), fitted) == 1
    assert _place(WorkflowStep("CLICK [button] Search", 1, {}, 5), fitted) == 2
    assert _place(WorkflowStep("CLICK [button] Search", 2, {}, 5), fitted) is None  # another occurrence
    assert _place(WorkflowStep("CLICK [button] Sort", 1, {}, 5), fitted) is None
