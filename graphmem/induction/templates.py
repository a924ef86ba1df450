"""Value-bearing text inside an action name, turned into a placeholder. Pure.

Some agents name a step by what it acted on: a web agent's `CLICK [span] Boston` or
`CLICK [button] Saturday, April 29`. The text that names the element then varies run to run with
the task ("Boston", "Austin"), so the same step of the same procedure looks like a different action
in every run and no step ever reaches a majority. Here such text becomes a placeholder:

- the first whitespace token of an action names the operation and is never replaced;
- a span of the remaining tokens is *value-bearing* in a run when it is written in that run's task
  text (`appears_in`: whole words, any case); the longest such span is taken (ties: the rightmost);
- the action with that span replaced by `{*}` is a template; a template is kept when it carries at
  least two different values across the runs given (one value is just a constant label);
- a concrete action that runs also take without the span in their task, at least as often as with
  it, is a label that happens to be asked for ("Search") and is never templated.

A templated step keeps its value as the arg `*`; `graphmem.induction.params.abstract` names it as
a parameter and writes the name back into the action (`CLICK [span] {destination}`). The result is
a function of the set of runs, so online and offline induction agree.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from graphmem.induction.model import Run, Step
from graphmem.induction.shapes import appears_in

PLACEHOLDER = "{*}"
VALUE_ARG = "*"
MAX_SPAN_TOKENS = 8


def value_span(action: str, task: str) -> tuple[str, str] | None:
    """(template, value) for the longest span of the action (after its first token) written in the task."""
    tokens = action.split()
    if len(tokens) < 2 or PLACEHOLDER in tokens:
        return None
    best: tuple[int, int, int] | None = None  # (length in tokens, start, end)
    for i in range(1, len(tokens)):
        for j in range(min(len(tokens), i + MAX_SPAN_TOKENS), i, -1):
            if best is not None and j - i < best[0]:
                break
            span = " ".join(tokens[i:j])
            if not any(c.isalnum() for c in span) or span.startswith("["):
                continue
            if appears_in(span, task):
                if best is None or (j - i, i) > (best[0], best[1]):
                    best = (j - i, i, j)
                break
    if best is None:
        return None
    _, i, j = best
    return " ".join([*tokens[:i], PLACEHOLDER, *tokens[j:]]), " ".join(tokens[i:j])


def learn_templates(runs: Sequence[Run]) -> set[str]:
    """The templates that carry at least two values and are not constant labels (module docstring)."""
    values: dict[str, set[str]] = defaultdict(set)
    with_span: dict[str, int] = defaultdict(int)
    without: dict[str, int] = defaultdict(int)
    spans: dict[str, tuple[str, str]] = {}
    for run in runs:
        seen: set[str] = set()
        for step in run.steps:
            a = step.action
            if a in seen:
                continue
            seen.add(a)
            found = value_span(a, run.task)
            if found is None:
                without[a] += 1
                continue
            spans[a] = found
            with_span[a] += 1
    for a, (template, value) in spans.items():
        if without[a] >= with_span[a]:
            continue
        values[template].add(value.lower())
    return {t for t, vs in values.items() if len(vs) >= 2}


def generalise(runs: Sequence[Run]) -> list[Run]:
    """The runs with value-bearing action text replaced by `{*}` and kept as the arg `*`."""
    templates = learn_templates(runs)
    if not templates:
        return list(runs)
    out: list[Run] = []
    for run in runs:
        steps: list[Step] = []
        changed = False
        for step in run.steps:
            found = value_span(step.action, run.task)
            if found is not None and found[0] in templates and VALUE_ARG not in step.args:
                steps.append(Step(found[0], {**step.args, VALUE_ARG: found[1]}))
                changed = True
            else:
                steps.append(step)
        out.append(replace(run, steps=tuple(steps)) if changed else run)
    return out
