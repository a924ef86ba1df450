"""Workflow channel: trajectories in, workflows out; online and offline induction, versions, matching.

Agents report trajectories (`add_trajectory`). Each one updates its group's workflow at once
(online): the group's runs are re-induced by the pure `graphmem.induction`, so a success adds
support, a failure adds a risk point, and a different consensus path (shorter, or leaving out a
risky step) closes the current version (`txn_end`) and writes the next one; the old version stays
in history with its `INDUCED_FROM` trajectories. `induce_workflows` does the same for all stored
runs at once (offline); because induction is a function of the set of runs, online and offline
give the same workflows. A task type may hold several procedures (one workflow each) and blocks
they share (sub-workflows they reference); the writes live in `_induce`. `match_workflows`
finds the workflows for a task: task_type first; then by task text, the type first (its embedding
and the words its runs use), then the procedure inside it; a match says why.

Every write is one transaction. Groups are locked (MERGE on `:WorkflowGroup` plus a write) so
concurrent reports for one workflow serialise. Untyped runs are grouped by task-text similarity
(leader clustering) and deduplicated by action signature (`graphmem.induction.grouping`); for
them online and offline agree on the assignment but a dedupe merge can happen earlier online.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from graphmem import limits
from graphmem.errors import Conflict, InvalidInput, WorkflowNotFound
from graphmem.identifiers import DEFAULT_REGISTRY, Registry
from graphmem.induction import (
    DEFAULT_THRESHOLD,
    Run,
    cosine,
    example_overlap,
    fill_params,
    group_key,
    make_run,
    nearest_leader,
    type_overlap,
    words,
)
from graphmem.embedding import centroid
from graphmem.channels.workflow._records import (
    Change,
    Example,
    Fitted,
    InductionReport,
    TrajectoryAdded,
    WorkflowHistory,
    WorkflowMatch,
    WorkflowVersion,
    clear_embedding_cache,
    embed_tasks,
    embed_texts,
    run_row,
    type_texts,
    workflow_texts,
)
from graphmem.channels.workflow._terms import cached_versions, shared_words
from graphmem.channels.workflow._induce import Progress, Refiner, current, dedupe_one, induce_all, refresh
from graphmem.channels.workflow._erasure import Reinduced, reinduce_groups
from graphmem.channels.workflow._fit import apart, fit
from graphmem.channels.workflow._llm import refiner_from_settings
from graphmem.instants import parse_instant, utcnow
from graphmem.store import Store, Tx
from graphmem.types import Namespace

log = logging.getLogger(__name__)

#: weight of the shared-words share next to the embedding similarity (types and procedures alike)
LEXICAL_WEIGHT = 0.25
#: weight of the type's similarity in a procedure's score (the rest: the procedure's own)
TYPE_WEIGHT = 0.5

__all__ = ["Change", "Example", "Fitted", "InductionReport", "Progress", "Refiner", "Reinduced", "TrajectoryAdded", "WorkflowHistory",
           "WorkflowMatch", "WorkflowVersion", "add_trajectories", "add_trajectory", "centroid", "clear_embedding_cache",
           "current_workflows", "embed_texts", "induce_workflows", "match_workflows", "parse_trajectory",
           "refiner_from_settings", "reinduce_groups", "type_texts", "workflow_history", "workflow_texts"]


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
    vector = embed_tasks(store.services.settings, [run.task])[0] if run.succeeded or not run.task_type else None

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
                       for r in tx.run("workflow/read_auto_groups", ns=ns)]
            key = nearest_leader(vector, actions, leaders, threshold) or group_key(leader=run.id)
            group = {"key": key, "task_type": None, "leader": run.id, "leader_task": run.task,
                     "leader_embedding": vector, "leader_actions": actions, "leader_at": run.at}
        locked = tx.run("workflow/lock_groups", ns=ns, groups=[group], now=now)[0]
        tx.run("workflow/create_trajectories", ns=ns, rows=[run_row(run, key, vector if run.succeeded else None)])
        if not induce:
            return TrajectoryAdded(run.id, key, None)
        canonical = locked["merged_into"] or key
        if canonical != key:
            tx.run("workflow/lock_groups", ns=ns, groups=[{"key": canonical}], now=now)
        changes = refresh(tx, store, ns, canonical, link_ids=[run.id], now=now)
        change = changes[0] if changes else None
        if change is not None and locked["task_type"] is None and canonical == key:
            change = dedupe_one(tx, store, ns, canonical, now=now) or change
        return TrajectoryAdded(run.id, key, change)

    return store.write(work)


def add_trajectories(store: Store, ns: Namespace, *, runs: Sequence[Run]) -> int:
    """Bulk-store trajectories without inducing (imports, benchmarks); `induce_workflows` follows.

    Raises:
        Conflict: one of the ids exists already; nothing is written.
    """
    now = utcnow()
    runs = [r if r.at is not None else replace(r, at=now) for r in runs]
    succeeded = [r for r in runs if r.succeeded]
    vectors = dict(zip((r.id for r in succeeded), embed_tasks(store.services.settings, [r.task for r in succeeded])))
    rows = [run_row(r, group_key(task_type=r.task_type) if r.task_type else None, vectors.get(r.id)) for r in runs]
    groups = {r["group_key"]: {"key": r["group_key"], "task_type": r["task_type"], "leader": r["id"],
                               "leader_task": r["task"], "leader_embedding": None, "leader_actions": None,
                               "leader_at": r["at"]}
              for r in reversed(rows) if r["group_key"]}

    def work(tx: Tx) -> int:
        _refuse_duplicates(tx, ns, [r.id for r in runs])
        if groups:
            tx.run("workflow/lock_groups", ns=ns, groups=list(groups.values()), now=now)
        created = 0
        for i in range(0, len(rows), 2000):
            created += tx.run("workflow/create_trajectories", ns=ns, rows=rows[i:i + 2000])[0]["created"]
        return created

    return store.write(work)


def _refuse_duplicates(tx: Tx, ns: Namespace, ids: Sequence[str]) -> None:
    if len(set(ids)) != len(ids):
        raise InvalidInput.field("id", "trajectory ids must be unique")
    found = [r["id"] for r in tx.run("workflow/find_trajectories", ns=ns, ids=list(ids))]
    if found:
        raise Conflict(f"trajectory {found[0]!r} exists already in namespace {ns.name!r}",
                       code="duplicate_trajectory", details={"ids": found[:20]})


# --- induction ----------------------------------------------------------------------------------
def induce_workflows(store: Store, ns: Namespace, *, task_type: str | None = None, refine: Refiner | None = None,
                     progress: Progress | None = None, threshold: float = DEFAULT_THRESHOLD) -> InductionReport:
    """Offline induction over all stored trajectories (or one task_type), in one transaction.

    Trajectories stored without a group (bulk loads) are grouped first, in arrival order, exactly
    as online induction would have; then every group is re-induced into its procedures and shared
    sub-workflows and written, and untyped groups with the signature of another workflow are merged
    into its group. `progress(done, total)` is called as each group is induced and again as it is
    written (total: twice the groups). All workflows' texts are embedded in one batch.
    """
    now = utcnow()
    return store.write(lambda tx: induce_all(tx, store, ns, task_type=task_type, refine=refine, progress=progress,
                                             threshold=threshold, now=now))


# --- reading ------------------------------------------------------------------------------------
def match_workflows(store: Store, ns: Namespace, *, task: str | None = None, task_type: str | None = None,
                    k: int = 5, registry: Registry = DEFAULT_REGISTRY) -> list[WorkflowMatch]:
    """Current workflows for a task, best first: task_type matches, then the most similar by task text.

    Each match says which parameters the task text seems to fill (`graphmem.induction.fill_params`).
    Given a task, the first match is fitted to it (`_fit`): its `steps` are those of the task's nearest
    successful runs of its type, its stored steps left out are `fitted.optional`, and the nearest run is
    `fitted.example`; the procedure induced from that run comes first when it is among the candidates.
    The others are alternatives with their stored steps.

    Raises:
        InvalidInput: neither task nor task_type, or k outside 1..max_k.
    """
    if not (task and task.strip()) and not (task_type and task_type.strip()):
        raise InvalidInput.field("task", "give a task text, a task_type, or both")
    if not 1 <= k <= store.services.settings.max_k:
        raise InvalidInput.field("k", f"must be between 1 and {store.services.settings.max_k}")
    found: dict[str, WorkflowMatch] = {}
    asked = bool(task and task.strip())
    vector = embed_tasks(store.services.settings, [task])[0] if task and asked else []
    if task_type:
        typed = [WorkflowVersion.from_row(r["w"])
                 for r in store.read("workflow/match_by_type", ns=ns, task_type=task_type.strip())]
        if task and asked:  # the task chooses among the type's procedures, as in the blind match's second stage
            for m in _within_type(store, ns, task, vector, typed, task_type.strip()):
                found.setdefault(m.workflow.key, m)
        else:
            for w in typed:
                found.setdefault(w.key, WorkflowMatch(w, 1.0, "task_type", {}))
    if task and asked and len(found) < k:
        for m in _by_type_then_procedure(store, ns, task, vector, k):
            found.setdefault(m.workflow.key, m)
    if task and task.strip() and len(found) < k:
        fetch = max(50, 10 * k)
        while True:
            rows = store.read("workflow/match_by_vector", ns=ns, vector=vector, fetch=fetch)
            hits = [r for r in rows if r["w"] is not None and r["w"]["key"] not in found]
            if len(hits) >= k - len(found) or rows[0]["fetched"] < fetch or fetch >= 10_000:
                break
            fetch *= 4
        for score, why, w in sorted((_similarity(vector, h) + (WorkflowVersion.from_row(h["w"]),) for h in hits),
                                    key=lambda x: -x[0]):
            found.setdefault(w.key, WorkflowMatch(w, score, "similarity", {}, why))
    ranked = list(found.values())
    fitted = fit(store, ns, task or "", vector, ranked[0].workflow, registry) if asked and ranked else None
    if fitted is not None:  # the fitted steps answer as the procedure of the run nearest the task
        lead = _lead(store, ns, ranked, fitted.example.procedures)
        ranked = [lead, *(m for m in ranked if m.workflow.key != lead.workflow.key)]
        fitted = apart(fitted, lead.workflow)
    out = ranked[:k]
    subs = _subworkflows(store, ns, out)
    fits = [fitted] + [None] * (len(out) - 1)
    return [replace(m, fitted=f, filled=fill_params(f.params if f else m.workflow.params, task, registry) if task else {},
                    why=(m.why or f"task_type {task_type!r}; induced from {m.workflow.successes} successful runs")
                    + (f"; steps fitted to the task from its {_runs(len(f.runs))} of "
                       + (f"type {m.workflow.task_type!r}" if m.workflow.task_type else "this group") if f else ""),
                    subworkflows=tuple(subs[u.workflow] for u in m.workflow.uses if u.workflow in subs))
            for m, f in zip(out, fits)]


def _lead(store: Store, ns: Namespace, ranked: Sequence[WorkflowMatch], procedures: Sequence[str]) -> WorkflowMatch:
    """The match the fitted steps answer as: the procedure induced from the run nearest the task (the
    best-ranked one when several were), read when the ranking did not reach it; else the first match."""
    lead = next((m for m in ranked if m.workflow.key in procedures), None)
    if lead is not None or not procedures:
        return lead or ranked[0]
    rows = store.read("workflow/read_current_workflows", ns=ns, keys=list(procedures))
    found = [WorkflowVersion.from_row({**r["w"], "embedding": None}) for r in rows if r["w"].get("kind") != "subroutine"]
    if not found:
        return ranked[0]
    w = min(found, key=lambda v: (-v.support, v.key))
    return WorkflowMatch(w, ranked[0].score, ranked[0].matched_by, {},
                         f"the procedure induced from the successful run nearest the task; {ranked[0].why}")


def _runs(n: int) -> str:
    return "nearest successful run" if n == 1 else f"{n} nearest successful runs"


def _within_type(store: Store, ns: Namespace, task: str, vector: Sequence[float], typed: Sequence[WorkflowVersion],
                 task_type: str) -> list[WorkflowMatch]:
    """The procedures of a given task type, ranked by the task: each one's embedding similarity to it plus
    LEXICAL_WEIGHT times the share of the task's words in its example tasks (the score the blind match
    gives a procedure inside its type); ties by support. A type holds several jobs (on an airline site:
    search a flight, check in, ask for a refund): without this the same procedure came first for all."""
    if not typed:
        return []
    query = words(task)
    groups = sorted({w.group or w.key for w in typed})
    similarity = {r["w"]["key"]: float(r["score"])
                  for r in store.read("workflow/match_in_groups", ns=ns, groups=groups, vector=list(vector))}
    scored = []
    for w in typed:
        own = similarity.get(w.key, 0.0) + LEXICAL_WEIGHT * example_overlap(query, w.examples)
        why = (f"task_type {task_type!r}; of its {len(typed)} procedures this one fits the task best: "
               f"{own:.3f} (task text {similarity.get(w.key, 0.0):.3f}); induced from {w.successes} successful runs")
        scored.append(((-own, -(w.support or 0), w.key), own, why, w))
    return [WorkflowMatch(w, score, "task_type", {}, why) for _, score, why, w in sorted(scored, key=lambda x: x[0])]


def _by_type_then_procedure(store: Store, ns: Namespace, task: str, vector: Sequence[float],
                            k: int) -> list[WorkflowMatch]:
    """Rank the groups (types) first, then the procedures inside the best ones.

    A type's score is its embedding's similarity to the task plus LEXICAL_WEIGHT times the idf-weighted
    share of the task's words its runs use (`graphmem.induction.type_overlap`); a procedure's is its
    own embedding's similarity plus LEXICAL_WEIGHT times the share of the task's words in its example
    tasks. Matches come type by type, best procedure first; `score` is the mean of the two.
    Empty when no group has a type embedding yet (workflows induced before types were embedded).
    """
    query = words(task)
    groups = store.read("workflow/match_groups", ns=ns, vector=list(vector), cached=cached_versions(ns.name))
    if not groups:
        return []
    shared = shared_words(ns.name, groups, query)
    if shared is None:
        groups = store.read("workflow/match_groups", ns=ns, vector=list(vector), cached={})
        shared = shared_words(ns.name, groups, query) or {}
    lexical = type_overlap(query, shared)
    of_type = {g["key"]: float(g["similarity"]) + LEXICAL_WEIGHT * lexical[g["key"]] for g in groups}
    top = sorted(of_type, key=lambda g: (-of_type[g], g))[:k + 2]
    rows = store.read("workflow/match_in_groups", ns=ns, groups=top, vector=list(vector))
    scored = []
    for r in rows:
        w = WorkflowVersion.from_row(r["w"])
        group = w.group or w.key
        own = float(r["score"]) + LEXICAL_WEIGHT * example_overlap(query, w.examples)
        why = (f"type {w.task_type or group!r} first: similarity {of_type.get(group, 0.0):.3f} (task text "
               f"{of_type.get(group, 0.0) - LEXICAL_WEIGHT * lexical.get(group, 0.0):.3f}, shared words "
               f"{lexical.get(group, 0.0):.3f}); then this procedure: {own:.3f} (task text {float(r['score']):.3f}); "
               f"induced from {w.successes} successful runs")
        scored.append(((-of_type.get(group, 0.0), -own, w.key), (of_type.get(group, 0.0) + own) / 2, why, w))
    return [WorkflowMatch(w, score, "similarity", {}, why) for _, score, why, w in sorted(scored, key=lambda x: x[0])]


def _similarity(vector: Sequence[float], hit: Mapping[str, Any]) -> tuple[float, str]:
    """A procedure's score: the mean of its own similarity and its type's (both on the index's 0..1
    scale), so the type with the most similar tasks overall wins before its best procedure is picked."""
    own = float(hit["score"])
    w = hit["w"]
    runs = f"induced from {w.get('successes') or 0} successful runs"
    if hit.get("type_embedding") is None:
        return own, f"task text similarity {own:.3f}; {runs}"
    of_type = (1.0 + cosine(vector, hit["type_embedding"])) / 2
    score = TYPE_WEIGHT * of_type + (1 - TYPE_WEIGHT) * own
    return score, f"task text similarity to this procedure {own:.3f}, to its type {of_type:.3f}; {runs}"


def _subworkflows(store: Store, ns: Namespace, matches: Sequence[WorkflowMatch]) -> dict[str, WorkflowVersion]:
    keys = sorted({u.workflow for m in matches for u in m.workflow.uses})
    if not keys:
        return {}
    rows = store.read("workflow/read_current_workflows", ns=ns, keys=keys)
    return {r["w"]["key"]: WorkflowVersion.from_row({**r["w"], "embedding": None}) for r in rows}


def current_workflows(store: Store, ns: Namespace) -> list[WorkflowVersion]:
    """Every current workflow of the namespace, by key."""
    return store.read_tx(lambda tx: [w for w in current(tx, ns, None).values()])


def workflow_history(store: Store, ns: Namespace, *, workflow: str) -> WorkflowHistory:
    """Every version of a workflow, oldest first, each with the trajectories it was induced from.

    Raises:
        WorkflowNotFound: no workflow has this id or key in the namespace.
    """
    rows = store.read("workflow/read_history", ns=ns, ref=workflow)
    if not rows:
        raise WorkflowNotFound(f"no workflow {workflow!r} in namespace {ns.name!r}", details={"workflow": workflow})
    versions = tuple(WorkflowVersion.from_row(r["w"]) for r in rows)
    return WorkflowHistory(key=versions[0].key, versions=versions,
                           trajectories=tuple(tuple(r["trajectories"]) for r in rows))
