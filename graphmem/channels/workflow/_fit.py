"""Fitting the best match to the task asked: its steps from the task's nearest successful runs.

A procedure's stored steps are what its runs share; a task asked of it is one variant of the job. The
first match is fitted from the task's `FIT_RUNS` nearest successful runs of its whole group (task type):
the procedures of a type split jobs coarsely, and the runs nearest the task are the best evidence of its
steps whichever procedure holds them. The other matches are alternatives and keep their stored steps (a
fit costs a scan of the type's runs, ~7 ms per 150 runs here; `graphmem bench workflows`). `FIT_POOL`
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
from graphmem.induction import FIT_POOL, Step, WorkflowStep, fit_to_task, nearest_runs, redact_personal
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
    rows = store.read("workflow/nearest_runs", ns=ns, group=best.group or best.key, vector=list(vector), k=FIT_POOL)
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
    example = Example(first.id, redact_personal(first.task, registry),
                      tuple(Step(s.action, _masked(s.args, registry)) for s in first.steps), procedures)
    return Fitted(steps=induced.steps, params=induced.params, runs=tuple(r.id for r, _ in nearest),
                  optional=(), example=example)


def apart(fitted: Fitted, w: WorkflowVersion) -> Fitted:
    """The fit with `optional`: the steps of the procedure it answers for that the fit left out."""
    kept = {_shape(s) for s in fitted.steps}
    return replace(fitted, optional=tuple(s for s in w.steps if _shape(s) not in kept))


def _shape(step: WorkflowStep) -> tuple[str, int]:
    """A step whatever its parameters are called: the fit names them from its own runs."""
    return (_PARAM.sub("{}", step.action), step.occurrence)


def _masked(value: Any, registry: Registry) -> Any:
    if isinstance(value, str):
        return redact_personal(value, registry)
    if isinstance(value, Mapping):
        return {k: _masked(v, registry) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v, registry) for v in value]
    return value


__all__ = ["apart", "fit"]
