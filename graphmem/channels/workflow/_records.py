"""Workflow channel records: what the public functions return, and conversions between stored
rows, pure induction values and Neo4j properties. No queries here (see `workflow.py`)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from graphmem.embedding import centroid, get_embedder, model_choice
from graphmem.induction import Induced, Param, Risk, Run, Step, Use, WorkflowStep, humanise, mask_task
from graphmem.induction.model import WorkflowContent
from graphmem.settings import Settings


@dataclass(frozen=True)
class WorkflowVersion(WorkflowContent):
    """One stored version of a workflow. `txn_end` None: the current version."""

    id: str
    key: str
    version: int
    task_type: str | None
    task_types: tuple[str, ...]
    name: str
    description: str
    steps: tuple[WorkflowStep, ...]
    params: tuple[Param, ...]
    support: int
    successes: int
    failures: int
    risks: tuple[Risk, ...]
    examples: tuple[str, ...]
    signature: str
    reason: str
    inducer: str
    txn_time: datetime | None
    txn_end: datetime | None = None
    superseded_by: str | None = None
    embedding: tuple[float, ...] | None = field(default=None, repr=False, compare=False)
    kind: str = "procedure"
    group: str | None = None
    uses: tuple[Use, ...] = ()

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps)


    @classmethod
    def from_row(cls, w: Mapping[str, Any]) -> "WorkflowVersion":
        emb = w.get("embedding")
        return cls(
            id=w["id"], key=w["key"], version=int(w["version"]), task_type=w.get("task_type"),
            task_types=tuple(w.get("task_types") or ()), name=w.get("name") or "",
            description=w.get("description") or "",
            steps=tuple(WorkflowStep.from_json(s) for s in json.loads(w.get("steps") or "[]")),
            params=tuple(Param.from_json(p) for p in json.loads(w.get("params") or "[]")),
            support=int(w.get("support") or 0), successes=int(w.get("successes") or 0),
            failures=int(w.get("failures") or 0),
            risks=tuple(Risk.from_json(r) for r in json.loads(w.get("risks") or "[]")),
            examples=tuple(w.get("examples") or ()), signature=w.get("signature") or "",
            reason=w.get("reason") or "", inducer=w.get("inducer") or "consensus",
            txn_time=w.get("txn_time"), txn_end=w.get("txn_end"), superseded_by=w.get("superseded_by"),
            embedding=tuple(emb) if emb is not None else None, kind=w.get("kind") or "procedure",
            group=w.get("group") or w["key"].split(".", 1)[0],
            uses=tuple(Use.from_json(u) for u in json.loads(w.get("uses") or "[]")))


@dataclass(frozen=True)
class Change:
    """What induction did to one workflow: created | versioned | updated | unchanged | merged."""

    key: str
    id: str
    version: int
    change: str
    reason: str | None = None


@dataclass(frozen=True)
class TrajectoryAdded:
    id: str
    group: str
    workflow: Change | None


@dataclass(frozen=True)
class InductionReport:
    trajectories: int
    groups: int
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Example:
    """The task's nearest successful run, as reported (contact details masked as in workflow examples)."""

    id: str
    task: str
    steps: tuple[Step, ...]
    procedures: tuple[str, ...] = ()  # keys of the current procedures induced from it


@dataclass(frozen=True)
class Fitted:
    """A match's steps for the task asked. `runs`: the trajectory ids fitted from, nearest first;
    `optional`: the stored version's steps the fit left out (taken by some of its runs, not by the runs
    nearest this task); `example`: the nearest run."""

    steps: tuple[WorkflowStep, ...]
    params: tuple[Param, ...]
    runs: tuple[str, ...]
    optional: tuple[WorkflowStep, ...]
    example: Example
    support: int = 0  # runs fitted from that take every fitted step
    description: str = ""
    risks: tuple[Risk, ...] = ()  # the stored version's risks, each on the fitted step it is about (else None)
    uses: tuple[Use, ...] = ()  # the stored version's shared blocks the fit keeps together, at their fitted place


@dataclass(frozen=True)
class WorkflowMatch:
    workflow: WorkflowVersion
    score: float
    matched_by: str  # task_type | similarity
    filled: dict[str, str]
    why: str = ""  # which similarity chose it: the type's, the procedure's, the nearest example task
    subworkflows: tuple[WorkflowVersion, ...] = ()  # the shared blocks its `uses` reference
    fitted: Fitted | None = None  # its steps for the task asked (None: no task, or no run with a task embedding)

    @property
    def shown(self) -> WorkflowVersion:
        """The workflow as answered: fitted to the task when it was fitted (steps, params, support,
        description; risks and shared blocks placed on the fitted steps), else the stored version."""
        f = self.fitted
        if f is None:
            return self.workflow
        return replace(self.workflow, steps=f.steps, params=f.params, support=f.support,
                       description=f.description or self.workflow.description, risks=f.risks, uses=f.uses)

    @property
    def steps(self) -> tuple[WorkflowStep, ...]:
        """The steps to follow: fitted to the task when it was fitted, else the stored version's."""
        return self.shown.steps

    @property
    def params(self) -> tuple[Param, ...]:
        return self.shown.params


@dataclass(frozen=True)
class WorkflowHistory:
    key: str
    versions: tuple[WorkflowVersion, ...]
    trajectories: tuple[tuple[str, ...], ...]  # per version, the runs it was induced from


def run_from_row(r: Mapping[str, Any]) -> Run:
    """A stored trajectory back to a pure `Run` (stored data was validated on the way in)."""
    steps = tuple(Step(s["action"], s.get("args") or {}) for s in json.loads(r["steps"]))
    return Run(id=r["id"], task=r["task"], steps=steps, outcome=r["outcome"], task_type=r.get("task_type"),
               failed_step=r.get("failed_step"), error=r.get("error"), at=r.get("at"))


def run_row(run: Run, group_key: str | None, embedding: Sequence[float] | None = None) -> dict[str, Any]:
    """`embedding`: the task's (masked, `embed_tasks`), kept for successes: a task's nearest runs are found by it."""
    return {"id": run.id, "task": run.task, "task_type": run.task_type, "outcome": run.outcome,
            "steps": json.dumps([s.to_json() for s in run.steps], ensure_ascii=False),
            "failed_step": run.failed_step, "error": run.error, "at": run.at, "group_key": group_key,
            "embedding": list(embedding) if embedding is not None else None}


def workflow_props(w: Induced, *, version: int, reason: str, now: datetime,
                   embedding: Sequence[float] | None) -> dict[str, Any]:
    """Neo4j properties of a version: lists of scalars stay lists, structures become JSON strings."""
    props = update_props(w, embedding=embedding)
    props.update(id=f"{w.key}.v{version}", key=w.key, version=version, reason=reason, txn_time=now)
    return props


def update_props(w: Induced, *, embedding: Sequence[float] | None) -> dict[str, Any]:
    """`embedding` None (a sub-workflow) removes the property: only procedures are in the vector index."""
    return {
        "task_type": w.task_type, "task_types": list(w.task_types), "name": w.name, "description": w.description,
        "steps": json.dumps([s.to_json() for s in w.steps], ensure_ascii=False),
        "params": json.dumps([p.to_json() for p in w.params], ensure_ascii=False),
        "param_names": [p.name for p in w.params], "actions": list(w.actions), "signature": w.signature,
        "support": w.support, "successes": w.successes, "failures": w.failures,
        "success_rate": round(w.success_rate, 6),
        "risks": json.dumps([r.to_json() for r in w.risks], ensure_ascii=False),
        "examples": list(w.examples), "inducer": w.inducer,
        "embedding": list(embedding) if embedding is not None else None,
        "kind": w.kind, "group": w.group, "uses": json.dumps([u.to_json() for u in w.uses]),
        "uses_keys": [u.workflow for u in w.uses],
    }


_CACHE: OrderedDict[tuple[str, str], list[float]] = OrderedDict()
_CACHE_SIZE = 20_000
_LOCK = threading.Lock()


def embed_texts(settings: Settings, texts: Sequence[str]) -> list[list[float]]:
    """Embeddings through a bounded per-process cache: a workflow's examples are re-embedded on
    every update while they change, and each update adds at most one new example."""
    model = model_choice(settings).name
    found: dict[str, list[float]] = {}
    with _LOCK:
        for t in dict.fromkeys(texts):
            if (model, t) in _CACHE:
                _CACHE.move_to_end((model, t))
                found[t] = _CACHE[(model, t)]
    missing = [t for t in dict.fromkeys(texts) if t not in found]
    if missing:
        vectors = get_embedder(settings).embed(missing)
        found.update(zip(missing, vectors))
        with _LOCK:
            for t, v in zip(missing, vectors):
                _CACHE[(model, t)] = v
            while len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
    return [found[t] for t in texts]


def clear_embedding_cache() -> None:
    """Forget cached embeddings (benchmarks measure the model, not the cache)."""
    with _LOCK:
        _CACHE.clear()


def embedding_texts(w: Induced) -> list[str]:
    return workflow_texts(w.examples, w.name, w.actions)


def workflow_texts(examples: Sequence[str], name: str, actions: Sequence[str]) -> list[str]:
    """What a workflow is matched by: its example tasks (identifiers masked) and its name with its steps.
    Stored workflows keep all three, so a move to another model embeds them again alike."""
    texts = [mask_task(e) for e in examples]
    texts.append(f"{name}: {', '.join(humanise(a) for a in actions)}")
    return texts


TYPE_EXAMPLES = 8  # example tasks per procedure in a type's embedding


def type_texts(examples: Sequence[Sequence[str]], task_types: Sequence[str | None]) -> list[str]:
    """What a group's type is matched by: its procedures' first example tasks (masked) and the type's name."""
    texts = [mask_task(e) for ex in examples for e in list(ex)[:TYPE_EXAMPLES]]
    named = next((t for t in task_types if t), None)
    if texts and named:
        texts.append(humanise(named))
    return texts


def embed_workflow(settings: Settings, w: Induced, current: WorkflowVersion | None) -> list[float]:
    """The normalised centroid of `embedding_texts`; reused from the current version when they are unchanged."""
    if (current is not None and current.embedding is not None and current.examples == w.examples
            and current.name == w.name and current.actions == w.actions):
        return list(current.embedding)
    return centroid(embed_texts(settings, embedding_texts(w)))


def embed_tasks(settings: Settings, tasks: Sequence[str]) -> list[list[float]]:
    return embed_texts(settings, [mask_task(t) for t in tasks]) if tasks else []
