"""Which runs belong together, and which induced workflows are one. Pure.

Runs with a task_type form one group per type. Runs without one are grouped by the similarity of
their task texts (embeddings computed by the caller): leader clustering in arrival order, where a
run joins the group whose first run (its leader) is most similar, above a threshold, or leads a
new group. The same procedure runs online (one run at a time) and offline (all unassigned runs in
arrival order), so both assign alike. Identifiers are masked before embedding: "refund ORD-1" and
"refund ORD-2" are the same task.

Dedupe: workflows with the same action signature are one workflow. A group without a task_type
whose workflow has the signature of another group's is absorbed into it (the caller re-induces
the union). Two typed groups are never merged: the caller declared them different tasks.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence

from graphmem.identifiers import DEFAULT_REGISTRY, Registry

#: cosine similarity above which an untyped run joins a group's leader (all-MiniLM-L6-v2, masked text)
DEFAULT_THRESHOLD = 0.7
_MASKS = {"email": "email address", "phone": "phone number", "uuid": "id", "key": "id"}
_DIGITS = re.compile(r"\d+(?:[.,:/-]\d+)*")


def group_key(*, task_type: str | None = None, leader: str | None = None) -> str:
    """A group's stable key: from its task_type, or from the id of the run that leads it."""
    if task_type is not None:
        seed = "type:" + task_type
    elif leader is not None:
        seed = "auto:" + leader
    else:
        raise ValueError("a group key needs a task_type or a leader run id")
    return "wf-" + hashlib.sha1(seed.encode("utf-8")).hexdigest()[:12]


def mask_task(text: str, registry: Registry = DEFAULT_REGISTRY) -> str:
    """The task text with identifiers and numbers replaced by words, for embedding."""
    out, last = [], 0
    for f in registry.find(text):
        out.append(text[last:f.start])
        out.append(_MASKS.get(f.kind, "id"))
        last = f.end
    out.append(text[last:])
    return _DIGITS.sub("N", "".join(out))


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def nearest_leader(vector: Sequence[float], leaders: Sequence[tuple[str, Sequence[float]]],
                   threshold: float = DEFAULT_THRESHOLD) -> str | None:
    """The key of the most similar leader at or above the threshold (ties: the earlier leader)."""
    best, best_score = None, threshold
    for key, lv in leaders:
        score = cosine(vector, lv)
        if score > best_score or (best is None and score >= best_score):
            best, best_score = key, score
    return best


def leader_clusters(items: Sequence[tuple[str, Sequence[float]]],
                    leaders: Sequence[tuple[str, Sequence[float]]] = (),
                    threshold: float = DEFAULT_THRESHOLD) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Assign runs (id, vector), in the order given, to existing or new groups.

    Returns ({run id: group key}, [(new group key, leader run id)]) in order of creation.
    """
    known: list[tuple[str, Sequence[float]]] = list(leaders)
    assigned: dict[str, str] = {}
    created: list[tuple[str, str]] = []
    for run_id, vector in items:
        key = nearest_leader(vector, known, threshold)
        if key is None:
            key = group_key(leader=run_id)
            known.append((key, vector))
            created.append((key, run_id))
        assigned[run_id] = key
    return assigned, created


def plan_merges(workflows: Sequence[tuple[str, str | None, str]]) -> dict[str, str]:
    """{absorbed key: target key} for (key, task_type, signature) triples given in age order.

    Per signature, untyped groups are absorbed into the oldest typed group if there is one, else
    into the oldest untyped group. Typed groups stay as they are.
    """
    by_sig: dict[str, list[tuple[str, str | None]]] = {}
    for key, task_type, sig in workflows:
        if sig:
            by_sig.setdefault(sig, []).append((key, task_type))
    merges: dict[str, str] = {}
    for members in by_sig.values():
        if len(members) < 2:
            continue
        typed = [k for k, t in members if t is not None]
        target = typed[0] if typed else members[0][0]
        for k, t in members:
            if t is None and k != target:
                merges[k] = target
    return merges
