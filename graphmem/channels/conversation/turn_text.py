"""What a turn's text yields for its write, pure: the text the full-text index holds, the strings that could
be entity keys, the identifier values it holds (as exact index seeks), and its importance. Kept apart from
`turns` (the write itself) and warmed up at start (`graphmem.recall.warmup`: a first call compiles the
registry's patterns)."""

from __future__ import annotations

from datetime import datetime

from graphmem.channels.conversation.embeddings import labelled
from graphmem.channels.conversation.records import NewTurn
from graphmem.identifiers import Registry, mentions
from graphmem.text.summarise import has_detail

MAX_KEY_CANDIDATES = 300


def indexed_text(speaker: str | None, text: str, at: datetime) -> str:
    """What the full-text index holds: the labelled text and the day it was said, so that keyword
    search matches "in July" or "2023" (our own date format, whatever format the caller used)."""
    return f"{labelled(speaker, text)} ({at.day} {at:%B %Y})"


def key_candidates(text: str, registry: Registry) -> list[str]:
    """Strings of the text that could be an entity key (`identifiers.mentions`, as recall reads them)."""
    return mentions(text, registry, limit=MAX_KEY_CANDIDATES)


def identifier_pairs(text: str, registry: Registry) -> list[dict[str, str]]:
    """(attribute name, normalised value) pairs for identifier values in the text: the exact index seeks
    that find who currently holds them."""
    pairs: list[dict[str, str]] = []
    kinds = {k.name: k for k in registry.kinds}
    for found in registry.find(text):
        for name in sorted(kinds[found.kind].attributes):
            pair = {"name": name, "value": found.value}
            if pair not in pairs:
                pairs.append(pair)
    return pairs


def importance_of(turn: NewTurn, registry: Registry) -> float:
    """0..1: a caller's `metadata.importance` if given, else a cheap content estimate (identifiers,
    numbers and dates, length). Used by search ranking and by forgetting."""
    given = (turn.metadata or {}).get("importance")
    if isinstance(given, (int, float)) and not isinstance(given, bool):
        return float(min(1.0, max(0.0, given)))
    score = 0.3
    if registry.find(turn.text):
        score += 0.3
    elif has_detail(turn.text, registry):
        score += 0.15
    score += 0.2 * min(1.0, len(turn.text) / 300)
    return round(min(1.0, score), 4)
