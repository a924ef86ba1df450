"""Splitting the runs of one task type into procedures. Pure.

A task type is what the caller declared (a website, a queue); it may hold several different jobs
(search a flight, rent a car, check in). Keeping a step only when more than half of a *type's* runs
take it then keeps nothing. So runs are split by what they do and what they were asked:

- each run is two sparse vectors: the set of its actions (after `templates.generalise`, so
  `CLICK [span] {*}` is one action whatever city was clicked) and the words of its task text
  (letters only: numbers and ids say nothing about the job), both weighted by a smoothed inverse document frequency over the type's runs (an action or
  a word every run has says little about which job a run is);
- the score of a run against a procedure is the mean of the two cosines with the procedure's
  centroid (the sum of its members' vectors);
- successful runs, in arrival order, join the best-scoring procedure at or above `threshold`, else
  found a new one (leader clustering); a run that shares at least 80 % of the smaller action set
  with a procedure's founding run (and at least three actions) joins it whatever the texts say (the
  same job asked in other words, with an extra step or two); failures then join their best-scoring procedure whatever the
  score (a failure cut short is still an attempt at that job) and never found one.

A procedure of a type split into several is a family of related jobs asked in different words (on
one website, "find a flight to X" and "find the cheapest flight for two"), whose runs share some
steps and not others; its workflow keeps the steps more than `PROCEDURE_SHARE` of its runs take
(each with its own `support`), not only the majority's: on real web demonstrations (Mind2Web) the
majority of a procedure's runs agree on few steps, and the held-out task needs the others.

It is a function of the set of runs (sorted by arrival first), so feeding runs one at a time and
re-splitting gives the same procedures as one batch. A type whose runs are one job (noise, extra
steps, a swapped pair) scores far above the threshold and stays one procedure.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from graphmem.induction.lexical import idf_weights
from graphmem.induction.model import Run

#: mean of action and text cosine with a procedure's centroid at or above which a run joins it
PROCEDURE_THRESHOLD = 0.2
#: in a type split into several procedures, a step is kept when more than this share of its
#: procedure's successful runs take it (a type of one procedure keeps the majority rule)
PROCEDURE_SHARE = 0.2
#: share of the smaller action set two runs must share to be one procedure whatever their texts say
SAME_ACTIONS = 0.8
MIN_SHARED = 3
_WORD = re.compile(r"[^\W\d_]{2,}")
Vector = dict[str, float]


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _weigh(features: list[set[str]]) -> list[Vector]:
    idf = idf_weights(features)
    return [{f: idf[f] for f in fs} for fs in features]


def _cos(v: Vector, centroid: Vector, norm: float) -> float:
    if not v or not norm:
        return 0.0
    dot = sum(w * centroid.get(f, 0.0) for f, w in v.items())
    nv = math.sqrt(sum(w * w for w in v.values()))
    return dot / (nv * norm) if nv else 0.0


class _Procedure:
    __slots__ = ("members", "actions", "words", "a_norm", "w_norm", "leader")

    def __init__(self, leader: set[str]) -> None:
        self.leader = leader
        self.members: list[int] = []
        self.actions: Vector = {}
        self.words: Vector = {}
        self.a_norm = 0.0
        self.w_norm = 0.0

    def add(self, i: int, actions: Vector, words: Vector) -> None:
        self.members.append(i)
        for f, w in actions.items():
            self.actions[f] = self.actions.get(f, 0.0) + w
        for f, w in words.items():
            self.words[f] = self.words.get(f, 0.0) + w
        self.a_norm = math.sqrt(sum(w * w for w in self.actions.values()))
        self.w_norm = math.sqrt(sum(w * w for w in self.words.values()))

    def score(self, actions: Vector, words: Vector) -> float:
        return (_cos(actions, self.actions, self.a_norm) + _cos(words, self.words, self.w_norm)) / 2

    def same_actions(self, actions: Vector) -> bool:
        """The run takes (nearly) the actions its leader took, or the leader nearly all of the run's."""
        if not actions or not self.leader:
            return False
        shared = len(self.leader & actions.keys())
        return shared >= SAME_ACTIONS * min(len(self.leader), len(actions)) and shared >= MIN_SHARED


def split_procedures(runs: Sequence[Run], *, threshold: float = PROCEDURE_THRESHOLD) -> list[list[Run]]:
    """The runs (generalised, see `templates`) split into procedures, each in arrival order;
    procedures are ordered by their first successful run."""
    order = sorted(range(len(runs)), key=lambda i: runs[i].order_key())
    texts = [r.task for r in runs]
    a_vecs = _weigh([{s.action for s in r.steps} for r in runs])
    w_vecs = _weigh([_words(t) for t in texts])
    procs: list[_Procedure] = []
    for i in order:
        if not runs[i].succeeded:
            continue
        scores = [1.0 if p.same_actions(a_vecs[i]) else p.score(a_vecs[i], w_vecs[i]) for p in procs]
        best = max(range(len(procs)), key=lambda j: (scores[j], -j), default=None)
        if best is None or scores[best] < threshold:
            procs.append(_Procedure(set(a_vecs[i])))
            best = len(procs) - 1
        procs[best].add(i, a_vecs[i], w_vecs[i])
    if not procs:
        return [[runs[i] for i in order]] if runs else []
    late: dict[int, list[int]] = {}
    for i in order:
        if runs[i].succeeded:
            continue
        scores = [p.score(a_vecs[i], w_vecs[i]) for p in procs]
        late.setdefault(max(range(len(procs)), key=lambda j: (scores[j], -j)), []).append(i)
    out: list[list[Run]] = []
    for j, p in enumerate(procs):
        members = sorted([*p.members, *late.get(j, [])], key=lambda i: runs[i].order_key())
        out.append([runs[i] for i in members])
    return out
