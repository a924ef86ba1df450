"""Several procedures per task type: value-bearing action text becomes a placeholder, runs split into
procedures by what they do and what they were asked, shared blocks become sub-workflows, text
parameters are filled from a new task. Pure (no database, no model)."""

from __future__ import annotations

from workflow_families import FAMILIES, generate
from web_procedures import SHARED, SITE, bodies

from graphmem.induction import (
    Run,
    fill_params,
    generalise,
    group_key,
    induce_type,
    learn_templates,
    make_run,
    share_blocks,
    split_procedures,
    type_overlap,
    value_span,
)
from graphmem.instants import parse_instant

KEY = group_key(task_type=SITE)


def runs(n: int = 16, seed: int = 0) -> list[Run]:
    return [make_run(id=b["id"], task=b["task"], steps=b["steps"], outcome=b["outcome"], task_type=b["task_type"],
                     at=parse_instant(b["at"], "at")) for b in bodies(n, seed=seed)]


def test_value_span_takes_the_longest_span_the_task_writes_and_never_the_operation() -> None:
    assert value_span("CLICK [span] New York", "fly to new york") == ("CLICK [span] {*}", "New York")
    assert value_span("CLICK [button] Search", "find flights") is None
    assert value_span("Boston", "go to Boston") is None  # one token: the operation itself


def test_a_label_the_task_happens_to_name_is_not_a_template() -> None:
    rs = runs()
    extra = make_run(id="x", task="Search for a hotel in Boston", steps=[{"action": "CLICK [button] Search"}],
                     outcome="success", task_type=SITE)
    templates = learn_templates([*rs, extra])
    assert "CLICK [span] {*}" in templates and "CLICK [button] {*}" not in templates


def test_a_type_with_two_jobs_splits_in_two_procedures_and_one_job_stays_one() -> None:
    parts = split_procedures(generalise(runs()))
    assert len(parts) == 2
    assert {len({r.task.split()[0] for r in p}) for p in parts} == {1}  # each part holds one job
    for fam in FAMILIES:
        samples = generate(40, families=[fam], seed=1)
        typed = [make_run(id=s.body["id"], task=s.body["task"], steps=s.body["steps"], outcome=s.body["outcome"],
                          task_type=s.body["task_type"], failed_step=s.body.get("failed_step"),
                          error=s.body.get("error"), at=parse_instant(s.body["at"], "at")) for s in samples]
        procedures = [w for w in induce_type(typed, key="k") if w.kind == "procedure"]
        assert len(procedures) == 1, fam.task_type
        assert [{"action": s.action, "args": dict(s.args)} for s in procedures[0].steps] == fam.expected_steps()


def test_each_procedure_has_its_own_steps_with_the_value_as_a_parameter() -> None:
    ws = induce_type(runs(), key=KEY)
    procs = [w for w in ws if w.kind == "procedure"]
    flights = next(w for w in procs if "CLICK [tab] Flights" in w.actions)
    stays = next(w for w in procs if "CLICK [tab] Stays" in w.actions)
    assert flights.key == KEY and stays.key.startswith(KEY + ".p-")
    assert "CLICK [tab] Stays" not in flights.actions and "CLICK [button] Sort by price" not in stays.actions
    clicks = [s.action for s in flights.steps if s.action.startswith("CLICK [span] {")]
    assert len(clicks) == 2 and len(set(clicks)) == 2  # origin and destination: two parameters
    typed = [s for s in flights.steps if s.action.startswith("TYPE")]
    assert all(str(s.args["value"]).startswith("{") for s in typed)


def test_the_shared_block_is_one_sub_workflow_both_procedures_use() -> None:
    ws = induce_type(runs(), key=KEY)
    subs = [w for w in ws if w.kind == "subroutine"]
    assert len(subs) == 1
    sub = subs[0]
    assert [s.action.split(" {")[0] for s in sub.steps] == [a.split(" {")[0] for a in SHARED]
    assert sub.support == 16  # every run takes the block in one stretch
    users = [w for w in ws if w.kind == "procedure" and any(u.workflow == sub.key for u in w.uses)]
    assert len(users) == 2
    for w in users:
        use = next(u for u in w.uses if u.workflow == sub.key)
        assert [s.action for s in w.steps[use.start:use.start + use.length]] == [s.action for s in sub.steps]


def test_share_blocks_needs_two_procedures() -> None:
    one = induce_type(runs()[::2], key=KEY)
    assert [w.kind for w in one] == ["procedure"]
    procedures, subs = share_blocks(one, runs()[::2], group=KEY)
    assert subs == [] and procedures == one


def test_a_text_parameter_is_filled_from_the_words_before_it() -> None:
    flights = next(w for w in induce_type(runs(), key=KEY) if "CLICK [tab] Flights" in w.actions)
    filled = fill_params(flights.params, "Find the cheapest flight from New Orleans to Salt Lake City")
    assert set(filled.values()) == {"New Orleans", "Salt Lake City"}


def test_the_split_is_a_function_of_the_set_of_runs() -> None:
    rs = runs()
    assert induce_type(rs, key=KEY) == induce_type(list(reversed(rs)), key=KEY)
    prefix = [induce_type(rs[:n], key=KEY) for n in range(1, len(rs) + 1)][-1]
    assert prefix == induce_type(rs, key=KEY)


def test_type_overlap_weighs_rare_words() -> None:
    scores = type_overlap({"sonoma", "towels", "the"}, {"a": ["sonoma", "the"], "b": ["the"], "c": ["towels", "the"]})
    assert scores["a"] == scores["c"] > 2 * scores["b"] > 0  # a word every group has still counts, a little


def test_a_procedure_of_a_split_type_keeps_the_steps_a_share_of_its_runs_take() -> None:
    rs = runs()
    flights = [r for r in rs if r.task.startswith("Find")]
    extra = {r.id: n for n, r in enumerate(flights[:3])}  # 3 of 8 flight runs tick "non-stop"; 1 of 8 adds a note
    changed = []
    for r in rs:
        steps = [s.to_json() for s in r.steps]
        if r.id in extra:
            steps.insert(-1, {"action": "CLICK [checkbox] Non-stop only", "args": {}})
        if r.id == flights[-1].id:
            steps.append({"action": "CLICK [button] Add a note", "args": {}})
        changed.append(make_run(id=r.id, task=r.task, steps=steps, outcome=r.outcome, task_type=r.task_type, at=r.at))
    procs = [w for w in induce_type(changed, key=KEY) if w.kind == "procedure"]
    assert len(procs) == 2
    flight = next(w for w in procs if "CLICK [tab] Flights" in w.actions)
    step = next(s for s in flight.steps if s.action == "CLICK [checkbox] Non-stop only")
    assert step.support == 3 and flight.actions.index(step.action) == len(flight.actions) - 2
    assert "CLICK [button] Add a note" not in flight.actions  # 1 run in 8: under the share
    assert flight.support == 3  # runs that take every step
