"""Workflow channel on the real Neo4j and the real embedding model: online equals offline,
versions in time, risk points, grouping of untyped runs, dedupe, concurrent reports."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from workflow_families import FAMILIES, Sample, family, generate

from graphmem.channels import workflow as wf
from graphmem.errors import Conflict
from graphmem.induction import Run, group_key
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
T0 = datetime(2025, 3, 1, tzinfo=timezone.utc)


@pytest.fixture
def ns2(store: Store) -> Iterator[Namespace]:
    namespace = Namespace(f"test-{uuid.uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


def runs_of(samples: list[Sample]) -> list[Run]:
    return [wf.parse_trajectory(s.body) for s in samples]


def body(i: int, actions: list[str], *, outcome: str = "success", task_type: str | None = "refund_order",
         **extra: Any) -> dict[str, Any]:
    order = f"ORD-{10000 + i}"
    return {"id": f"t{i:03d}", "task": f"Refund order {order}", "task_type": task_type, "outcome": outcome,
            "at": (T0 + timedelta(minutes=i)).isoformat(),
            "steps": [{"action": a, "args": {"order_id": order}} for a in actions], **extra}


LONG = ["lookup_order", "verify_identity", "double_check", "issue_refund", "notify_customer"]
SHORT = ["lookup_order", "verify_identity", "issue_refund", "notify_customer"]


def test_online_one_by_one_equals_offline_over_the_same_runs(store: Store, ns: Namespace, ns2: Namespace) -> None:
    fams = [family("refund_order"), family("book_meeting"), family("reset_password")]
    samples = generate(6, families=fams, seed=11)
    changes = [wf.add_trajectory(store, ns, run=r).workflow for r in runs_of(samples)]
    assert {c.change for c in changes if c} <= {"created", "updated", "unchanged", "versioned"}
    wf.add_trajectories(store, ns2, runs=runs_of(samples))
    report = wf.induce_workflows(store, ns2)
    assert report.trajectories == len(samples) and report.groups == 3
    online = {w.key: w.content() for w in wf.current_workflows(store, ns)}
    offline = {w.key: w.content() for w in wf.current_workflows(store, ns2)}
    assert set(online) == {group_key(task_type=f.task_type) for f in fams}
    assert online == offline
    again = wf.induce_workflows(store, ns)  # offline over what online built: nothing left to change
    assert {c.change for c in again.changes} == {"unchanged"}


def test_success_adds_support_and_a_shorter_path_makes_version_2(store: Store, ns: Namespace) -> None:
    wf.add_trajectories(store, ns, runs=[wf.parse_trajectory(body(i, LONG)) for i in range(4)])
    first = wf.induce_workflows(store, ns).changes[0]
    assert (first.change, first.version) == ("created", 1)
    added = wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(4, LONG))).workflow
    assert added is not None and (added.change, added.version) == ("updated", 1)
    [v1] = wf.current_workflows(store, ns)
    assert (v1.support, v1.successes, v1.actions) == (5, 5, tuple(LONG))
    seen = []
    for i in range(5, 10):
        c = wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(i, SHORT))).workflow
        assert c is not None
        seen.append((c.change, c.version, c.reason))
    assert seen[:4] == [("updated", 1, None)] * 4  # double_check still in 5 of 6..9 runs
    assert seen[4] == ("versioned", 2, "shorter")  # 5 of 10 is not more than half
    [v2] = wf.current_workflows(store, ns)
    assert (v2.version, v2.actions, v2.reason, v2.successes, v2.support) == (2, tuple(SHORT), "shorter", 10, 10)
    history = wf.workflow_history(store, ns, workflow=v2.id)
    old, new = history.versions
    assert (old.version, old.actions, old.support) == (1, tuple(LONG), 5)
    assert old.txn_end is not None and old.txn_end == new.txn_time and old.superseded_by == v2.id
    assert new.txn_end is None
    assert list(history.trajectories[0]) == [f"t{i:03d}" for i in range(9)]
    assert list(history.trajectories[1]) == [f"t{i:03d}" for i in range(10)]
    assert wf.workflow_history(store, ns, workflow=v2.key).versions == history.versions


def test_failures_raise_the_risk_count_on_the_step_where_they_happen(store: Store, ns: Namespace) -> None:
    for i in range(3):
        wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(i, SHORT)))
    wf.add_trajectory(store, ns, run=wf.parse_trajectory(
        body(3, ["lookup_order", "search_kb", "verify_identity", "issue_refund"], outcome="failure",
             failed_step=3, error="payment gateway timeout")))
    wf.add_trajectory(store, ns, run=wf.parse_trajectory(
        body(4, SHORT, outcome="failure", failed_step=2, error="card declined")))
    wf.add_trajectory(store, ns, run=wf.parse_trajectory(
        body(5, SHORT[:3], outcome="failure", error="payment gateway timeout")))
    wf.add_trajectory(store, ns, run=wf.parse_trajectory(
        body(6, ["lookup_order", "search_kb"], outcome="failure", error="kb down")))
    [w] = wf.current_workflows(store, ns)
    assert w.version == 1 and (w.successes, w.failures) == (3, 4)
    assert [(r.step, r.action, r.count, r.example_error) for r in w.risks] == [
        (2, "issue_refund", 3, "payment gateway timeout"), (None, "search_kb", 1, "kb down")]
    assert w.success_rate == pytest.approx(3 / 7)


def test_untyped_runs_group_by_task_text_and_online_agrees_with_offline(
        store: Store, ns: Namespace, ns2: Namespace) -> None:
    fams = [family("refund_order"), family("book_meeting")]
    samples = generate(6, families=fams, seed=5, typed=False, failure_rate=0.0)
    for r in runs_of(samples):
        wf.add_trajectory(store, ns, run=r)
    online = wf.current_workflows(store, ns)
    assert sorted(sorted(w.actions) for w in online) == sorted(sorted(a for a, _ in f.steps) for f in fams)
    assert all(w.task_type is None and w.successes == 6 for w in online)
    wf.add_trajectories(store, ns2, runs=runs_of(samples))
    wf.induce_workflows(store, ns2)
    assert sorted(w.content()["steps"] == v.content()["steps"] for w, v in
                  zip(sorted(online, key=lambda w: w.actions), sorted(wf.current_workflows(store, ns2),
                                                                       key=lambda w: w.actions))) == [True, True]


def test_an_untyped_group_with_a_typed_workflow_s_signature_is_merged_into_it(store: Store, ns: Namespace) -> None:
    for i in range(3):
        wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(i, SHORT)))
    odd = body(3, SHORT, task_type=None)
    odd["task"] = "Customer wants their money back for ORD-10003, please handle"
    change = wf.add_trajectory(store, ns, run=wf.parse_trajectory(odd)).workflow
    assert change is not None and change.change == "merged" and change.key == group_key(task_type="refund_order")
    [w] = wf.current_workflows(store, ns)
    assert (w.task_type, w.successes) == ("refund_order", 4)


def test_concurrent_reports_for_one_workflow_lose_no_update(store: Store, ns: Namespace) -> None:
    errors: list[BaseException] = []

    def report(start: int) -> None:
        try:
            for i in range(start, start + 4):
                wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(i, SHORT)))
        except BaseException as exc:  # noqa: BLE001 (re-raised in the main thread)
            errors.append(exc)

    threads = [threading.Thread(target=report, args=(s,)) for s in (0, 10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    [w] = wf.current_workflows(store, ns)
    assert (w.successes, w.support, w.version) == (8, 8, 1)
    assert len(wf.workflow_history(store, ns, workflow=w.key).trajectories[0]) == 8


def test_a_duplicate_id_is_refused_and_writes_nothing(store: Store, ns: Namespace) -> None:
    wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(1, SHORT)))
    with pytest.raises(Conflict) as err:
        wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(1, LONG)))
    assert err.value.code == "duplicate_trajectory"
    with pytest.raises(Conflict):
        wf.add_trajectories(store, ns, runs=[wf.parse_trajectory(body(2, SHORT)), wf.parse_trajectory(body(1, SHORT))])
    [w] = wf.current_workflows(store, ns)
    assert w.successes == 1 and w.actions == tuple(SHORT)
    assert len(wf.workflow_history(store, ns, workflow=w.key).trajectories[0]) == 1


def test_every_family_is_induced_offline(store: Store, ns: Namespace) -> None:
    wf.add_trajectories(store, ns, runs=runs_of(generate(20, seed=21)))
    report = wf.induce_workflows(store, ns)
    assert report.groups == len(FAMILIES) and {c.change for c in report.changes} == {"created"}
    by_type = {w.task_type: w for w in wf.current_workflows(store, ns)}
    for fam in FAMILIES:
        assert [{"action": s.action, "args": dict(s.args)} for s in by_type[fam.task_type].steps] == \
            fam.expected_steps()
    only = wf.induce_workflows(store, ns, task_type="book_meeting")
    assert only.groups == 1 and [c.change for c in only.changes] == ["unchanged"]


@pytest.mark.parametrize("purge", ["no", "yes", "legacy"], ids=["erased", "purged", "erased-before-the-fix"])
def test_an_erasure_re_embeds_the_leader_vector_of_a_group_it_redacts(store: Store, ns: Namespace, purge: str) -> None:
    """An untyped group's leader vector is the embedding of its leader's task: once an erasure redacts that task,
    the vector is the redacted task's (the old one was computed from the erased person's name). A group an
    erasure redacted before erasures did this ("legacy": its old vector put back) is re-embedded by the purge."""
    from graphmem.channels.reembed import texts_for
    from graphmem.channels.temporal import put_entity
    from graphmem.embedding import get_embedder
    from graphmem.privacy import erase_entity
    from graphmem.privacy import purge as purge_erased

    put_entity(store, ns, key="cust-7", type="customer", name="Siobhan Okonkwo")
    first = body(1, SHORT, task_type=None)
    first["task"] = "Refund Siobhan Okonkwo's order ORD-10001"
    wf.add_trajectory(store, ns, run=wf.parse_trajectory(first))
    wf.add_trajectory(store, ns, run=wf.parse_trajectory(body(2, SHORT, task_type=None)))

    def leaders() -> list[dict[str, Any]]:
        records, _, _ = store._driver.execute_query(
            "MATCH (g:WorkflowGroup {ns: $ns}) WHERE g.leader_embedding IS NOT NULL "
            "RETURN elementId(g) AS id, g.leader_task AS task, g.leader_embedding AS vector", {"ns": ns.name},
            database_=store.services.settings.neo4j_database)
        return [dict(r) for r in records]

    [before] = [g for g in leaders() if "Okonkwo" in g["task"]]
    embed = get_embedder(store.services.settings).embed
    assert before["vector"] == pytest.approx(embed(texts_for("group_leaders", {"task": before["task"]}))[0], abs=1e-5)
    erase_entity(store, ns, key="cust-7", reason="request", by="test")
    if purge == "legacy":
        store._driver.execute_query("MATCH (g:WorkflowGroup) WHERE elementId(g) = $id SET g.leader_embedding = $v",
                                    {"id": before["id"], "v": before["vector"]},
                                    database_=store.services.settings.neo4j_database)
    if purge != "no":
        purge_erased(store, ns, older_than_days=0, by="test")
    [after] = [g for g in leaders() if g["id"] == before["id"]]
    assert "Okonkwo" not in after["task"] and "Siobhan" not in after["task"]
    assert after["vector"] == pytest.approx(embed(texts_for("group_leaders", {"task": after["task"]}))[0], abs=1e-5)
    assert after["vector"] != pytest.approx(before["vector"], abs=1e-3)
