"""The words a group's runs use, and how many of a new task's rarer words a group or a procedure
shares. Pure.

Task texts of different task types are often close in meaning ("find flights from A to B" on two
airline sites), but a type's runs carry words no other type has: its element labels, its brand and
category names, the values its users typed. So matching weighs, next to the embedding, the share of
the task's words (weighted by inverse document frequency over the namespace's groups, so common
words count little) that a group's runs contain. Within a type, the share of the task's words found
in a procedure's example tasks picks among its procedures, and the idf-weighted cosine of words between
the task and each of a few candidate runs (`idf_cosines`) sorts out which runs are nearest: an embedding
scores "return the kettle from order N" near "track order N", the words "return" and "kettle" do not.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence, Set

from graphmem.induction.model import Run

_WORD = re.compile(r"\w{2,}")
#: distinct words kept per group (most runs use far fewer; a bound keeps the group node small)
MAX_TERMS = 20_000


def words(text: str) -> set[str]:
    """Lower-case words of two characters or more."""
    return {w.lower() for w in _WORD.findall(text)}


def _values(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _values(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _values(v)


def group_terms(runs: Sequence[Run]) -> list[str]:
    """The sorted distinct words of the successful runs' tasks, actions and string arguments."""
    found: set[str] = set()
    for r in runs:
        if not r.succeeded:
            continue
        found |= words(r.task)
        for s in r.steps:
            found |= words(s.action)
            for v in _values(dict(s.args)):
                found |= words(v)
    return sorted(found)[:MAX_TERMS]


def type_overlap(query: set[str], shared: Mapping[str, Sequence[str]]) -> dict[str, float]:
    """{group: idf-weighted share of the query's known words the group holds}, given for each group
    the query words it holds. Words no group holds are left out (they tell no group apart)."""
    n = len(shared)
    df: dict[str, int] = {}
    for hits in shared.values():
        for w in set(hits):
            df[w] = df.get(w, 0) + 1
    idf = {w: math.log(1.0 + n / c) for w, c in df.items() if w in query}
    total = sum(idf.values())
    if not total:
        return {g: 0.0 for g in shared}
    return {g: sum(idf.get(w, 0.0) for w in set(hits)) / total for g, hits in shared.items()}


def example_overlap(query: set[str], examples: Sequence[str]) -> float:
    """The share of the query's words found in a procedure's example tasks."""
    if not query:
        return 0.0
    seen: set[str] = set()
    for e in examples:
        seen |= words(e)
    return len(query & seen) / len(query)


def idf_weights(docs: Sequence[Set[str]]) -> dict[str, float]:
    """Each feature's smoothed inverse document frequency, log(1 + n / df): one that every document has
    weighs least."""
    df: dict[str, int] = {}
    for d in docs:
        for f in d:
            df[f] = df.get(f, 0) + 1
    return {f: math.log(1.0 + len(docs) / c) for f, c in df.items()}


def idf_cosines(query: str, texts: Sequence[str]) -> list[float]:
    """Cosine of the query's words and each text's, each word weighted by its inverse document frequency
    among the texts (a word they all use weighs least; one none of them uses, most)."""
    docs = [words(t) for t in texts]
    weights = idf_weights(docs)
    unseen = math.log(1.0 + len(docs))

    def idf(w: str) -> float:
        return weights.get(w, unseen)

    q = words(query)
    q_norm = math.sqrt(sum(idf(w) ** 2 for w in q))
    out = []
    for d in docs:
        d_norm = math.sqrt(sum(idf(w) ** 2 for w in d))
        out.append(sum(idf(w) ** 2 for w in q & d) / (q_norm * d_norm) if q_norm and d_norm else 0.0)
    return out
