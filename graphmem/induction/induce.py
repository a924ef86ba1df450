"""Inducing one group's workflow without an LLM, and deciding when a new version is due. Pure.

`induce_type` splits a group into procedures and shared sub-workflows, each induced by
`induce_group`. Both are functions of the *set* of runs (it sorts them by arrival first), so feeding
runs one at a time and re-inducing after each gives the same workflow as one batch over the same
runs: online and offline induction agree by construction.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from graphmem.identifiers import DEFAULT_REGISTRY, Registry
from graphmem.induction.consensus import StepKey, consensus, risk_points, step_keys, support, weighted_consensus
from graphmem.induction.grouping import mask_task, redact_personal
from graphmem.induction.lexical import idf_cosines
from graphmem.induction.model import Induced, Run
from graphmem.induction.params import abstract
from graphmem.induction.procedures import PROCEDURE_SHARE, PROCEDURE_THRESHOLD, split_procedures
from graphmem.induction.subroutines import share_blocks
from graphmem.induction.templates import generalise

MAX_EXAMPLES = 8
#: a task's steps are fitted from its FIT_RUNS nearest successful runs of the type ...
FIT_RUNS = 6
#: ... keeping a step when the runs that take it carry more than FIT_SHARE of their summed similarity
FIT_SHARE = 0.3
#: the candidates (nearest by embedding) among which the FIT_RUNS nearest are chosen by embedding and words
FIT_POOL = 30
#: the latest successful runs of a type searched for candidates (a scan: its cost grows with it)
FIT_SCAN = 2_000


def humanise(task_type: str) -> str:
    return " ".join(task_type.replace("_", " ").replace("-", " ").split())


def _describe(name: str, actions: Sequence[str], examples: Sequence[str]) -> str:
    steps = " → ".join(humanise(a) for a in actions)
    text = f"{name}: {steps}."
    return text + (f" For example: {examples[0]}" if examples else "")


def induce_group(runs: Sequence[Run], *, key: str, registry: Registry = DEFAULT_REGISTRY,
                 path: Sequence[StepKey] | None = None, share: float = 0.5) -> Induced | None:
    """The workflow of one group: consensus of its successes, parameters, risks from its failures.

    `path` overrides the consensus (an LLM inducer choosing among the same steps); support, args
    and risks are computed for it exactly as for the consensus. `share`: a step is kept when more
    than this share of the successful runs take it. None when no run succeeded.
    """
    ordered = sorted(runs, key=Run.order_key)
    succ = [r for r in ordered if r.succeeded]
    fail = [r for r in ordered if not r.succeeded]
    if not succ:
        return None
    keyed = [step_keys(r.steps) for r in succ]
    chosen = list(path) if path is not None else consensus(keyed, share)
    steps, params = abstract(chosen, succ, registry)
    types = Counter(r.task_type for r in ordered if r.task_type)
    task_type = min(types, key=lambda t: (-types[t], t)) if types else None
    examples: list[str] = []
    for r in succ:
        example = redact_personal(r.task, registry)
        if example not in examples:
            examples.append(example)
        if len(examples) == MAX_EXAMPLES:
            break
    name = humanise(task_type) if task_type else mask_task(examples[0], registry)[:120]
    return Induced(
        key=key, task_type=task_type, task_types=tuple(sorted(types)), name=name,
        description=_describe(name, [a for a, _ in chosen], examples), steps=steps, params=params,
        support=support(chosen, keyed), successes=len(succ), failures=len(fail),
        risks=tuple(risk_points(chosen, fail)), examples=tuple(examples),
        run_ids=tuple(r.id for r in ordered))


def nearest_runs(task: str, candidates: Sequence[tuple[Run, float]], k: int = FIT_RUNS) -> list[tuple[Run, float]]:
    """The k runs nearest the task among candidates given with their embedding cosine (-1..1): by the
    mean of that cosine and the idf-weighted cosine of words among the candidates (`idf_cosines`), each
    returned with that mean; ties by arrival."""
    lexical = idf_cosines(task, [r.task for r, _ in candidates])
    scored = [(r, (cos + lex) / 2) for (r, cos), lex in zip(candidates, lexical)]
    return sorted(scored, key=lambda x: (-x[1], x[0].order_key()))[:k]


def fit_to_task(nearest: Sequence[tuple[Run, float]], *, key: str, registry: Registry = DEFAULT_REGISTRY,
                share: float = FIT_SHARE) -> Induced | None:
    """The steps for one task: the workflow of its nearest successful runs, each weighing its similarity.

    Why: a task type (a website) holds many jobs, and a procedure induced from all the runs of one job
    is either the few steps they all share or the union of their variants. The runs most like the task
    are its job as this task asks it (AWM's finding: the right demonstrations beat a generic recipe).
    One of them alone carries its quirks; a step that several near runs take is the job's. `nearest`
    holds (run, similarity in -1..1) pairs (`nearest_runs`); value-bearing action text is generalised among them, a step
    is kept when the runs taking it hold more than `share` of their summed similarity, and support,
    parameters and examples are those of `induce_group` over these runs. On Mind2Web (`graphmem eval
    mind2web`, tuned on the even half of the websites): F1 of the steps 1.3x the nearest demonstration's
    on the odd half, at precision above it. None when no run is given.
    """
    if not nearest:
        return None
    weight = {r.id: max(score, 1e-6) for r, score in nearest}
    general = generalise(sorted((r for r, _ in nearest), key=Run.order_key))
    keyed = [step_keys(r.steps) for r in general]
    path = weighted_consensus(keyed, [weight[r.id] for r in general], share)
    return induce_group(general, key=key, registry=registry, path=path)


def procedure_key(group: str, leader: str, first: bool) -> str:
    """A procedure's key: the group's own key for the type's first procedure (a type of one job keeps
    the key it always had), else the group key and a hash of the run that founded the procedure."""
    return group if first else f"{group}.p-" + hashlib.sha1(leader.encode("utf-8")).hexdigest()[:10]


def induce_type(runs: Sequence[Run], *, key: str, registry: Registry = DEFAULT_REGISTRY,
                split: bool = True, threshold: float = PROCEDURE_THRESHOLD) -> list[Induced]:
    """Every workflow of one group: one per procedure (`procedures.split_procedures`), then the blocks
    they share as sub-workflows (`subroutines.share_blocks`), procedures first.

    Value-bearing action text is generalised first (`templates.generalise`). `split=False` keeps
    the group one procedure (untyped groups are clustered by task already). A function of the set
    of runs: online and offline induction give the same workflows.
    """
    general = generalise(sorted(runs, key=Run.order_key))
    if not general:  # every run of the group was erased: nothing to induce, whatever the group was
        return []
    parts = [p for p in (split_procedures(general, threshold=threshold) if split else [general]) if p]
    procedures: list[Induced] = []
    for n, part in enumerate(parts):
        leader = next((r.id for r in part if r.succeeded), part[0].id)
        induced = induce_group(part, key=procedure_key(key, leader, n == 0), registry=registry,
                               share=PROCEDURE_SHARE if len(parts) > 1 else 0.5)
        if induced is None:
            continue
        if len(parts) > 1:
            label = mask_task(induced.examples[0], registry)[:100] if induced.examples else induced.name
            name = f"{induced.name}: {label}"
            induced = replace(induced, name=name,
                              description=_describe(name, induced.actions, induced.examples))
        procedures.append(replace(induced, group=key))
    if not split:
        return procedures
    procedures, subs = share_blocks(procedures, general, group=key)
    return [*procedures, *subs]


def version_reason(old_actions: Sequence[str], old_risky: Sequence[str], new_actions: Sequence[str]) -> str | None:
    """Why the new path makes a new version, or None when the path is the same (update in place).

    A version is a path: the same actions in the same order keep the version (support, params and
    risks are refreshed on it); another path closes it. `shorter`: fewer steps; `more_reliable`:
    the new path leaves out a step where failures happened; `revised`: any other change.
    """
    if tuple(old_actions) == tuple(new_actions):
        return None
    if len(new_actions) < len(old_actions):
        return "shorter"
    if set(old_risky) - set(new_actions):
        return "more_reliable"
    return "revised"
