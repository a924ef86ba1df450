"""Recall's attribute words at work: the attributes a question asks about rank first among an entity's
facts, and a reverse question ("Who lives in Porto?") is answered by who holds the value it names, read
exactly from the exact channel (`exact.find_value_holders`). The words themselves: `recall/attributes.py`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from graphmem.recall.attributes import attribute_words, candidate_attributes, is_reverse, value_phrases
from graphmem.recall.merge import Hit
from graphmem.store import Store
from graphmem.types import Namespace


def mark_asked(hits: Sequence[Hit], question: str) -> list[Hit]:
    """Facts of the attributes the question asks about carry `asked`, which ranks them first among their
    entity's facts ("What plan is Ms. Lopez on?": the plan before her city and email)."""
    asked = set(attribute_words(question, {str(h.data.get("attribute")) for h in hits if h.kind == "fact"}))
    if not asked:
        return list(hits)
    return [replace(h, data={**h.data, "asked": True}) if h.kind == "fact" and h.data.get("attribute") in asked
            else h for h in hits]


def reverse_hits(store: Store, ns: Namespace, question: str, *, valid_at: datetime,
                 known_at: datetime | None) -> tuple[str | None, list[Hit]]:
    """(the route line, the hits) of a reverse question: for each value it names and each attribute its
    words may mean, who held that value then. (None, []) when the question is not one, or nobody does."""
    if not is_reverse(question):
        return None, []
    values = value_phrases(question)
    names = candidate_attributes(question)
    if not values or not names:
        return None, []
    from graphmem.channels.exact import find_value_holders

    rows = find_value_holders(store, ns, names=names, values=values, valid_at=valid_at, known_at=known_at)
    if not rows:
        return None, []
    asked = set(attribute_words(question, {str(r["attribute"]) for r in rows}))
    hits = []
    for r in rows:
        label = r["key"] + (f" ({r['entity_name']})" if r["entity_name"] else "")
        day = r["valid_from"].strftime("%Y-%m-%d")
        reason = (f"exact: reverse question: {r['value']!r} is the {r['attribute']} of {r['key']} as of "
                  "valid_at/known_at (exact value, attribute from the question's words)")
        hits.append(Hit("exact", "fact", f"{label} {r['attribute']}: {r['value']} (since {day})", reason,
                        f"fact:{r['key']}:{r['attribute']}:{r['value']!r}", at=r["valid_from"], group=-1,
                        data={"entity": r["key"], "entity_type": r["type"], "entity_name": r["entity_name"],
                              "attribute": r["attribute"], "value": r["value"], "since": r["valid_from"],
                              "valid_from": r["valid_from"], "valid_to": r["valid_to"], "txn_time": r["txn_time"],
                              "txn_end": r["txn_end"], "source": r["source"], "reverse": True,
                              "asked": r["attribute"] in asked}))
    said = "; ".join(f"{v!r} → " + ", ".join(sorted({f"{r['key']} ({r['attribute']})" for r in rows
                                                      if r["value"] == v}))
                     for v in dict.fromkeys(r["value"] for r in rows))
    return f"reverse question: who holds the value it names, exactly, as of valid_at/known_at: {said}", hits
