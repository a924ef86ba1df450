"""Fitting the best match to the task asked: its steps from the task's nearest successful runs.

A procedure's stored steps are what its runs share; a task asked of it is one variant of the job. The
first match is fitted from the task's `FIT_RUNS` nearest successful runs of its whole group (task type):
the procedures of a type split jobs coarsely, and the runs nearest the task are the best evidence of its
steps whichever procedure holds them. The other matches are alternatives and keep their stored steps (a
fit costs a scan of the type's runs, ~7 ms per 150 runs here, `graphmem bench workflows`; at most the
latest `FIT_SCAN` are scanned). `FIT_POOL`
candidates are found by their task embeddings (cypher `workflow/nearest_runs`), the nearest among them by
embedding and words (`graphmem.induction.nearest_runs`); the fitting itself is pure
(`graphmem.induction.fit_to_task`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from graphmem.identifiers import Registry
from graphmem.induction import FIT_POOL, FIT_SCAN, Step, WorkflowStep, fit_to_task, humanise, nearest_runs, redact_personal
from graphmem.channels.workflow._records import Example, Fitted, WorkflowVersion, run_from_row
from graphmem.store import Store
from graphmem.types import Namespace

_PARAM = re.compile(r"\{[^{}]*\}")


def fit(store: Store, ns: Namespace, task: str, vector: Sequence[float], best: WorkflowVersion,
        registry: Registry) -> Fitted | None:
    """The best match's fit to the task (text and embedding); None when no run of its group has a task
    embedding (runs stored before tasks were embedded: `POST /workflows/induce` embeds them)."""
    if not vector:
        return None
    rows = store.read("workflow/nearest_runs", ns=ns, group=best.group or best.key, vector=list(vector), k=FIT_POOL,
                      scan=FIT_SCAN)
    return _fitted(best, task, rows, registry)


def _fitted(w: WorkflowVersion, task: str, rows: Sequence[Mapping[str, Any]], registry: Registry) -> Fitted | None:
    if not rows:
        return None
    nearest = nearest_runs(task, [(run_from_row(r), 2.0 * float(r["score"]) - 1.0) for r in rows])  # cosine, -1..1
    induced = fit_to_task(nearest, key=w.key, registry=registry)
    if induced is None:
        return None
    first = nearest[0][0]
    procedures = next((tuple(r["procedures"] or ()) for r in rows if r["id"] == first.id), ())
    example = Example(first.id, redact_personal(first.task, registry), _masked_steps(first.steps, registry),
                      procedures)
    steps = tuple(replace(s, action=redact_personal(s.action, registry), args=_masked(dict(s.args), registry))
                  for s in induced.steps)
    return Fitted(steps=steps, params=induced.params, runs=tuple(r.id for r, _ in nearest), optional=(),
                  example=example, support=induced.support, description=induced.description)


def apart(fitted: Fitted, w: WorkflowVersion) -> Fitted:
    """The fit as the answer of procedure `w`: `optional` holds `w`'s steps the fit left out, `w`'s risks sit on
    the fitted step they are about (by action and occurrence, parameters aside), else off the path, and its
    shared blocks (`uses`) stay where the fit keeps their steps together."""
    place = [_place(s, fitted.steps) for s in w.steps]
    risks = tuple(replace(r, step=place[r.step] if r.step is not None and r.step < len(place) else None)
                  for r in w.risks)
    uses = []
    for u in w.uses:  # a shared block stays when the fit keeps its steps together, in order
        at = place[u.start:u.start + u.length]
        if len(at) == u.length and at[0] is not None and at == list(range(at[0], at[0] + u.length)):
            uses.append(replace(u, start=at[0]))
    return replace(fitted, optional=tuple(s for s, at in zip(w.steps, place) if at is None), risks=risks,
                   uses=tuple(uses),
                   description=f"{w.name}: " + " → ".join(humanise(s.action) for s in fitted.steps) + "."
                   + (f" For example: {fitted.example.task}" if fitted.example.task else ""))


def _place(stored: WorkflowStep, fitted: Sequence[WorkflowStep]) -> int | None:
    """Where a stored step is among the fitted ones: the same action and occurrence, a `{parameter}` standing
    for any text (the fit names parameters from its own runs, or keeps a value its runs share)."""
    parts = _PARAM.split(stored.action)
    pattern = re.compile(".+?".join(re.escape(p) for p in parts) + r"\Z", re.DOTALL)
    return next((i for i, s in enumerate(fitted) if s.occurrence == stored.occurrence
                 and pattern.match(_PARAM.sub("{}", s.action) if len(parts) == 1 else s.action)), None)


def _masked_steps(steps: Sequence[Step], registry: Registry) -> tuple[Step, ...]:
    """A reported run's steps with emails and phone numbers masked, in the action text too: a web agent's
    action names what it acted on (`TYPE [input] ana@example.com`)."""
    return tuple(Step(redact_personal(s.action, registry), _masked(dict(s.args), registry)) for s in steps)


def _masked(value: Any, registry: Registry) -> Any:
    if isinstance(value, str):
        return redact_personal(value, registry)
    if isinstance(value, Mapping):
        return {k: _masked(v, registry) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v, registry) for v in value]
    return value


__all__ = ["apart", "fit"]
