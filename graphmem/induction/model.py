"""Value types of workflow induction, and the validation of a reported run. Pure: no I/O.

A run (trajectory) is what an agent reports: the task text, an optional task type, the ordered
steps it took (`action` plus a JSON-object `args`), the outcome and, for a failure, the failing
step and its error. Validation lives here, not in the API, so that library callers get the same
422s naming the same fields, and nothing is written for a run that does not validate.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from graphmem.errors import InvalidInput
from graphmem.instants import UTC

Outcome = Literal["success", "failure"]
OUTCOMES: tuple[str, ...] = ("success", "failure")
MAX_NAME_CHARS = 200
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Step:
    """One action an agent took; `args` is a JSON object (keys are strings)."""

    action: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "args": dict(self.args)}


@dataclass(frozen=True, slots=True)
class Run:
    """A reported trajectory. `failed_step` is a 0-based index into `steps` (failures only)."""

    id: str
    task: str
    steps: tuple[Step, ...]
    outcome: Outcome
    task_type: str | None = None
    failed_step: int | None = None
    error: str | None = None
    at: datetime | None = None

    @property
    def succeeded(self) -> bool:
        return self.outcome == "success"

    def order_key(self) -> tuple[datetime, str]:
        """Arrival order (time, then id): every choice that depends on order uses it, so it is stable."""
        return (self.at or _EPOCH, self.id)


@dataclass(frozen=True, slots=True)
class Param:
    """A value that varies across runs (or comes from the task text), named after its arg key.

    `kind` says how to find it in a task text: an identifier kind of the registry (`email`, `key`,
    `phone`, `uuid`), `pattern` (a regular expression learned from the values' shape), `choice`
    (one of a few values seen), `number`, or `text` (free text: filled only when the tasks wrote it
    after one same word, its `context`, as capitalised words: "to Boston", "from New York"). `from_task` is the
    share of runs whose task text contained the value: only such parameters are filled from a task.
    """

    name: str
    kind: str
    pattern: str | None = None
    choices: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    from_task: float = 0.0
    slots: tuple[str, ...] = ()
    context: str | None = None  # free text (`text`): the word the task writes just before the value

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "kind": self.kind, "pattern": self.pattern, "choices": list(self.choices),
               "examples": list(self.examples), "from_task": self.from_task, "slots": list(self.slots)}
        if self.context is not None:
            out["context"] = self.context
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Param":
        return cls(name=d["name"], kind=d["kind"], pattern=d.get("pattern"), choices=tuple(d.get("choices", ())),
                   examples=tuple(d.get("examples", ())), from_task=float(d.get("from_task", 0.0)),
                   slots=tuple(d.get("slots", ())), context=d.get("context"))


@dataclass(frozen=True, slots=True)
class WorkflowStep:
    """A consensus step: the `occurrence`-th time runs take `action`; args hold constants and `{param}`s."""

    action: str
    occurrence: int
    args: Mapping[str, Any]
    support: int  # successful runs that take this step

    @property
    def key(self) -> tuple[str, int]:
        return (self.action, self.occurrence)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "occurrence": self.occurrence, "args": dict(self.args),
                "support": self.support}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "WorkflowStep":
        return cls(action=d["action"], occurrence=int(d.get("occurrence", 1)), args=dict(d.get("args", {})),
                   support=int(d.get("support", 0)))


@dataclass(frozen=True, slots=True)
class Risk:
    """Where failures happen: a workflow step index (None: a step off the workflow's path)."""

    step: int | None
    action: str
    count: int
    example_error: str | None

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "action": self.action, "count": self.count, "example_error": self.example_error}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Risk":
        return cls(step=d.get("step"), action=d["action"], count=int(d["count"]), example_error=d.get("example_error"))


@dataclass(frozen=True, slots=True)
class Use:
    """A reference from a procedure to a shared sub-workflow: its steps `start`..`start+length-1`."""

    workflow: str  # the sub-workflow's key
    start: int
    length: int

    def to_json(self) -> dict[str, Any]:
        return {"workflow": self.workflow, "start": self.start, "length": self.length}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Use":
        return cls(workflow=d["workflow"], start=int(d["start"]), length=int(d["length"]))


#: what a workflow is: a procedure (matched for tasks) or a block shared by procedures of its type
KINDS: tuple[str, ...] = ("procedure", "subroutine")


class WorkflowContent:
    """What an induced workflow and a stored version share: the content online and offline
    induction must agree on, and the success rate derived from it."""

    __slots__ = ()
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
    kind: str
    group: str | None
    uses: tuple[Use, ...]

    @property
    def success_rate(self) -> float:
        total = self.successes + self.failures
        return self.successes / total if total else 0.0

    def content(self) -> dict[str, Any]:
        """Everything induction decides, as plain data (what online and offline must agree on)."""
        return {"task_type": self.task_type, "task_types": list(self.task_types), "name": self.name,
                "description": self.description, "steps": [s.to_json() for s in self.steps],
                "params": [p.to_json() for p in self.params], "support": self.support,
                "successes": self.successes, "failures": self.failures,
                "risks": [r.to_json() for r in self.risks], "examples": list(self.examples),
                "kind": self.kind, "group": self.group, "uses": [u.to_json() for u in self.uses]}


@dataclass(frozen=True, slots=True)
class Induced(WorkflowContent):
    """A workflow induced from one group of runs (before it is stored as a version)."""

    key: str
    task_type: str | None
    task_types: tuple[str, ...]
    name: str
    description: str
    steps: tuple[WorkflowStep, ...]
    params: tuple[Param, ...]
    support: int  # successful runs that take every step
    successes: int
    failures: int
    risks: tuple[Risk, ...]
    examples: tuple[str, ...]
    run_ids: tuple[str, ...]
    inducer: str = "consensus"
    kind: str = "procedure"
    group: str | None = None  # the group (task type or untyped cluster) it was induced in
    uses: tuple[Use, ...] = ()

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps)

    @property
    def signature(self) -> str:
        """The action signature: actions and their arg keys, in order. Equal signatures are one workflow."""
        return ">".join(f"{s.action}({','.join(sorted(s.args))})" for s in self.steps)


def _text(value: Any, name: str, *, required: bool, limit: int) -> str | None:
    if value is None:
        if required:
            raise InvalidInput.field(name, "is required")
        return None
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput.field(name, "must be a non-empty string")
    if len(value) > limit:
        raise InvalidInput.field(name, f"must be at most {limit} characters")
    return value


def _json_object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise InvalidInput.field(name, "must be a JSON object")
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidInput.field(name, f"must be a JSON object ({exc})") from exc
    return dict(value)


def _step(raw: Any, i: int) -> Step:
    if isinstance(raw, Step):
        raw = raw.to_json()
    if not isinstance(raw, Mapping):
        raise InvalidInput.field(f"steps.{i}", "must be an object {action, args}")
    action = _text(raw.get("action"), f"steps.{i}.action", required=True, limit=MAX_NAME_CHARS)
    assert action is not None
    args = raw.get("args")
    return Step(action.strip(), _json_object({} if args is None else args, f"steps.{i}.args"))


def make_run(*, id: str, task: Any, steps: Any, outcome: Any, task_type: Any = None, failed_step: Any = None,
             error: Any = None, at: datetime | None = None, max_text_chars: int = 20_000) -> Run:
    """A validated run, or InvalidInput naming the first bad field.

    A failure without `failed_step` failed at its last step. `failed_step` and `error` belong to
    failures only: on a success they are refused rather than silently dropped.

    Raises:
        InvalidInput: empty or missing task or steps, unknown outcome, args that are not JSON
            objects, failed_step outside the steps.
    """
    task_s = _text(task, "task", required=True, limit=max_text_chars)
    type_s = _text(task_type, "task_type", required=False, limit=MAX_NAME_CHARS)
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Sequence):
        raise InvalidInput.field("steps", "must be a list of {action, args}")
    if not steps:
        raise InvalidInput.field("steps", "must hold at least one step")
    parsed = tuple(_step(s, i) for i, s in enumerate(steps))
    if outcome not in OUTCOMES:
        raise InvalidInput.field("outcome", "must be 'success' or 'failure'")
    if failed_step is not None:
        if isinstance(failed_step, bool) or not isinstance(failed_step, int):
            raise InvalidInput.field("failed_step", "must be an integer index into steps")
        if outcome != "failure":
            raise InvalidInput.field("failed_step", "is only for outcome 'failure'")
        if not 0 <= failed_step < len(parsed):
            raise InvalidInput.field("failed_step", f"must be an index into steps (0..{len(parsed) - 1})")
    err = _text(error, "error", required=False, limit=max_text_chars)
    if err is not None and outcome != "failure":
        raise InvalidInput.field("error", "is only for outcome 'failure'")
    if outcome == "failure" and failed_step is None:
        failed_step = len(parsed) - 1
    assert task_s is not None
    return Run(id=id, task=task_s, steps=parsed, outcome=outcome, task_type=type_s.strip() if type_s else None,
               failed_step=failed_step, error=err, at=at)


def is_number(value: Any) -> bool:
    """A JSON number (not a bool); ints of any size, finite floats."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))
