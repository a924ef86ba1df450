"""Several workflows per task type on the real Neo4j and the real embedding model: two procedures of
one type are two workflows, a block they share is stored once and referenced by both, a value-bearing
step is a parameter that matching fills from the new task, online equals offline."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from web_procedures import SITE, bodies

from graphmem.channels import workflow as wf
from graphmem.induction import group_key
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j


@pytest.fixture
def ns2(store: Store) -> Iterator[Namespace]:
    namespace = Namespace(f"test-{uuid.uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


def _online(store: Store, ns: Namespace, n: int = 16) -> None:
    for b in bodies(n):
        wf.add_trajectory(store, ns, run=wf.parse_trajectory(b))


def test_a_type_with_two_procedures_yields_two_workflows_each_with_its_own_steps(store: Store, ns: Namespace) -> None:
    _online(store, ns)
    procs = [w for w in wf.current_workflows(store, ns) if w.kind == "procedure"]
    assert len(procs) == 2 and {w.task_type for w in procs} == {SITE}
    assert {w.group for w in procs} == {group_key(task_type=SITE)}
    flights = next(w for w in procs if "CLICK [tab] Flights" in w.actions)
    stays = next(w for w in procs if "CLICK [tab] Stays" in w.actions)
    assert flights.actions[-1] == "CLICK [button] Sort by price" and "CLICK [tab] Stays" not in flights.actions
    assert stays.actions[-1] == "CLICK [checkbox] Free cancellation" and "CLICK [tab] Flights" not in stays.actions
    assert flights.support == flights.successes == 8 and stays.support == stays.successes == 8


def test_a_shared_block_is_stored_once_and_referenced_by_both(store: Store, ns: Namespace) -> None:
    _online(store, ns)
    everything = wf.current_workflows(store, ns)
    subs = [w for w in everything if w.kind == "subroutine"]
    assert len(subs) == 1
    sub = subs[0]
    assert len(sub.steps) == 3 and sub.support == 16 and sub.embedding is None
    users = [w for w in everything if w.kind == "procedure" and sub.key in {u.workflow for u in w.uses}]
    assert len(users) == 2
    rows = store.read("workflow/read_current_workflows", ns=ns.name, keys=[sub.key])
    assert len(rows) == 1  # one stored node for the block
    found = wf.match_workflows(store, ns, task="Find the cheapest flight from Reno to Omaha next week", k=1)
    assert found[0].subworkflows and found[0].subworkflows[0].key == sub.key
    assert all(m.workflow.kind == "procedure" for m in wf.match_workflows(store, ns, task_type=SITE, k=5))


def test_a_value_bearing_step_is_a_parameter_filled_from_the_new_task(store: Store, ns: Namespace) -> None:
    _online(store, ns)
    found = wf.match_workflows(store, ns, task="Find the cheapest flight from Salt Lake City to New Orleans", k=2)
    best = found[0]
    assert "CLICK [tab] Flights" in best.workflow.actions and best.matched_by == "similarity"
    assert "type" in best.why and "successful runs" in best.why
    clicks = [s.action for s in best.workflow.steps if s.action.startswith("CLICK [span] {")]
    names = [c[len("CLICK [span] {"):-1] for c in clicks]
    assert len(names) == 2 and set(names) <= {p.name for p in best.workflow.params}
    assert [best.filled.get(n) for n in names] == ["Salt Lake City", "New Orleans"]
    stays = wf.match_workflows(store, ns, task="Book a hotel room to stay in Kansas City with free cancellation",
                               k=1)[0]
    assert "CLICK [tab] Stays" in stays.workflow.actions and "Kansas City" in stays.filled.values()


def test_online_and_offline_induction_give_the_same_workflows(store: Store, ns: Namespace, ns2: Namespace) -> None:
    _online(store, ns)
    wf.add_trajectories(store, ns2, runs=[wf.parse_trajectory(b) for b in bodies(16)])
    report = wf.induce_workflows(store, ns2)
    assert report.groups == 1 and len(report.changes) == 3
    online = {w.key: w.content() for w in wf.current_workflows(store, ns)}
    offline = {w.key: w.content() for w in wf.current_workflows(store, ns2)}
    assert online == offline and len(online) == 3
    again = wf.induce_workflows(store, ns)
    assert {c.change for c in again.changes} == {"unchanged"}


def test_matching_reads_a_groups_new_words_after_a_re_induction(store: Store, ns: Namespace) -> None:
    from graphmem.channels.workflow._terms import cached_versions

    def run(rid: str, task_type: str, place: str) -> None:
        body = {"id": rid, "task": "Ship the parcel to the customer", "task_type": task_type, "outcome": "success",
                "steps": [{"action": "open_form"}, {"action": "type_address", "args": {"value": place}},
                          {"action": "submit"}]}
        wf.add_trajectory(store, ns, run=wf.parse_trajectory(body))

    for t in ["alpha-desk", "beta-desk"]:
        run(f"{t}-1", t, "Lisbon")
        run(f"{t}-2", t, "Porto")
    task = "Ship the parcel to the customer in Zanzibar"
    wf.match_workflows(store, ns, task=task, k=2)  # caches both groups' words
    before = cached_versions(ns.name)
    assert set(before) == {group_key(task_type="alpha-desk"), group_key(task_type="beta-desk")}
    run("beta-desk-3", "beta-desk", "Zanzibar")  # a new word for beta only, in a typed value
    found = wf.match_workflows(store, ns, task=task, k=2)
    beta = group_key(task_type="beta-desk")
    stored = store.read("workflow/match_groups", ns=ns.name, vector=[1.0] + [0.0] * 383, cached={})
    assert cached_versions(ns.name)[beta] == next(r["version"] for r in stored if r["key"] == beta) != before[beta]
    assert found[0].workflow.task_type == "beta-desk" and "shared words 1.000" in (found[0].why or "")


@pytest.mark.parametrize("task, first", [
    ("Find the cheapest flight from Denver to Miami", "CLICK [tab] Flights"),
    ("find me a cheap flight to Seattle", "CLICK [tab] Flights"),
    ("Book a hotel room in Austin with free cancellation", "CLICK [tab] Stays"),
    ("I need a place to stay in Boston", "CLICK [tab] Stays"),
])
def test_told_the_type_the_task_still_chooses_the_procedure(store: Store, ns: Namespace, task: str, first: str) -> None:
    """Issue 32: given task_type, the same procedure came back for every task of the type; the task must
    pick its own procedure, with the type given and without it."""
    _online(store, ns)
    for task_type in (SITE, None):
        [match] = wf.match_workflows(store, ns, task=task, task_type=task_type, k=1)
        assert match.workflow.actions[0] == first, (task_type, match.why)
    told = wf.match_workflows(store, ns, task=task, task_type=SITE, k=2)
    assert len({m.workflow.key for m in told}) == 2 and told[0].matched_by == "task_type"
