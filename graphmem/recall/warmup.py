"""A fresh process's first-call costs of the request paths, paid before `/readyz` says ready.

Why: ready promises that the first turn costs what the next ones cost (issue #20: first turn after
`/readyz` within 2x a warm one). The embedding model is loaded separately (`api.warmup.ModelWarmer`);
what remains:
- pure Python that builds itself on first use (`warm_up`): the identifier patterns and the phone number
  metadata a turn's text is scanned with, the time-word lexicon and intent rules a question is classified
  with (measured: a first `key_candidates` 10 ms, then 0.3 ms);
- Neo4j's plans of the statements a turn and a recall run (`warm_statements`): a Neo4j just started has
  none, and planning the turn write's two statements took 200-250 ms each (measured on the first turn
  after a fresh start: 3.1 s, then 125 ms once the plans were cached). A turn is written for real through
  `add_turns`, in a transaction that is rolled back at its end (nothing is kept, nothing is queued after
  it), and a recall reads the empty namespace `WARM_NS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast
from uuid import uuid4

from graphmem.channels.conversation.embeddings import labelled
from graphmem.channels.conversation.records import NewTurn
from graphmem.channels.conversation.turn_text import identifier_pairs, importance_of, indexed_text, key_candidates
from graphmem.channels.conversation.turns import add_turns
from graphmem.identifiers import registry_for
from graphmem.instants import utcnow
from graphmem.recall.plan import classify
from graphmem.recall.run import _recall
from graphmem.settings import Settings
from graphmem.store import Store, Tx
from graphmem.types import Namespace

T = TypeVar("T")
WARM_NS = "graphmem-warm-up"  # nothing is ever committed in it

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


class _Rehearsal(Exception):
    """Raised at the end of a rehearsed write transaction: the driver rolls it back."""


class _RollingBack:
    """The store, except that every write transaction runs its statements and is then rolled back."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def write(self, work: Callable[[Tx], T], **kwargs: Any) -> T:
        def rehearse(tx: Tx) -> T:
            work(tx)
            raise _Rehearsal

        return self._store.write(rehearse, **kwargs)

    def write_one(self, name: str, **params: Any) -> Any:
        return self.write(lambda tx: tx.run(name, **params))

    def autocommit(self, name: str, **params: Any) -> Any:
        raise RuntimeError(f"a rehearsal cannot run {name!r}: it commits by itself")


def warm_statements(store: Store) -> None:
    """Have Neo4j plan the statements of a turn write and of a recall (see the module's docstring)."""
    ns = Namespace.parse(WARM_NS)
    session = f"warm-up-{uuid4().hex}"  # a session no caller can be writing to (group commit shares lanes)
    try:
        add_turns(cast(Store, _RollingBack(store)), ns, session=session, turns=[NewTurn(text=SAMPLE, speaker="Ana")])
    except _Rehearsal:
        pass
    _recall(store, ns, query=QUESTION, session=session, entity=None, task_type=None, valid_at=None,  # no usage
            known_at=None, k=10, budget_tokens=None, now=None)  # record: a rehearsal is no answer
