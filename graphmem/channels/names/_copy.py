"""A process's copy of each namespace's entity names: a name question resolved without the full-text index.

Why: `/recall` on a name question cost 1.66x a GET of the same entity at 20,000 people (as of a date 1.83x), and
issue 31 asks for 1.5x. The full-text query cost 0.38 ms more than the GET's key seek on its own, and its twenty
candidates more to send and check. With the names held here, a question's names resolve in Python
(`identifiers.names.resolve`, the same exact check) and its one read is the GET's: the resolved entities by the
unique index.

Kept exact by a stamp: every write that changes a namespace's names changes its stamp in the same transaction
(`cypher/exact/bump_names.cypher`, `graphmem.store._tx`), and the read that uses a copy returns the stamp and
which of the resolved entities are live at known_at. An answer from a copy whose stamp differs, or that resolved an
entity no longer there, is dropped and read again by the index (`_index`). A copy is made in the background the
first time a namespace is asked by name, and again after a stale read, at most every RETRY_SECONDS; meanwhile
questions take the index. A namespace holding entities from before stamps gets one then
(`cypher/exact/stamp_names.cypher`); one with no named entity, or over MAX_ENTITIES, is not copied (and tried again
after NOT_COPIED_SECONDS).

Candidates are the entities holding a term of the question as the index would find them (a word per run of
letters and digits, folded; each Han or hiragana character a word of its own; the index's stop words only as
`stop_names` asks them), the most terms first, at most NAME_CANDIDATES, as the index's best scored are. A term
more than COMMON_HOLDERS entities hold (a common surname) only ranks the entities rarer terms found.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from graphmem import metrics
from graphmem.channels.entity_timelines import timeline_from_row
from graphmem.channels.exact import VALUE_HOLDERS
from graphmem.channels.names._index import NAME_CANDIDATES, NAME_WORDS, NameRead, resolve_names
from graphmem.identifiers.name_words import fold, name_tokens, words
from graphmem.identifiers.names import LUCENE_STOP, lucene_words, stop_names
from graphmem.instants import utcnow
from graphmem.store import Row, Store
from graphmem.types import Namespace

log = logging.getLogger("graphmem.names")

MAX_ENTITIES = 100_000  # named entities of a namespace copied at most (about 1 KB each)
MAX_NAMESPACES = 64  # copies kept; the least recently asked goes first
RETRY_SECONDS = 2.0  # a namespace is copied at most this often (while its names keep changing, the index answers)
NOT_COPIED_SECONDS = 60.0  # an empty namespace, or one too large, is tried again after this
COMMON_HOLDERS = 200
TIMELINES = 4  # resolved entities whose timelines come with the read (a question names one or two)

_IDEOGRAPH = "\u3040-\u309f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: the index's words: runs of letters and digits (an apostrophe or a full stop inside kept: "o'neill"), and each Han
#: or hiragana character alone (Lucene's standard tokenizer splits them so)
_TOKEN = re.compile(rf"[{_IDEOGRAPH}]|[^\W_{_IDEOGRAPH}]+(?:['’.][^\W_{_IDEOGRAPH}]+)*")


def terms_of(text: str) -> set[str]:
    """The terms a name (or a question's word) is found by: the index's words, and `words`' (hyphens and full stops
    split them: "Al-Farsi", "k.tanaka"), folded alike (case, diacritics, apostrophes)."""
    out = {fold(t) for t in _TOKEN.findall(text)} | {w.folded for w in words(text)}
    out.discard("")
    return out


def question_terms(question: str) -> set[str]:
    """The terms the index is asked for: `lucene_words` without the index's stop words, and `stop_names`."""
    out = {t for w in lucene_words(question)[:NAME_WORDS] for t in terms_of(w) if t not in LUCENE_STOP}
    return out | set(stop_names(question))


@dataclass(frozen=True)
class Copy:
    """One namespace's names at one stamp."""

    stamp: str
    rows: tuple[Row, ...]  # as exact/find_names_timelines' candidates: key, name, type, aliases, former
    created: tuple[datetime | None, ...]
    by_term: dict[str, tuple[int, ...]]  # term -> indexes into rows, in key order

    @classmethod
    def of(cls, stamp: str, entities: Sequence[Row]) -> Copy:
        ordered = sorted(entities, key=lambda e: e["key"])
        by_term: dict[str, list[int]] = {}
        for i, e in enumerate(ordered):
            names = [e["name"] or "", *e["aliases"], *(f["name"] for f in e["former"])]
            for term in {t for n in names if n for t in terms_of(n)}:
                by_term.setdefault(term, []).append(i)
        rows = tuple({"key": e["key"], "name": e["name"], "type": e["type"], "aliases": e["aliases"],
                      "former": e["former"]} for e in ordered)
        return cls(stamp, rows, tuple(e["created_at"] for e in ordered),
                   {t: tuple(ids) for t, ids in by_term.items()})

    def candidates(self, terms: Iterable[str], known_at: datetime | None, limit: int) -> list[Row]:
        """The entities known at known_at that hold the most of `terms`, at most `limit`, ties in key order."""
        postings = sorted((self.by_term[t] for t in terms if t in self.by_term), key=len)
        score: dict[int, int] = {}
        for ids in postings:
            common = len(ids) > COMMON_HOLDERS and bool(score)
            for i in ids:
                if not common or i in score:
                    score[i] = score.get(i, 0) + 1
        known = [i for i in score if known_at is None or (c := self.created[i]) is None or c <= known_at]
        return [self.rows[i] for i in sorted(known, key=lambda i: (-score[i], i))[:limit]]


class Copies:
    """A store's copies of its namespaces' names (one per store: `Store.state`), made in the background."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._copies: OrderedDict[str, Copy] = OrderedDict()
        self._next: dict[str, float] = {}  # namespace -> when a copy may be tried again (monotonic)

    def get(self, ns: Namespace) -> Copy | None:
        """The namespace's copy, or None (and one is made, unless one was tried lately)."""
        with self._lock:
            copy = self._copies.get(ns.name)
            if copy is not None:
                self._copies.move_to_end(ns.name)
                return copy
            now = time.monotonic()
            if now < self._next.get(ns.name, now):
                return None
            self._next[ns.name] = now + RETRY_SECONDS
        self.store.executor("name-copies", 1).submit(self._make, ns)
        return None

    def stale(self, ns: Namespace, copy: Copy) -> None:
        with self._lock:
            if self._copies.get(ns.name) is copy:
                del self._copies[ns.name]

    def _make(self, ns: Namespace) -> None:
        try:
            row = self.store.read("exact/read_names_all", ns=ns, limit=MAX_ENTITIES)[0]
            if row["stamp"] is None and row["entities"]:  # entities from before stamps: the namespace gets one
                self.store.write_one("exact/stamp_names", ns=ns)
                row = self.store.read("exact/read_names_all", ns=ns, limit=MAX_ENTITIES)[0]
        except Exception as exc:  # a copy is an optimisation: the index still answers
            log.debug("copying the names of %s failed: %s", ns.name, exc)
            return
        if row["stamp"] is None or len(row["entities"]) > MAX_ENTITIES:
            with self._lock:  # empty, or too large to copy: asked again much later
                self._next[ns.name] = time.monotonic() + NOT_COPIED_SECONDS
            return
        copy = Copy.of(row["stamp"], row["entities"])
        with self._lock:
            self._copies[ns.name] = copy
            self._copies.move_to_end(ns.name)
            while len(self._copies) > MAX_NAMESPACES:
                self._copies.popitem(last=False)


def copies(store: Store) -> Copies:
    return store.state("names.copies", lambda: Copies(store))


def read_from_copy(store: Store, ns: Namespace, question: str, valid_at: datetime | None, known_at: datetime | None,
                   names: list[str], values: list[str]) -> NameRead | None:
    """The names of `question` by the namespace's copy, checked in the one read that brings the resolved entities'
    timelines and a reverse question's holders; None when there is no copy, nobody in it holds a word of the
    question (the index then looks for near misses), or the copy turned out stale."""
    held = copies(store)
    copy = held.get(ns)
    rows = copy.candidates(question_terms(question), known_at, NAME_CANDIDATES) if copy is not None else []
    if copy is None or not rows:
        metrics.NAME_COPIES.labels(outcome="none").inc()
        return None
    named, similar = resolve_names(question, rows, valid_at)
    # a word of a name the question spells in full names no attribute: "what plan was Zelin Hazara on" asks no
    # holder of `zelin_hazara` (read by the index, the names are not known before the read: it asks them all)
    spelled = {t for n in named if n.full for t in name_tokens(n.text)}
    names = [a for a in names if not set(a.split("_")) <= spelled]
    values = values if names else []
    keys = list(dict.fromkeys(k for n in named for k in n.keys))
    checked = list(dict.fromkeys([*keys, *(s.key for s in similar)]))
    row = store.read("exact/read_named", ns=ns, keys=checked, timelines=min(len(keys), TIMELINES), known_at=known_at,
                     include_erased=False, valid_at=(utcnow() if valid_at is None else valid_at) if names else None,
                     holder_names=names, holder_values=values, holder_limit=VALUE_HOLDERS)[0]
    if row["stamp"] != copy.stamp or len(row["live"]) != len(checked):
        held.stale(ns, copy)
        metrics.NAME_COPIES.labels(outcome="stale").inc()
        return None
    metrics.NAME_COPIES.labels(outcome="answered").inc()
    return NameRead(named, similar, {r["key"]: timeline_from_row(r, known_at) for r in row["timelines"]},
                    row["holders"], {r["key"]: [(f["name"], f["until"]) for f in r["former"]] for r in rows if r["former"]})
