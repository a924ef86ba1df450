"""A fresh process's first-call costs of the request paths, paid before `/readyz` says ready.

Why: ready promises that the first turn costs what the next ones cost (issue #20: first turn after
`/readyz` within 2x a warm one). The embedding model is loaded separately (`api.app.ModelWarmer`);
what remains is pure Python that builds itself on first use: the identifier patterns and the phone
number metadata a turn's text is scanned with, the time-word lexicon and intent rules a question is
classified with (measured: a first `key_candidates` 10 ms, then 0.3 ms). Nothing here touches Neo4j.
"""

from __future__ import annotations

from graphmem.channels.conversation.records import NewTurn
from graphmem.channels.conversation.turns import identifier_pairs, importance_of, indexed_text, key_candidates, labelled
from graphmem.identifiers import registry_for
from graphmem.instants import utcnow
from graphmem.recall.plan import classify
from graphmem.settings import Settings

SAMPLE = ("Warm-up: order ORD-48213 for ana@example.com, call +33 6 12 34 56 78; it was due on Monday "
          "2024-05-01 and she moved to Lyon last week.")
QUESTION = "What did Ana say about order ORD-48213 two weeks ago, and how do I refund it?"


def warm_up(settings: Settings) -> None:
    """Run the pure parts of a turn write and of a recall once on sample text (results discarded)."""
    registry = registry_for(settings.identifier_patterns, settings.phone_region)
    now = utcnow()
    turn = NewTurn(text=SAMPLE, speaker="Ana")
    indexed_text(turn.speaker, turn.text, now)
    labelled(turn.speaker, turn.text)
    importance_of(turn, registry)
    key_candidates(turn.text, registry)
    identifier_pairs(turn.text, registry)
    classify(QUESTION, now=now, registry=registry)
