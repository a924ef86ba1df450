"""Procedural intent, pure: whether a question asks how to do something, and about which task.

Such a question is answered by a workflow first (`graphmem.recall.plan`, the workflow rule), so the
phrases are deliberately narrow: "how do I", "steps to", "walk me through" and their Chinese forms,
never "how" alone ("how old is she" is not a procedure).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_INTENT_EN = re.compile(
    r"\bhow\s+(?:do|can|could|should|would|shall)\s+(?:i|we|you|one|they|agents?)\b"
    r"|\bhow\s+to\b|\bhow\s+is\s+\w+\s+done\b"
    r"|\b(?:what\s+(?:are|is)\s+the\s+)?(?:steps?|procedures?|process|workflow|instructions?)\s+(?:to|for|of|on)\b"
    r"|\bwhat\s+(?:are|is)\s+the\s+(?:steps|procedure|process|workflow)\b"
    r"|\bwalk\s+me\s+through\b", re.IGNORECASE)
_INTENT_ZH = re.compile(r"怎么|怎样|如何|步骤|流程|操作方法|办理方法|教我")
_LEAD_FILLER = re.compile(r"^(?:\s|to\b|for\b|of\b|on\b|a\b|an\b|the\b|做|才能|能|可以|去|来|进行|办理|[，,：:])+",
                          re.IGNORECASE)
_TRAIL_PUNCT = re.compile(r"[\s?？!！.。,，；;：:]+$")
_ZH_FILLER = re.compile(r"的|是什么|是啥|有哪些|是怎样的|呢|吗|请问|一下")


@dataclass(frozen=True, slots=True)
class Intent:
    """A "how do I" question: the phrase that said so and the task it asks about."""

    phrase: str
    task: str


def detect_intent(query: str) -> Intent | None:
    """The procedural intent of a query, in English or Chinese, or None.

    The task is what remains once the phrase and its filler words are removed, so that the workflow
    channel matches "refund an order" rather than "how do I refund an order?".
    """
    m = _INTENT_EN.search(query) or _INTENT_ZH.search(query)
    if m is None:
        return None
    rest = (query[:m.start()] + " " + query[m.end():]).strip()
    rest = _TRAIL_PUNCT.sub("", _LEAD_FILLER.sub("", _ZH_FILLER.sub(" ", rest))).strip()
    rest = " ".join(rest.split())
    return Intent(phrase=m.group(0), task=rest or _TRAIL_PUNCT.sub("", query).strip())
