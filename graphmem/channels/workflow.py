"""Workflow channel: trajectories in, workflows out; online and offline induction, versions, matching.

Agents report trajectories (`add_trajectory`). Each one updates its group's workflow at once
(online): the group's runs are re-induced by the pure `graphmem.induction`, so a success adds
support, a failure adds a risk point, and a different consensus path (shorter, or leaving out a
risky step) closes the current version (`txn_end`) and writes the next one; the old version stays
in history with its `INDUCED_FROM` trajectories. `induce_workflows` does the same for all stored
runs at once (offline); because induction is a function of the set of runs, online and offline
give the same workflow. `match_workflows` finds the workflow for a task: task_type first, then
vector similarity of the task text to the workflows' example tasks and steps.

Every write is one transaction. Groups are locked (MERGE on `:WorkflowGroup` plus a write) so
concurrent reports for one workflow serialise. Untyped runs are grouped by task-text similarity
(leader clustering) and deduplicated by action signature (`graphmem.induction.grouping`); for
them online and offline agree on the assignment but a dedupe merge can happen earlier online.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from graphmem import limits
from graphmem.errors import Conflict, InvalidInput, WorkflowNotFound
from graphmem.identifiers import DEFAULT_REGISTRY, Registry
from graphmem.induction import (
    DEFAULT_THRESHOLD,
    Induced,
    Run,
    fill_params,
    group_key,
    induce_group,
    leader_clusters,
    make_run,
    nearest_leader,
    plan_merges,
    version_reason,
)
from graphmem.channels.workflow_records import (
    Change,
    InductionReport,
    TrajectoryAdded,
    WorkflowHistory,
    WorkflowMatch,
    WorkflowVersion,
    embed_tasks,
    embed_texts,
    embed_workflow,
    embedding_texts,
    run_from_row,
    run_row,
    update_props,
    workflow_props,
)
from graphmem.instants import parse_instant, utcnow
from graphmem.store import Store, Tx
from graphmem.types import Namespace

log = logging.getLogger(__name__)

#: A refiner (e.g. the LLM inducer) may rename, describe or re-pick the steps of a draft.
Refiner = Callable[[Sequence[Run], Induced], Induced]
Progress = Callable[[int, int], None]


# --- trajectories -----------------------------------------------------------------------------
def parse_trajectory(body: Mapping[str, Any], *, max_text_chars: int = 20_000) -> Run:
    """A validated run from a request-shaped mapping; `id` defaults to a new UUID, `at` to now.

    Raises:
        InvalidInput: a field that does not validate (named in the error).
    """
    rid = body.get("id")
    if rid is not None and (not isinstance(rid, str) or not rid.strip() or len(rid) > 200):
        raise InvalidInput.field("id", "must be a non-empty string of at most 200 characters")
    at = parse_instant(body["at"], "at") if body.get("at") is not None else utcnow()
    _check_storable(body)
    return make_run(id=rid or str(uuid.uuid4()), task=body.get("task"), steps=body.get("steps"),
                    outcome=body.get("outcome"), task_type=body.get("task_type"),
                    failed_step=body.get("failed_step"), error=body.get("error"), at=at,
                    max_text_chars=max_text_chars)


def _check_storable(body: Mapping[str, Any]) -> None:
    """What Neo4j cannot store (graphmem.limits): lone surrogates, step args deeper than 32, huge numbers."""
    for name in ("id", "task", "task_type", "error"):
        limits.check_text(body.get(name), name)
    steps = body.get("steps")
    for i, step in enumerate(steps if isinstance(steps, (list, tuple)) else ()):
        if isinstance(step, Mapping):
            limits.check_text(step.get("action"), f"steps.{i}.action")
            if step.get("args") is not None:
                limits.check_json(step["args"], f"steps.{i}.args")


def add_trajectory(store: Store, ns: Namespace, *, run: Run, induce: bool = True,
                   threshold: float = DEFAULT_THRESHOLD) -> TrajectoryAdded:
    """Store one trajectory and, with `induce`, update its workflow in the same transaction.

    Raises:
        Conflict: a trajectory with this id exists in the namespace (`duplicate_trajectory`).
    """
    now = utcnow()
    run = run if run.at is not None else replace(run, at=now)
    vector = None if run.task_type else embed_tasks(store.settings, [run.task])[0]

    def work(tx: Tx) -> TrajectoryAdded:
        _refuse_duplicates(tx, ns, [run.id])
        group: dict[str, Any]
        if run.task_type:
            key = group_key(task_type=run.task_type)
            group = {"key": key, "task_type": run.task_type, "leader": run.id, "leader_task": run.task,
                     "leader_embedding": None, "leader_actions": None, "leader_at": run.at}
        else:
            assert vector is not None
            actions = [s.action for s in run.steps]
            leaders = [(r["key"], r["embedding"], r["actions"] or [])
                       for r in tx.run("workflow/read_auto_groups", ns=ns.name)]
            key = nearest_leader(vector, actions, leaders, threshold) or group_key(leader=run.id)
            group = {"key": key, "task_type": None, "leader": run.id, "leader_task": run.task,
                     "leader_embedding": vector, "leader_actions": actions, "leader_at": run.at}
        locked = tx.run("workflow/lock_groups", ns=ns.name, groups=[group], now=now)[0]
        tx.run("workflow/create_trajectories", ns=ns.name, rows=[run_row(run, key)])
        if not induce:
            return TrajectoryAdded(run.id, key, None)
        canonical = locked["merged_into"] or key
        if canonical != key:
            tx.run("workflow/lock_groups", ns=ns.name, groups=[{"key": canonical}], now=now)
        change = _refresh(tx, store, ns, canonical, link_ids=[run.id], now=now)
        if change is not None and locked["task_type"] is None and canonical == key:
            change = _dedupe_one(tx, store, ns, canonical, now=now) or change
        return TrajectoryAdded(run.id, key, change)

    return store.write(work)


def add_trajectories(store: Store, ns: Namespace, *, runs: Sequence[Run]) -> int:
    """Bulk-store trajectories without inducing (imports, benchmarks); `induce_workflows` follows.

    Raises:
        Conflict: one of the ids exists already; nothing is written.
    """
    now = utcnow()
    runs = [r if r.at is not None else replace(r, at=now) for r in runs]
    rows = [run_row(r, group_key(task_type=r.task_type) if r.task_type else None) for r in runs]
    groups = {r["group_key"]: {"key": r["group_key"], "task_type": r["task_type"], "leader": r["id"],
                               "leader_task": r["task"], "leader_embedding": None, "leader_actions": None,
                               "leader_at": r["at"]}
              for r in reversed(rows) if r["group_key"]}

    def work(tx: Tx) -> int:
        _refuse_duplicates(tx, ns, [r.id for r in runs])
        if groups:
            tx.run("workflow/lock_groups", ns=ns.name, groups=list(groups.values()), now=now)
        created = 0
        for i in range(0, len(rows), 2000):
            created += tx.run("workflow/create_trajectories", ns=ns.name, rows=rows[i:i + 2000])[0]["created"]
        return created

    return store.write(work)


def _refuse_duplicates(tx: Tx, ns: Namespace, ids: Sequence[str]) -> None:
    if len(set(ids)) != len(ids):
        raise InvalidInput.field("id", "trajectory ids must be unique")
    found = [r["id"] for r in tx.run("workflow/find_trajectories", ns=ns.name, ids=list(ids))]
    if found:
        raise Conflict(f"trajectory {found[0]!r} exists already in namespace {ns.name!r}",
                       code="duplicate_trajectory", details={"ids": found[:20]})


# --- induction ----------------------------------------------------------------------------------
def _current(tx: Tx, ns: Namespace, keys: Sequence[str] | None) -> dict[str, WorkflowVersion]:
    rows = tx.run("workflow/read_current_workflows", ns=ns.name, keys=list(keys) if keys is not None else None)
    return {r["w"]["key"]: WorkflowVersion.from_row(r["w"]) for r in rows}


def _apply(tx: Tx, store: Store, ns: Namespace, induced: Induced | None, current: WorkflowVersion | None, *,
           link_ids: Iterable[str], now: datetime) -> Change | None:
    """Write what induction decided: a first version, a next version, or an update in place."""
    if induced is None:
        return None
    links = list(link_ids)
    if current is None:
        props = workflow_props(induced, version=1, reason="first", now=now,
                               embedding=embed_workflow(store.settings, induced, None))
        tx.run("workflow/create_workflow", ns=ns.name, props=props, link_ids=list(induced.run_ids))
        return Change(induced.key, props["id"], 1, "created", "first")
    risky = [r.action for r in current.risks if r.step is not None and r.count > 0]
    reason = version_reason(current.actions, risky, induced.actions)
    embedding = embed_workflow(store.settings, induced, current)
    if reason is None:
        if current.content() == induced.content() and current.inducer == induced.inducer:
            if links:
                tx.run("workflow/update_workflow", ns=ns.name, id=current.id, props={}, link_ids=links)
            return Change(current.key, current.id, current.version, "unchanged")
        tx.run("workflow/update_workflow", ns=ns.name, id=current.id,
               props=update_props(induced, embedding=embedding), link_ids=links)
        return Change(current.key, current.id, current.version, "updated")
    version = current.version + 1
    props = workflow_props(induced, version=version, reason=reason, now=now, embedding=embedding)
    tx.run("workflow/close_workflow", ns=ns.name, id=current.id, now=now, superseded_by=props["id"], reason=reason)
    tx.run("workflow/create_workflow", ns=ns.name, props=props, link_ids=list(induced.run_ids))
    return Change(current.key, props["id"], version, "versioned", reason)


def _refresh(tx: Tx, store: Store, ns: Namespace, key: str, *, link_ids: Iterable[str], now: datetime,
             refine: Refiner | None = None, registry: Registry = DEFAULT_REGISTRY) -> Change | None:
    """Re-induce one group (with the groups merged into it) from all its stored runs."""
    runs = [run_from_row(r) for r in tx.run("workflow/read_group_runs", ns=ns.name, key=key)]
    induced = induce_group(runs, key=key, registry=registry)
    if induced is not None and refine is not None:
        induced = refine(runs, induced)
    return _apply(tx, store, ns, induced, _current(tx, ns, [key]).get(key), link_ids=link_ids, now=now)


def _merge(tx: Tx, store: Store, ns: Namespace, absorbed: WorkflowVersion, target: str, *,
           now: datetime) -> Change | None:
    tx.run("workflow/lock_groups", ns=ns.name, groups=[{"key": target}], now=now)
    tx.run("workflow/merge_groups", ns=ns.name, **{"from": absorbed.key}, into=target, now=now)
    tx.run("workflow/close_workflow", ns=ns.name, id=absorbed.id, now=now, superseded_by=target, reason="merged")
    runs = tx.run("workflow/read_group_runs", ns=ns.name, key=target)
    change = _refresh(tx, store, ns, target, link_ids=[r["id"] for r in runs], now=now)
    return Change(target, change.id, change.version, "merged", f"absorbed {absorbed.key}") if change else None


def _dedupe_one(tx: Tx, store: Store, ns: Namespace, key: str, *, now: datetime) -> Change | None:
    """Online dedupe: an untyped group whose workflow now has another workflow's signature joins it."""
    current = _current(tx, ns, None)
    mine = current.get(key)
    if mine is None:
        return None
    others = [w for k, w in current.items() if k != key and w.signature == mine.signature]
    if not others:
        return None
    order = sorted(others, key=lambda w: (w.task_type is None, w.txn_time or now, w.key))
    plan = plan_merges([(w.key, w.task_type, w.signature) for w in order] + [(key, None, mine.signature)])
    target = plan.get(key)
    return _merge(tx, store, ns, mine, target, now=now) if target else None


def induce_workflows(store: Store, ns: Namespace, *, task_type: str | None = None, refine: Refiner | None = None,
                     progress: Progress | None = None, threshold: float = DEFAULT_THRESHOLD) -> InductionReport:
    """Offline induction over all stored trajectories (or one task_type), in one transaction.

    Trajectories stored without a group (bulk loads) are grouped first, in arrival order, exactly
    as online induction would have; then every group is re-induced and written, and untyped groups
    with the signature of another workflow are merged into it. `progress(done, total)` is called
    as each group is induced and again as it is written (total: twice the groups). All workflows'
    texts are embedded in one batch.
    """
    now = utcnow()

    def work(tx: Tx) -> InductionReport:
        rows = tx.run("workflow/read_trajectories", ns=ns.name, task_type=task_type)
        assign = _assign_groups(tx, store, ns, rows, threshold=threshold, now=now)
        group_of = {r["id"]: r["group_key"] or assign[r["id"]] for r in rows}
        locked = tx.run("workflow/lock_groups", ns=ns.name, groups=[{"key": k} for k in sorted(set(group_of.values()))],
                        now=now)
        canonical = {g["key"]: g["merged_into"] or g["key"] for g in locked}
        runs: dict[str, list[Run]] = {k: [] for k in sorted(set(canonical.values()))}
        if task_type is None:  # every run is in `rows` already
            for r in rows:
                runs[canonical[group_of[r["id"]]]].append(run_from_row(r))
        else:  # runs of untyped groups merged into this type's group are not in `rows`
            for key in runs:
                runs[key] = [run_from_row(r) for r in tx.run("workflow/read_group_runs", ns=ns.name, key=key)]
        drafts: dict[str, Induced | None] = {}
        for i, (key, members) in enumerate(runs.items()):
            drafts[key] = induce_group(members, key=key)
            if drafts[key] is not None and refine is not None:
                drafts[key] = refine(members, drafts[key])  # type: ignore[arg-type]
            if progress is not None:
                progress(i + 1, 2 * len(runs))
        embed_texts(store.settings, [t for d in drafts.values() if d is not None for t in embedding_texts(d)])
        current = _current(tx, ns, list(runs))
        changes: list[Change] = []
        for i, (key, d) in enumerate(drafts.items()):
            change = _apply(tx, store, ns, d, current.get(key), link_ids=[r.id for r in runs[key]], now=now)
            if change is not None:
                changes.append(change)
            if progress is not None:
                progress(len(runs) + i + 1, 2 * len(runs))
        current = _current(tx, ns, None)
        ages = {g["key"]: g["leader_at"] for g in locked}
        order = sorted(current.values(), key=lambda w: (ages.get(w.key) or now, w.key))
        for absorbed, target in plan_merges([(w.key, w.task_type, w.signature) for w in order]).items():
            merged = _merge(tx, store, ns, current[absorbed], target, now=now)
            if merged is not None:
                changes.append(merged)
        return InductionReport(trajectories=len(rows), groups=len(runs), changes=tuple(changes))

    return store.write(work)


def _assign_groups(tx: Tx, store: Store, ns: Namespace, rows: Sequence[Mapping[str, Any]], *,
                   threshold: float, now: datetime) -> dict[str, str]:
    """Group keys for trajectories stored without one: by task_type, else by leader clustering."""
    todo = [r for r in rows if r["group_key"] is None]
    assign: dict[str, str] = {r["id"]: group_key(task_type=r["task_type"]) for r in todo if r["task_type"]}
    untyped = [r for r in todo if not r["task_type"]]
    groups: dict[str, dict[str, Any]] = {}
    for r in todo:
        if r["task_type"] and assign[r["id"]] not in groups:
            groups[assign[r["id"]]] = {"key": assign[r["id"]], "task_type": r["task_type"], "leader": r["id"],
                                       "leader_task": r["task"], "leader_embedding": None, "leader_actions": None,
                                       "leader_at": r["at"]}
    if untyped:
        vectors = embed_tasks(store.settings, [r["task"] for r in untyped])
        actions = [[s["action"] for s in json.loads(r["steps"])] for r in untyped]
        leaders = [(g["key"], g["embedding"], g["actions"] or [])
                   for g in tx.run("workflow/read_auto_groups", ns=ns.name)]
        placed, created = leader_clusters([(r["id"], v, a) for r, v, a in zip(untyped, vectors, actions)],
                                          leaders, threshold)
        assign.update(placed)
        by_id = {r["id"]: (r, v, a) for r, v, a in zip(untyped, vectors, actions)}
        for key, leader in created:
            r, v, a = by_id[leader]
            groups[key] = {"key": key, "task_type": None, "leader": leader, "leader_task": r["task"],
                           "leader_embedding": v, "leader_actions": a, "leader_at": r["at"]}
    if groups:
        tx.run("workflow/lock_groups", ns=ns.name, groups=list(groups.values()), now=now)
    if assign:
        tx.run("workflow/assign_groups", ns=ns.name, rows=[{"id": i, "group_key": k} for i, k in assign.items()])
    return assign


# --- reading ------------------------------------------------------------------------------------
def match_workflows(store: Store, ns: Namespace, *, task: str | None = None, task_type: str | None = None,
                    k: int = 5, registry: Registry = DEFAULT_REGISTRY) -> list[WorkflowMatch]:
    """Current workflows for a task, best first: task_type matches, then the most similar by task text.

    Each match says which parameters the task text seems to fill (`graphmem.induction.fill_params`).

    Raises:
        InvalidInput: neither task nor task_type, or k outside 1..max_k.
    """
    if not (task and task.strip()) and not (task_type and task_type.strip()):
        raise InvalidInput.field("task", "give a task text, a task_type, or both")
    if not 1 <= k <= store.settings.max_k:
        raise InvalidInput.field("k", f"must be between 1 and {store.settings.max_k}")
    found: dict[str, WorkflowMatch] = {}
    if task_type:
        for r in store.read("workflow/match_by_type", ns=ns.name, task_type=task_type.strip()):
            w = WorkflowVersion.from_row(r["w"])
            found.setdefault(w.key, WorkflowMatch(w, float(r["score"]), "task_type", {}))
    if task and task.strip() and len(found) < k:
        vector = embed_tasks(store.settings, [task])[0]
        fetch = max(50, 10 * k)
        while True:
            rows = store.read("workflow/match_by_vector", ns=ns.name, vector=vector, fetch=fetch)
            hits = [r for r in rows if r["w"] is not None and r["w"]["key"] not in found]
            if len(hits) >= k - len(found) or rows[0]["fetched"] < fetch or fetch >= 10_000:
                break
            fetch *= 4
        for h in hits:
            w = WorkflowVersion.from_row(h["w"])
            found.setdefault(w.key, WorkflowMatch(w, float(h["score"]), "similarity", {}))
    out = list(found.values())[:k]
    if task:
        out = [WorkflowMatch(m.workflow, m.score, m.matched_by, fill_params(m.workflow.params, task, registry))
               for m in out]
    return out


def current_workflows(store: Store, ns: Namespace) -> list[WorkflowVersion]:
    """Every current workflow of the namespace, by key."""
    return store.read_tx(lambda tx: list(_current(tx, ns, None).values()))


def workflow_history(store: Store, ns: Namespace, *, workflow: str) -> WorkflowHistory:
    """Every version of a workflow, oldest first, each with the trajectories it was induced from.

    Raises:
        WorkflowNotFound: no workflow has this id or key in the namespace.
    """
    rows = store.read("workflow/read_history", ns=ns.name, ref=workflow)
    if not rows:
        raise WorkflowNotFound(f"no workflow {workflow!r} in namespace {ns.name!r}", details={"workflow": workflow})
    versions = tuple(WorkflowVersion.from_row(r["w"]) for r in rows)
    return WorkflowHistory(key=versions[0].key, versions=versions,
                           trajectories=tuple(tuple(r["trajectories"]) for r in rows))
