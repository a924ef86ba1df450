"""Workflow induction writes: a group's runs in, its workflows (procedures and shared sub-workflows)
written as versions. Called inside the caller's transaction (`workflow.add_trajectory`,
`induce_workflows`, erasure).

A group is a task type (or a cluster of untyped runs). `graphmem.induction.induce_type` turns its
runs into one workflow per procedure plus the blocks they share; each is written by `_apply`: a
first version, a next version (another path closes the current one, which stays in history), or
an update in place. A workflow the group no longer yields (two procedures became one) is closed
with reason `regrouped`. The group node keeps the embedding of the whole type (`type_embedding`),
so matching can tell the right type before the right procedure.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from graphmem.embedding import centroid
from graphmem.channels.workflow._records import (
    Change,
    InductionReport,
    WorkflowVersion,
    embed_tasks,
    embed_texts,
    embed_workflow,
    embedding_texts,
    run_from_row,
    type_texts,
    update_props,
    workflow_props,
)
from graphmem.channels.workflow._terms import terms_version
from graphmem.identifiers import DEFAULT_REGISTRY, Registry
from graphmem.induction import (
    Induced,
    Run,
    group_key,
    group_terms,
    induce_type,
    leader_clusters,
    plan_merges,
    version_reason,
)
from graphmem.store import Store, Tx
from graphmem.types import Namespace

#: A refiner (e.g. the LLM inducer) may rename, describe or re-pick the steps of a draft.
Refiner = Callable[[Sequence[Run], Induced], Induced]
Progress = Callable[[int, int], None]
#: example tasks per procedure that go into a type's embedding


def group_of(key: str) -> str:
    """The group a workflow key belongs to: procedure and sub-workflow keys extend the group's key."""
    return key.split(".", 1)[0]


def current(tx: Tx, ns: Namespace, keys: Sequence[str] | None) -> dict[str, WorkflowVersion]:
    """Current versions of the given workflow keys (None: every workflow of the namespace)."""
    rows = tx.run("workflow/read_current_workflows", ns=ns, keys=list(keys) if keys is not None else None)
    return {r["w"]["key"]: WorkflowVersion.from_row(r["w"]) for r in rows}


def group_current(tx: Tx, ns: Namespace, groups: Sequence[str]) -> dict[str, dict[str, WorkflowVersion]]:
    """{group: {key: current version}} for the given groups."""
    out: dict[str, dict[str, WorkflowVersion]] = {g: {} for g in groups}
    for r in tx.run("workflow/read_group_workflows", ns=ns, groups=list(groups)):
        w = WorkflowVersion.from_row(r["w"])
        out.setdefault(group_of(w.key), {})[w.key] = w
    return out


def _embedding(store: Store, induced: Induced, cur: WorkflowVersion | None) -> list[float] | None:
    """Procedures are matched by embedding; sub-workflows are reached through their procedures."""
    return embed_workflow(store.services.settings, induced, cur) if induced.kind == "procedure" else None


def apply(tx: Tx, store: Store, ns: Namespace, induced: Induced | None, cur: WorkflowVersion | None, *,
          link_ids: Iterable[str], now: datetime) -> Change | None:
    """Write what induction decided: a first version, a next version, or an update in place."""
    if induced is None:
        return None
    mine = set(induced.run_ids)
    links = [i for i in link_ids if i in mine]
    if cur is None:
        row = tx.one("workflow/max_version", ns=ns, key=induced.key) or {}
        version = int(row.get("version") or 0) + 1  # a key hidden by an erasure or regrouped earlier
        props = workflow_props(induced, version=version, reason="first" if version == 1 else "revised", now=now,
                               embedding=_embedding(store, induced, None))
        tx.run("workflow/create_workflow", ns=ns, props=props, link_ids=list(induced.run_ids))
        return Change(induced.key, props["id"], version, "created" if version == 1 else "versioned",
                      "first" if version == 1 else "revised")
    risky = [r.action for r in cur.risks if r.step is not None and r.count > 0]
    reason = version_reason(cur.actions, risky, induced.actions)
    embedding = _embedding(store, induced, cur)
    if reason is None:
        if cur.content() == induced.content() and cur.inducer == induced.inducer:
            if links:
                tx.run("workflow/update_workflow", ns=ns, id=cur.id, props={}, link_ids=links)
            return Change(cur.key, cur.id, cur.version, "unchanged")
        tx.run("workflow/update_workflow", ns=ns, id=cur.id,
               props=update_props(induced, embedding=embedding), link_ids=links)
        return Change(cur.key, cur.id, cur.version, "updated")
    version = cur.version + 1
    props = workflow_props(induced, version=version, reason=reason, now=now, embedding=embedding)
    tx.run("workflow/close_workflow", ns=ns, id=cur.id, now=now, superseded_by=props["id"], reason=reason)
    tx.run("workflow/create_workflow", ns=ns, props=props, link_ids=list(induced.run_ids))
    return Change(cur.key, props["id"], version, "versioned", reason)


def draft_group(runs: Sequence[Run], key: str, *, refine: Refiner | None = None,
                registry: Registry = DEFAULT_REGISTRY) -> list[Induced]:
    """The workflows of one group: typed groups split into procedures, untyped ones stay one."""
    split = any(r.task_type for r in runs)
    drafts = induce_type(runs, key=key, registry=registry, split=split)
    if refine is not None:
        by_id = {r.id: r for r in runs}
        drafts = [refine([by_id[i] for i in d.run_ids if i in by_id], d) if d.kind == "procedure" else d
                  for d in drafts]
    return drafts


def type_embedding(store: Store, drafts: Sequence[Induced]) -> list[float] | None:
    """The normalised centroid of a group's example tasks (masked) and its type's name."""
    procedures = [d for d in drafts if d.kind == "procedure"]
    texts = type_texts([d.examples for d in procedures], [d.task_type for d in drafts])
    return centroid(embed_texts(store.services.settings, texts)) if texts else None


def write_group(tx: Tx, store: Store, ns: Namespace, key: str, runs: Sequence[Run], drafts: Sequence[Induced],
                existing: Mapping[str, WorkflowVersion], *, link_ids: Iterable[str], now: datetime,
                closing: str = "regrouped") -> list[Change]:
    """Apply a group's drafts, close the workflows it no longer yields, store the type embedding.

    The change to the procedure holding the first linked run comes first (the one a report answers with).
    `closing` is the reason written on a workflow the drafts no longer yield: `regrouped` when runs moved,
    `dropped` when an erasure left nothing to rebuild it from."""
    links = list(link_ids)
    first = links[0] if links else None
    ordered = sorted(drafts, key=lambda d: not (d.kind == "procedure" and first in d.run_ids))
    changes = [c for d in ordered
               if (c := apply(tx, store, ns, d, existing.get(d.key), link_ids=links, now=now)) is not None]
    made = {d.key for d in drafts}
    for k, w in sorted(existing.items()):
        if k not in made:
            tx.run("workflow/close_workflow", ns=ns, id=w.id, now=now, superseded_by=key, reason=closing)
            changes.append(Change(k, w.id, w.version, "merged", f"regrouped into {key}") if closing == "regrouped"
                           else Change(k, w.id, w.version, closing, closing))
    terms = group_terms(runs) if drafts else []
    tx.run("workflow/set_group_embedding", ns=ns, key=key, embedding=type_embedding(store, drafts),
           terms=terms, version=terms_version(terms))
    return changes


def refresh(tx: Tx, store: Store, ns: Namespace, key: str, *, link_ids: Iterable[str], now: datetime,
            refine: Refiner | None = None, registry: Registry = DEFAULT_REGISTRY) -> list[Change]:
    """Re-induce one group (with the groups merged into it) from all its stored runs."""
    runs = [run_from_row(r) for r in tx.run("workflow/read_group_runs", ns=ns, key=key)]
    drafts = draft_group(runs, key, refine=refine, registry=registry)
    return write_group(tx, store, ns, key, runs, drafts, group_current(tx, ns, [key])[key], link_ids=link_ids, now=now)


def merge(tx: Tx, store: Store, ns: Namespace, absorbed: WorkflowVersion, target: str, *,
          now: datetime) -> Change | None:
    """An untyped group joins the group `target`; the target is re-induced with its runs."""
    tx.run("workflow/lock_groups", ns=ns, groups=[{"key": target}], now=now)
    tx.run("workflow/merge_groups", ns=ns, **{"from": group_of(absorbed.key)}, into=target, now=now)
    tx.run("workflow/close_workflow", ns=ns, id=absorbed.id, now=now, superseded_by=target, reason="merged")
    runs = tx.run("workflow/read_group_runs", ns=ns, key=target)
    changes = refresh(tx, store, ns, target, link_ids=[r["id"] for r in runs], now=now)
    mine = next((c for c in changes if c.key == target), changes[0] if changes else None)
    return Change(mine.key, mine.id, mine.version, "merged", f"absorbed {absorbed.key}") if mine else None


def dedupe_one(tx: Tx, store: Store, ns: Namespace, key: str, *, now: datetime) -> Change | None:
    """Online dedupe: an untyped group whose workflow now has another procedure's signature joins its group."""
    everything = {k: w for k, w in current(tx, ns, None).items() if w.kind == "procedure"}
    mine = everything.get(key)
    if mine is None:
        return None
    others = [w for k, w in everything.items() if k != key and w.signature == mine.signature]
    if not others:
        return None
    order = sorted(others, key=lambda w: (w.task_type is None, w.txn_time or now, w.key))
    plan = plan_merges([(w.key, w.task_type, w.signature) for w in order] + [(key, None, mine.signature)])
    target = plan.get(key)
    return merge(tx, store, ns, mine, group_of(target), now=now) if target else None


def induce_all(tx: Tx, store: Store, ns: Namespace, *, task_type: str | None, refine: Refiner | None,
               progress: Progress | None, threshold: float, now: datetime) -> InductionReport:
    """Offline induction inside one transaction (see `workflow.induce_workflows`)."""
    rows = tx.run("workflow/read_trajectories", ns=ns, task_type=task_type)
    unembedded = [r for r in rows if r["unembedded"]]
    if unembedded:
        vectors = embed_tasks(store.services.settings, [r["task"] for r in unembedded])
        tx.run("workflow/set_trajectory_vectors", ns=ns,
               rows=[{"id": r["id"], "vector": v} for r, v in zip(unembedded, vectors)])
    assign = assign_groups(tx, store, ns, rows, threshold=threshold, now=now)
    placed = {r["id"]: r["group_key"] or assign[r["id"]] for r in rows}
    locked = tx.run("workflow/lock_groups", ns=ns, groups=[{"key": k} for k in sorted(set(placed.values()))],
                    now=now)
    canonical = {g["key"]: g["merged_into"] or g["key"] for g in locked}
    runs: dict[str, list[Run]] = {k: [] for k in sorted(set(canonical.values()))}
    if task_type is None:  # every run is in `rows` already
        for r in rows:
            runs[canonical[placed[r["id"]]]].append(run_from_row(r))
    else:  # runs of untyped groups merged into this type's group are not in `rows`
        for key in runs:
            runs[key] = [run_from_row(r) for r in tx.run("workflow/read_group_runs", ns=ns, key=key)]
    drafts: dict[str, list[Induced]] = {}
    for i, (key, members) in enumerate(runs.items()):
        drafts[key] = draft_group(members, key, refine=refine)
        if progress is not None:
            progress(i + 1, 2 * len(runs))
    embed_texts(store.services.settings, [t for ds in drafts.values() for d in ds if d.kind == "procedure"
                                          for t in embedding_texts(d)])
    existing = group_current(tx, ns, list(runs))
    changes: list[Change] = []
    for i, (key, ds) in enumerate(drafts.items()):
        changes += write_group(tx, store, ns, key, runs[key], ds, existing.get(key, {}), link_ids=[r.id for r in runs[key]],
                               now=now)
        if progress is not None:
            progress(len(runs) + i + 1, 2 * len(runs))
    everything = [w for w in current(tx, ns, None).values() if w.kind == "procedure"]
    ages = {g["key"]: g["leader_at"] for g in locked}
    order = sorted(everything, key=lambda w: (ages.get(group_of(w.key)) or now, w.key))
    by_key = {w.key: w for w in everything}
    for absorbed, target in plan_merges([(w.key, w.task_type, w.signature) for w in order]).items():
        merged = merge(tx, store, ns, by_key[absorbed], group_of(target), now=now)
        if merged is not None:
            changes.append(merged)
    return InductionReport(trajectories=len(rows), groups=len(runs), changes=tuple(changes))


def assign_groups(tx: Tx, store: Store, ns: Namespace, rows: Sequence[Mapping[str, Any]], *,
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
        vectors = embed_tasks(store.services.settings, [r["task"] for r in untyped])
        actions = [[s["action"] for s in json.loads(r["steps"])] for r in untyped]
        leaders = [(g["key"], g["embedding"], g["actions"] or [])
                   for g in tx.run("workflow/read_auto_groups", ns=ns)]
        placed, created = leader_clusters([(r["id"], v, a) for r, v, a in zip(untyped, vectors, actions)],
                                          leaders, threshold)
        assign.update(placed)
        by_id = {r["id"]: (r, v, a) for r, v, a in zip(untyped, vectors, actions)}
        for key, leader in created:
            r, v, a = by_id[leader]
            groups[key] = {"key": key, "task_type": None, "leader": leader, "leader_task": r["task"],
                           "leader_embedding": v, "leader_actions": a, "leader_at": r["at"]}
    if groups:
        tx.run("workflow/lock_groups", ns=ns, groups=list(groups.values()), now=now)
    if assign:
        tx.run("workflow/assign_groups", ns=ns, rows=[{"id": i, "group_key": k} for i, k in assign.items()])
    return assign
