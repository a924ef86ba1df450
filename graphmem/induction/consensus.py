"""The consensus step sequence of a group's successful runs, its support, and its risk points. Pure.

A step is identified across runs by its action and which occurrence of that action it is in the
run (`(lookup_order, 1)`, `(click, 2)`), so runs of different lengths align without a costly
multiple alignment. DESIGN contract: a step belongs to the workflow when it occurs in more than
half of the successful runs (a procedure of a type split into several keeps a step taken by a
smaller share of its runs, `procedures.PROCEDURE_SHARE`); steps are ordered by their median
position. Positions are counted among the kept steps only, so an optional extra step taken by a few runs does not shift the
others; a pair swapped in a minority of runs keeps the majority's order. Ties (an even split)
fall back to the mean position, then to the order of the earliest run (runs come sorted by
arrival), so an early tie does not flip the path back and forth as runs arrive.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from statistics import mean, median

from graphmem.induction.model import Risk, Run, Step

StepKey = tuple[str, int]


def step_keys(steps: Iterable[Step]) -> list[StepKey]:
    """Each step's key: its action and the how-many-th time the run takes that action (from 1)."""
    seen: Counter[str] = Counter()
    out: list[StepKey] = []
    for s in steps:
        seen[s.action] += 1
        out.append((s.action, seen[s.action]))
    return out


def consensus(runs: Sequence[Sequence[StepKey]], share: float = 0.5) -> list[StepKey]:
    """Keys present in more than `share` of the runs (by default: half), ordered by median position
    among kept keys."""
    n = len(runs)
    if n == 0:
        return []
    counts: Counter[StepKey] = Counter(k for r in runs for k in set(r))
    return _ordered(runs, {k for k, c in counts.items() if c > share * n})


def weighted_consensus(runs: Sequence[Sequence[StepKey]], weights: Sequence[float], share: float) -> list[StepKey]:
    """Keys whose runs' weights add up to more than `share` of all the weights, ordered as `consensus`
    orders the keys it keeps. With equal weights it is `consensus`; a task's nearest runs weigh by how
    near they are, so a step two close runs take outweighs one two far runs take."""
    total = sum(weights)
    if not runs or total <= 0:
        return []
    mass: dict[StepKey, float] = defaultdict(float)
    for r, w in zip(runs, weights):
        for k in set(r):
            mass[k] += w
    return _ordered(runs, {k for k, m in mass.items() if m > share * total})


def _ordered(runs: Sequence[Sequence[StepKey]], kept: set[StepKey]) -> list[StepKey]:
    ranks: dict[StepKey, list[int]] = defaultdict(list)
    first: dict[StepKey, tuple[int, int]] = {}
    for n_run, r in enumerate(runs):
        i = 0
        for k in r:
            if k in kept:
                ranks[k].append(i)
                first.setdefault(k, (n_run, i))
                i += 1
    return sorted(kept, key=lambda k: (median(ranks[k]), mean(ranks[k]), first[k], k))


def support(path: Sequence[StepKey], runs: Sequence[Sequence[StepKey]]) -> int:
    """Successful runs that take every step of the path (in any order)."""
    need = set(path)
    return sum(1 for r in runs if need <= set(r))


def _example(errors: Sequence[str | None]) -> str | None:
    """The most frequent error; ties go to the one reported first (runs arrive sorted)."""
    given = [e for e in errors if e]
    if not given:
        return None
    counts = Counter(given)
    best = max(counts.values())
    return next(e for e in given if counts[e] == best)


def risk_points(path: Sequence[StepKey], failures: Sequence[Run]) -> list[Risk]:
    """Failures per workflow step (count and an example error); failures off the path get step None.

    A failure is placed by the key of its failing step, so "the second `click` failed" lands on
    the workflow's second `click` even when the run took an extra step before it.
    """
    index = {k: i for i, k in enumerate(path)}
    by_place: dict[tuple[int | None, str], list[str | None]] = defaultdict(list)
    for run in failures:
        at = run.failed_step if run.failed_step is not None else len(run.steps) - 1
        key = step_keys(run.steps)[at]
        by_place[(index.get(key), key[0])].append(run.error)
    risks = [Risk(step=i, action=a, count=len(errs), example_error=_example(errs))
             for (i, a), errs in by_place.items()]
    return sorted(risks, key=lambda r: (r.step is None, r.step if r.step is not None else 0, r.action))
