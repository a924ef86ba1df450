"""Blocks of steps that several procedures of one type share, kept once as sub-workflows. Pure.

On one website, searching a flight and searching a hotel both type a place, pick the suggestion,
pick a date and press search. Such a contiguous block, found in the consensus steps of at least two
procedures of the same type, becomes a sub-workflow of its own (kind `subroutine`) that each of
them references (`Use`: which of its steps the block covers). A block is compared by its actions
with parameter names blurred (`{destination}` and `{origin}` are both a parameter), must be at least
`MIN_BLOCK` steps long and hold at least two different actions (three clicks on an icon are not a
routine). Longest blocks are taken first; a procedure's steps belong to at most one block. The
sub-workflow's support is the number of the type's successful runs that take the block in one
contiguous stretch. Deterministic for a given list of procedures.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import replace

from graphmem.induction.model import Induced, Run, Use

MIN_BLOCK = 3
_PARAM = re.compile(r"\{[A-Za-z0-9_*]+\}")


def blur(action: str) -> str:
    """An action with its parameter names blurred: `CLICK [span] {destination}` → `CLICK [span] {*}`."""
    return _PARAM.sub("{*}", action)


def _common_blocks(a: Sequence[str], b: Sequence[str]) -> set[tuple[str, ...]]:
    """Maximal common contiguous runs of two sequences, at least MIN_BLOCK long."""
    out: set[tuple[str, ...]] = set()
    prev = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        cur = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                cur[j] = prev[j - 1] + 1
        for j in range(1, len(b) + 1):
            n = cur[j]
            ends_here = n >= MIN_BLOCK and (i == len(a) or j == len(b) or a[i] != b[j])
            if ends_here:
                out.add(tuple(a[i - n:i]))
        prev = cur
    return out


def _find(seq: Sequence[str], block: Sequence[str], taken: set[int]) -> int | None:
    n = len(block)
    for s in range(len(seq) - n + 1):
        if tuple(seq[s:s + n]) == tuple(block) and not taken & set(range(s, s + n)):
            return s
    return None


def _contiguous(seq: Sequence[str], block: Sequence[str]) -> bool:
    n = len(block)
    return any(tuple(seq[s:s + n]) == tuple(block) for s in range(len(seq) - n + 1))


def share_blocks(procedures: Sequence[Induced], runs: Sequence[Run], *, group: str) -> tuple[list[Induced],
                                                                                              list[Induced]]:
    """(procedures with their `uses`, the sub-workflows they reference), for one type's procedures.

    `runs` are the type's generalised runs (support is counted on them)."""
    if len(procedures) < 2:
        return list(procedures), []
    seqs = [[blur(s.action) for s in p.steps] for p in procedures]
    candidates: set[tuple[str, ...]] = set()
    for i in range(len(seqs)):
        for j in range(i + 1, len(seqs)):
            candidates |= _common_blocks(seqs[i], seqs[j])
    taken: list[set[int]] = [set() for _ in procedures]
    uses: list[list[Use]] = [[] for _ in procedures]
    subs: list[Induced] = []
    succ = [[blur(s.action) for s in r.steps] for r in runs if r.succeeded]
    for block in sorted(candidates, key=lambda b: (-len(b), b)):
        if len(set(block)) < 2:
            continue
        at = [(i, _find(seqs[i], block, taken[i])) for i in range(len(seqs))]
        users = [(i, s) for i, s in at if s is not None]
        if len(users) < 2:
            continue
        key = f"{group}.sub-" + hashlib.sha1("\x1f".join(block).encode("utf-8")).hexdigest()[:10]
        first, start = users[0]
        owner = procedures[first]
        steps = owner.steps[start:start + len(block)]
        used = {n for s in steps for n in _PARAM.findall(s.action + repr(dict(s.args)))}
        params = tuple(p for p in owner.params if "{" + p.name + "}" in used)
        support = sum(1 for seq in succ if _contiguous(seq, block))
        examples = tuple(dict.fromkeys(e for i, _ in users for e in procedures[i].examples[:2]))
        name = f"{owner.task_type or owner.name}: shared steps ({len(block)})"
        subs.append(Induced(
            key=key, task_type=owner.task_type, task_types=owner.task_types, name=name,
            description=f"{name}: " + " → ".join(s.action for s in steps) + ".", steps=steps, params=params,
            support=support, successes=support, failures=0, risks=(), examples=examples[:8],
            run_ids=tuple(sorted({r for i, _ in users for r in procedures[i].run_ids})),
            kind="subroutine", group=group))
        for i, s in users:
            taken[i].update(range(s, s + len(block)))
            uses[i].append(Use(key, s, len(block)))
    out = [replace(p, uses=tuple(sorted(u, key=lambda x: x.start))) for p, u in zip(procedures, uses)]
    return out, subs
