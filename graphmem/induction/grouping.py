"""Which runs belong together, and which induced workflows are one. Pure.

Runs with a task_type form one group per type. Runs without one are grouped by the similarity of
their task texts (embeddings computed by the caller), confirmed by the actions they took: the
score is the mean of the texts' cosine and the overlap of the two action sets (shared actions over
the smaller set, so a failure cut short still matches the full procedure). Text alone does not
separate tasks well enough ("Book a meeting with …" and "Set up a call with …" are further apart
than "Update the shipping address" and "Give a shipping update"); the actions do. Leader
clustering in arrival order: a run joins the group whose first run (its leader) scores highest,
above a threshold, or leads a new group. The same procedure runs online (one run at a time) and
offline (all unassigned runs in arrival order), so both assign alike. Identifiers, dates and
numbers are masked before embedding: "refund ORD-1" and "refund ORD-2" are the same task.

Dedupe: workflows with the same action signature are one workflow. A group without a task_type
whose workflow has the signature of another group's is absorbed into it (the caller re-induces
the union). Two typed groups are never merged: the caller declared them different tasks.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Collection, Sequence

import phonenumbers

from graphmem.identifiers import DEFAULT_REGISTRY, Found, Registry

#: score (mean of text cosine and action overlap) at or above which an untyped run joins a leader
DEFAULT_THRESHOLD = 0.55
_MASKS = {"email": "email address", "phone": "phone number", "uuid": "id", "key": "id"}
_DATE = re.compile(r"(?<![\w-])\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w-])")
_DIGITS = re.compile(r"\d+(?:[.,:/-]\d+)*")
Leader = tuple[str, Sequence[float], Sequence[str]]  # group key, task vector, actions


def group_key(*, task_type: str | None = None, leader: str | None = None) -> str:
    """A group's stable key: from its task_type, or from the id of the run that leads it."""
    if task_type is not None:
        seed = "type:" + task_type
    elif leader is not None:
        seed = "auto:" + leader
    else:
        raise ValueError("a group key needs a task_type or a leader run id")
    return "wf-" + hashlib.sha1(seed.encode("utf-8")).hexdigest()[:12]


#: the words naming a number just before it: "ticket no. 0167392818", "order number 12345678", "PNR #"
_NAMED_NUMBER = re.compile(r"\b([a-z]+)\s+(?:no\.?|nr\.?|num(?:ber)?\.?|#|id)?\s*:?\s*$", re.IGNORECASE)
_NUMBER_WORDS = frozenset({"ticket", "order", "confirmation", "booking", "reservation", "account", "invoice",
                           "reference", "tracking", "case", "card", "policy", "member", "membership", "flight",
                           "receipt", "claim", "customer", "pnr"})


def _a_phone(f: Found, text: str, registry: Registry) -> bool:
    """Is a number the registry took for a phone one? Not when the words before it name another number
    ("ticket no.", "order", "confirmation number"); yes when libphonenumber calls it valid in the
    registry's region, or when it is written the way phones are ("+", separators: "138-0000-1234"); a
    bare run of digits that is no valid number here is a number."""
    if number_label(text, f.start) != "number":
        return False
    try:
        if phonenumbers.is_valid_number(phonenumbers.parse(f.raw, getattr(registry, "region", None) or "US")):
            return True
    except phonenumbers.NumberParseException:
        return False
    return not f.raw.isdigit()


def number_label(text: str, start: int) -> str:
    """What a number is called by the words before it: `ticket_number`, `order_number`, …, else `number`."""
    m = _NAMED_NUMBER.search(text, 0, start)
    word = m[1].lower() if m else ""
    return f"{word}_number" if word in _NUMBER_WORDS else "number"


def mask_task(text: str, registry: Registry = DEFAULT_REGISTRY) -> str:
    """The task text with identifiers and numbers replaced by words, for embedding."""
    text = _DATE.sub("date", text)
    out, last = [], 0
    for f in registry.find(text):
        out.append(text[last:f.start])
        out.append(_MASKS.get(f.kind, "id") if f.kind != "phone" or _a_phone(f, text, registry) else "number")
        last = f.end
    out.append(text[last:])
    return _DIGITS.sub("N", "".join(out))


def redact_personal(text: str, registry: Registry = DEFAULT_REGISTRY) -> str:
    """The text with emails and phone numbers replaced by `<email>`, `<phone>` (ISO dates kept); a number
    that only looked like a phone is masked as what the words before it call it (`<ticket_number>`) or
    `<number>`.

    Workflows keep example tasks to show and to match by; they must not keep a customer's contact
    details, which erasure (keyed on entities) would never reach.
    """
    dates = [(m.start(), m.end()) for m in _DATE.finditer(text)]
    out, last = [], 0
    for f in registry.find(text):
        if f.kind not in ("email", "phone") or any(f.start < e and s < f.end for s, e in dates):
            continue
        out.append(text[last:f.start])
        out.append(f"<{f.kind}>" if f.kind != "phone" or _a_phone(f, text, registry) else f"<{number_label(text, f.start)}>")
        last = f.end
    out.append(text[last:])
    return "".join(out)


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def overlap(a: Collection[str], b: Collection[str]) -> float:
    """Shared actions over the smaller action set (1.0 when one run's actions are all in the other)."""
    sa, sb = set(a), set(b)
    return len(sa & sb) / min(len(sa), len(sb)) if sa and sb else 0.0


def nearest_leader(vector: Sequence[float], actions: Collection[str], leaders: Sequence[Leader],
                   threshold: float = DEFAULT_THRESHOLD) -> str | None:
    """The key of the best-scoring leader at or above the threshold (ties: the earlier leader)."""
    best, best_score = None, threshold
    for key, lv, la in leaders:
        score = (cosine(vector, lv) + overlap(actions, la)) / 2
        if score > best_score or (best is None and score >= best_score):
            best, best_score = key, score
    return best


def leader_clusters(items: Sequence[tuple[str, Sequence[float], Sequence[str]]], leaders: Sequence[Leader] = (),
                    threshold: float = DEFAULT_THRESHOLD) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Assign runs (id, task vector, actions), in the order given, to existing or new groups.

    Returns ({run id: group key}, [(new group key, leader run id)]) in order of creation.
    """
    known: list[Leader] = list(leaders)
    assigned: dict[str, str] = {}
    created: list[tuple[str, str]] = []
    for run_id, vector, actions in items:
        key = nearest_leader(vector, actions, known, threshold)
        if key is None:
            key = group_key(leader=run_id)
            known.append((key, vector, actions))
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
