"""Request and response models for trajectories and workflows.

Types are checked here (steps is a non-empty list, args a JSON object, outcome one of two words);
the rules that tie fields together (failed_step inside the steps, failure-only fields) are checked
by `graphmem.channels.workflow.parse_trajectory`, so library callers get the same 422s.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt

from api.schemas.base import In, JsonObject

from graphmem.channels.workflow import (
    Change,
    InductionReport,
    TrajectoryAdded,
    WorkflowHistory,
    WorkflowMatch,
    WorkflowVersion,
)
from graphmem.induction import Param, WorkflowStep
from graphmem.instants import format_instant


class StepIn(In):
    action: str = Field(min_length=1, max_length=200, examples=["lookup_order"])
    args: JsonObject = Field(default_factory=dict, description="a JSON object",
                                 examples=[{"order_id": "ORD-48213"}])


class TrajectoryIn(In):
    task: str = Field(min_length=1, max_length=20_000, examples=["Refund order ORD-48213 for ana@example.com"])
    task_type: str | None = Field(None, min_length=1, max_length=200, examples=["refund_order"])
    steps: list[StepIn] = Field(min_length=1, max_length=1000)
    outcome: Literal["success", "failure"]
    failed_step: StrictInt | None = Field(None, ge=0, description="0-based index into steps (failures only; "
                                                                  "default: the last step)", examples=[None])
    error: str | None = Field(None, min_length=1, max_length=20_000, description="failures only", examples=[None])
    id: str | None = Field(None, min_length=1, max_length=200, description="the caller's id, unique per namespace; "
                                                                           "default a new UUID")
    at: str | None = Field(None, description="when the run happened, ISO-8601 with zone; default now",
                           examples=["2026-07-01T09:00:00Z"])


class InduceIn(In):
    task_type: str | None = Field(None, min_length=1, max_length=200, description="only this task_type's workflow")
    llm: StrictBool = Field(False, description="let the configured OpenAI-compatible LLM name, describe and "
                                               "re-pick the steps of each workflow (GRAPHMEM_LLM_BASE_URL)")


class ChangeOut(BaseModel):
    key: str
    id: str
    version: int
    change: Literal["created", "versioned", "updated", "unchanged", "merged"]
    reason: str | None = None

    @classmethod
    def of(cls, c: Change) -> "ChangeOut":
        return cls(key=c.key, id=c.id, version=c.version, change=c.change, reason=c.reason)  # type: ignore[arg-type]


class TrajectoryOut(BaseModel):
    id: str
    group: str
    workflow: ChangeOut | None = None

    @classmethod
    def of(cls, t: TrajectoryAdded) -> "TrajectoryOut":
        return cls(id=t.id, group=t.group, workflow=ChangeOut.of(t.workflow) if t.workflow else None)


class InduceOut(BaseModel):
    trajectories: int
    groups: int
    changes: list[ChangeOut]

    @classmethod
    def of(cls, r: InductionReport) -> "InduceOut":
        return cls(trajectories=r.trajectories, groups=r.groups, changes=[ChangeOut.of(c) for c in r.changes])


class StepOut(BaseModel):
    action: str
    args: dict[str, Any] = Field(description="constants, and `{name}` for parameters")
    support: int = Field(description="successful runs that take this step")


class ParamOut(BaseModel):
    name: str
    kind: str = Field(description="email | key | phone | uuid | date | time | pattern | choice | number | text | json")
    pattern: str | None = None
    choices: list[str] = []
    examples: list[str] = []
    from_task: float = Field(description="share of runs whose task text held the value")
    context: str | None = Field(None, description="free text: the word the task writes just before the value")


class RiskOut(BaseModel):
    step: int | None = Field(description="index into steps; null: a step off the workflow's path")
    action: str
    count: int
    example_error: str | None = None


class UseOut(BaseModel):
    workflow: str = Field(description="key of the shared sub-workflow")
    start: int = Field(description="index of the first of this workflow's steps the sub-workflow covers")
    length: int


class WorkflowOut(BaseModel):
    id: str
    key: str
    version: int
    task_type: str | None = None
    task_types: list[str]
    name: str
    description: str
    steps: list[StepOut]
    params: list[ParamOut]
    support: int = Field(description="successful runs that take every step")
    successes: int
    failures: int
    success_rate: float
    risks: list[RiskOut]
    examples: list[str]
    reason: str = Field(description="why this version exists: first | shorter | more_reliable | revised")
    inducer: str
    txn_time: str | None = None
    txn_end: str | None = None
    superseded_by: str | None = None
    kind: Literal["procedure", "subroutine"] = Field("procedure", description="a procedure, or a block of steps "
                                                      "shared by several procedures of its type")
    group: str | None = Field(None, description="the group (task type) it was induced in")
    uses: list[UseOut] = Field([], description="shared sub-workflows that cover some of its steps")

    @classmethod
    def fields_of(cls, w: WorkflowVersion) -> dict[str, Any]:
        return dict(
            id=w.id, key=w.key, version=w.version, task_type=w.task_type, task_types=list(w.task_types),
            name=w.name, description=w.description,
            steps=_steps(w.steps), params=_params(w.params),
            support=w.support, successes=w.successes, failures=w.failures, success_rate=round(w.success_rate, 4),
            risks=[RiskOut(step=r.step, action=r.action, count=r.count, example_error=r.example_error)
                   for r in w.risks],
            examples=list(w.examples), reason=w.reason, inducer=w.inducer, txn_time=_t(w.txn_time),
            txn_end=_t(w.txn_end), superseded_by=w.superseded_by, kind=w.kind, group=w.group,
            uses=[UseOut(workflow=u.workflow, start=u.start, length=u.length) for u in w.uses])


def _steps(steps: Sequence[WorkflowStep]) -> list[StepOut]:
    return [StepOut(action=s.action, args=dict(s.args), support=s.support) for s in steps]


def _params(params: Sequence[Param]) -> list[ParamOut]:
    return [ParamOut(name=p.name, kind=p.kind, pattern=p.pattern, choices=list(p.choices), examples=list(p.examples),
                     from_task=p.from_task, context=p.context) for p in params]


def _t(value: datetime | None) -> str | None:
    return format_instant(value)


class ExampleStepOut(BaseModel):
    action: str
    args: dict[str, Any]


class ExampleOut(BaseModel):
    id: str = Field(description="the trajectory's id")
    task: str = Field(description="its task (emails and phone numbers masked)")
    steps: list[ExampleStepOut] = Field(description="its steps as reported (emails and phone numbers masked)")


class WorkflowMatchOut(WorkflowOut):
    score: float = Field(description="1.0 for a task_type match, else cosine similarity")
    matched_by: Literal["task_type", "similarity"]
    filled: dict[str, str] = Field(description="parameters the task text seems to fill: {name: text found}")
    why: str = Field("", description="why it matched: which similarity, from how many runs")
    subworkflows: list[WorkflowOut] = Field([], description="the shared sub-workflows its `uses` reference")
    fitted_from: list[str] = Field([], description="given a task, for the first workflow: the trajectories `steps` "
                                   "and `params` were fitted from, the task's nearest successful runs of its type, "
                                   "nearest first; `support` (the workflow's and each step's) then counts among them, "
                                   "`risks` and `uses` point into the fitted steps (a shared block the fit does not keep "
                                   "together is left out). Empty: every field is the stored version's")
    optional: list[StepOut] = Field([], description="the stored version's steps the fit left out: taken by some of "
                                    "its runs, not by the runs nearest this task")
    example: ExampleOut | None = Field(None, description="given a task, for the first workflow: the task's nearest "
                                       "successful run, a worked example")

    @classmethod
    def of(cls, m: WorkflowMatch) -> "WorkflowMatchOut":
        f = m.fitted
        return cls(**cls.fields_of(m.shown), score=round(m.score, 6), matched_by=m.matched_by,  # type: ignore[arg-type]
                   filled=dict(m.filled), why=m.why,
                   subworkflows=[WorkflowOut(**WorkflowOut.fields_of(s)) for s in m.subworkflows
                                 if s.key in {u.workflow for u in m.shown.uses}],
                   fitted_from=list(f.runs) if f else [], optional=_steps(f.optional) if f else [],
                   example=ExampleOut(id=f.example.id, task=f.example.task,
                                      steps=[ExampleStepOut(action=s.action, args=dict(s.args))
                                             for s in f.example.steps]) if f else None)


class WorkflowsOut(BaseModel):
    workflows: list[WorkflowMatchOut]


class VersionOut(WorkflowOut):
    trajectories: list[str] = Field(description="ids of the trajectories this version was induced from")


class WorkflowHistoryOut(BaseModel):
    key: str
    versions: list[VersionOut]

    @classmethod
    def of(cls, h: WorkflowHistory) -> "WorkflowHistoryOut":
        return cls(key=h.key, versions=[VersionOut(**VersionOut.fields_of(v), trajectories=list(t))
                                        for v, t in zip(h.versions, h.trajectories)])
