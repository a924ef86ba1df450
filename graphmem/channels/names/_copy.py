"""A process's copy of each namespace's entity names: a name question resolved without the full-text index.

Why: `/recall` on a name question cost 1.66x a GET of the same entity at 20,000 people (as of a date 1.83x), and
issue 31 asks for 1.5x. The full-text query cost 0.38 ms more than the GET's key seek on its own, and its twenty
candidates more to send and check. With the names held here, a question's names resolve in Python
(`identifiers.names.resolve`, the same exact check) and its one read is the GET's: the resolved entities by the
unique index.

Kept exact by a stamp: every write that changes a namespace's names changes its stamp in the same transaction
(`cypher/exact/bump_names.cypher`, `graphmem.store._tx`), and the read that uses a copy returns the stamp and
which of the resolved entities are live at known_at. An answer from a copy whose stamp differs, or that resolved an
entity no longer there, is dropped and read again by the index (`_index`), whose read returns the stamp too (a copy
that holds no word of a new name learns there that it is stale). A copy is made in the background the
first time a namespace is asked by name, and again after a stale read, at most every RETRY_SECONDS; meanwhile
questions take the index. Nothing is copied from a store before schema version 4 (`graphmem schema migrate` gives
its namespaces their stamps; releases before it, which write names without renewing the stamp, refuse to start on
a store at 4), nor a namespace with no named entity or over MAX_ENTITIES (tried again after NOT_COPIED_SECONDS).

Candidates are the entities holding a term of the question as the index would find them (a word per run of
letters and digits, folded; each Han or hiragana character a word of its own; the index's stop words only as
`stop_names` asks them), the most terms first, at most NAME_CANDIDATES, as the index's best scored are.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from datetime import datetime

from graphmem import metrics
from graphmem.channels.entity_timelines import timeline_from_row
from graphmem.channels.exact import VALUE_HOLDERS
from graphmem.channels.graph import RESERVED
from graphmem.channels.names._index import NAME_CANDIDATES, NAME_WORDS, NameRead, resolve_names
from graphmem.identifiers.name_words import Spellings, fold, name_tokens, prepared_spellings, spellings_of, words
from graphmem.identifiers.names import LUCENE_STOP, lucene_words, stop_names
from graphmem.instants import format_instant, utcnow
from graphmem.store import Row, Store, schema_version
from graphmem.types import Namespace

log = logging.getLogger("graphmem.names")

MAX_ENTITIES = 100_000  # named entities of a namespace copied at most (about 1 KB each)
MAX_COPIED = 200_000  # named entities in all copies of a process: the least recently asked namespaces go first
MAX_NAMESPACES = 256  # namespaces copied in a process, likewise
RETRY_SECONDS = 2.0  # a namespace is copied at most this often (while its names keep changing, the index answers)
NOT_COPIED_SECONDS = 60.0  # an empty namespace, or one too large, is tried again after this
COMMON_HOLDERS = 2_000
STAMPED_VERSION = 4  # the schema version from which every release that writes renews the stamps (`store._migrations`)
REUSED = 2  # stale copies whose spellings are kept for the next copy of their namespace
TIMELINES = 4  # resolved entities whose timelines come with the read (a question names one or two)

_IDEOGRAPH = "\u3040-\u309f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: the index's words: runs of letters and digits (an apostrophe or a full stop inside kept: "o'neill"), and each Han
#: or hiragana character alone (Lucene's standard tokenizer splits them so)
_TOKEN = re.compile(rf"[{_IDEOGRAPH}]|[^\W_{_IDEOGRAPH}]+(?:['’.][^\W_{_IDEOGRAPH}]+)*")


def terms_of(text: str) -> frozenset[str]:
    """The terms a name (or a question's word) is found by: the index's words, and `words`' (hyphens and full stops
    split them: "Al-Farsi", "k.tanaka"), folded alike (case, diacritics, apostrophes)."""
    out = {fold(t) for t in _TOKEN.findall(text)} | {w.folded for w in words(text)}
    out.discard("")
    return frozenset(out)


CACHED_WORD = 40  # letters of a question's word whose terms are cached at most: a long run of letters is no word


def _word_terms(word: str) -> frozenset[str]:
    return frozenset(t for t in terms_of(word) if t not in LUCENE_STOP)


_cached_word_terms = lru_cache(maxsize=16384)(_word_terms)  # a question's words recur ("what", "plan", a name)


def question_terms(question: str) -> set[str]:
    """The terms the index is asked for: `lucene_words` without the index's stop words, and `stop_names`."""
    out = {t for w in lucene_words(question)[:NAME_WORDS]
           for t in (_cached_word_terms(w) if len(w) <= CACHED_WORD else _word_terms(w))}
    return out | set(stop_names(question))


@dataclass(frozen=True)
class Copy:
    """One namespace's names at one stamp."""

    stamp: str
    rows: tuple[Row, ...]  # as exact/find_names_timelines' candidates: key, name, type, aliases, former
    created: tuple[datetime | None, ...]
    by_term: dict[str, tuple[int, ...]]  # term -> indexes into rows, in key order
    _sets: dict[str, frozenset[int]] = field(default_factory=dict, compare=False)  # common terms' holders, as sets
    _spellings: dict[str, Spellings] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, stamp: str, entities: Sequence[Row], *,
           known: dict[str, Spellings] | None = None) -> Copy:
        """`known`: spellings already made (a stale copy's of the same namespace: most of its names are still
        there), taken rather than made again."""
        ordered = sorted(entities, key=lambda e: e["key"])
        by_term: dict[str, list[int]] = {}
        for i, e in enumerate(ordered):
            names = [e["name"] or "", *e["aliases"], *(f["name"] for f in e["former"])]
            for term in {t for n in names if n for t in terms_of(n)}:
                by_term.setdefault(term, []).append(i)
        rows = tuple({"key": e["key"], "name": e["name"], "type": e["type"], "aliases": e["aliases"],
                      "former": e["former"]} for e in ordered)
        copy = cls(stamp, rows, tuple(e["created_at"] for e in ordered), {t: tuple(ids) for t, ids in by_term.items()})
        known = known or {}
        for e in ordered:  # every name's spellings now, in the background: see `spellings`
            for name in (e["name"], *e["aliases"], *(f["name"] for f in e["former"])):
                if name and name not in copy._spellings:
                    found = known.get(name)
                    # not through `spellings_of`'s cache: 20,000 names would flush what the index path keeps
                    copy._spellings[name] = prepared_spellings(name) if found is None else found
        return copy

    def candidates(self, terms: Iterable[str], known_at: datetime | None, limit: int) -> list[Row]:
        """The entities known at known_at that hold the most of `terms`, at most `limit`, ties in key order. A term
        more than COMMON_HOLDERS hold (a common first name) counts for the entities the rarer terms found and for
        those holding another common term too ("Maria Garcia" among 2,500 Marias and 2,500 Garcias); then its
        holders fill what is left ("What is Maria's plan?" with one Gold Plan Ltd: both)."""
        asked = [t for t in dict.fromkeys(terms) if t in self.by_term]
        rare = [t for t in asked if len(self.by_term[t]) <= COMMON_HOLDERS]
        common = sorted((t for t in asked if len(self.by_term[t]) > COMMON_HOLDERS), key=lambda t: len(self.by_term[t]))
        score: dict[int, int] = {}
        for t in rare:
            for i in self.by_term[t]:
                if i in score:
                    score[i] += 1
                elif known_at is None or self._known(i, known_at):  # (None: every entity, without the call)
                    score[i] = 1
        if common:
            held = [self._set(t) for t in common]
            for i in score:
                score[i] += sum(i in h for h in held)
            if len(held) > 1:  # the holders of two common terms or more: the smallest posting, looked up in the rest
                for i in self.by_term[common[0]]:
                    if i not in score and (n := 1 + sum(i in h for h in held[1:])) > 1 and self._known(i, known_at):
                        score[i] = n
            for t in common:
                for i in self.by_term[t]:
                    if len(score) >= limit:
                        break
                    if i not in score and self._known(i, known_at):
                        score[i] = 1
        return [self.rows[i] for _, i in sorted([(-n, i) for i, n in score.items()])[:limit]]

    def spellings(self, name: str) -> Spellings:
        """`prepared_spellings` of a name of the copy, kept with it: a name question checks twenty candidates' names, and
        a namespace of 20,000 names misses that function's own cache (8,192) on most of them (0.1 ms a question).
        Every name's are made with the copy (`of`: 0.3 s and 8 MB at 20,000 names, on the copy's background
        thread), not when first asked: a namespace whose questions keep naming other people (most of them, at
        20,000) otherwise paid that on nearly every question (resolving cost 0.2-0.3 ms, not 0.03)."""
        found = self._spellings.get(name)
        if found is None:
            found = self._spellings[name] = spellings_of(name)
        return found

    def _set(self, term: str) -> frozenset[int]:
        found = self._sets.get(term)
        if found is None:
            found = self._sets[term] = frozenset(self.by_term[term])
        return found

    def _known(self, i: int, known_at: datetime | None) -> bool:
        created = self.created[i]  # as `entity_as_of`: no record of its creation, not known as of any time
        return known_at is None or (created is not None and created <= known_at)


class Copies:
    """A store's copies of its namespaces' names (one per store: `store.services.state`), made in the background."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._copies: OrderedDict[str, Copy] = OrderedDict()
        self._held = 0  # named entities in all copies
        self._next: dict[str, float] = {}  # namespace -> when a copy may be tried again (monotonic)
        self._making: set[str] = set()
        #: the spellings of the copies last found stale (at most REUSED), for the next copy of their namespaces: a
        #: namespace whose names keep changing is copied again every RETRY_SECONDS, its names mostly the same
        self._reuse: OrderedDict[str, dict[str, Spellings]] = OrderedDict()

    def get(self, ns: Namespace) -> Copy | None:
        """The namespace's copy, or None (and one is made, unless one is being made or was tried lately)."""
        with self._lock:
            copy = self._copies.get(ns.name)
            if copy is not None:
                self._copies.move_to_end(ns.name)
                return copy
            now = time.monotonic()
            if ns.name in self._making or now < self._next.get(ns.name, now):
                return None
            self._making.add(ns.name)
            self._wait(ns.name, RETRY_SECONDS)
        try:
            self.store.services.executor("name-copies", 1).submit(self._make, ns)
        except RuntimeError:  # the store is closing: its pool takes no work
            with self._lock:
                self._making.discard(ns.name)
        return None

    def stale(self, ns: Namespace, copy: Copy) -> None:
        with self._lock:
            if self._copies.get(ns.name) is copy:
                self._drop(ns.name, stale=True)

    def seen(self, ns: Namespace, stamp: str | None) -> None:
        """The namespace's stamp as a read by the index found it: a copy at another one is stale."""
        with self._lock:
            held = self._copies.get(ns.name)
            if held is not None and held.stamp != stamp:
                self._drop(ns.name, stale=True)

    def _make(self, ns: Namespace) -> None:
        known = None
        try:
            with self._lock:
                known = self._reuse.pop(ns.name, None)
            copy, wait = self._read(ns, known)
            with self._lock:
                if copy is None:
                    self._wait(ns.name, wait)
                    if wait == RETRY_SECONDS:  # names written during the read: tried again soon, most still there
                        self._keep(ns.name, known)  # (not kept for a namespace with no name left, or none copied)
                else:
                    self._install(ns.name, copy)
        except Exception as exc:  # a copy is an optimisation: the index still answers
            log.warning("copying the names of namespace %s failed (the name index answers meanwhile): %s", ns.name, exc)
            with self._lock:
                self._wait(ns.name, NOT_COPIED_SECONDS)
        finally:
            with self._lock:
                self._making.discard(ns.name)

    def _read(self, ns: Namespace,
              known: dict[str, Spellings] | None = None) -> tuple[Copy | None, float]:
        """The namespace's copy, or None and how long to wait before trying again."""
        version = schema_version(self.store).version
        if version is None or version < STAMPED_VERSION:  # an older release may still write names unstamped
            return None, NOT_COPIED_SECONDS
        row = self.store.read("exact/read_names_all", ns=ns, limit=MAX_ENTITIES)[0]
        if row["stamp"] is None or len(row["entities"]) > MAX_ENTITIES:  # no named entity, or too many
            return None, NOT_COPIED_SECONDS
        if row["stamp"] != row["again"]:  # names written while they were read: soon again
            return None, RETRY_SECONDS
        return Copy.of(row["stamp"], row["entities"], known=known), 0.0

    # under self._lock
    def _install(self, name: str, copy: Copy) -> None:
        if name in self._copies:
            self._drop(name)
        self._copies[name] = copy
        self._held += len(copy.rows)
        while len(self._copies) > 1 and (self._held > MAX_COPIED or len(self._copies) > MAX_NAMESPACES):
            evicted = next(iter(self._copies))
            self._drop(evicted)
            self._wait(evicted, NOT_COPIED_SECONDS)  # asked again, it is not read in full again at once

    def _drop(self, name: str, *, stale: bool = False) -> None:
        copy = self._copies.pop(name)
        self._held -= len(copy.rows)
        if stale:
            self._keep(name, copy._spellings)

    def _keep(self, name: str, spellings: dict[str, Spellings] | None) -> None:
        if spellings:
            self._reuse.pop(name, None)
            self._reuse[name] = spellings
            while len(self._reuse) > REUSED:
                self._reuse.popitem(last=False)

    def _wait(self, name: str, seconds: float) -> None:
        now = time.monotonic()
        if len(self._next) > 4 * MAX_NAMESPACES:  # forget the waits that are over
            self._next = {n: t for n, t in self._next.items() if t > now}
        self._next[name] = now + seconds


def copies(store: Store) -> Copies:
    return store.services.state("names.copies", lambda: Copies(store))


def read_from_copy(store: Store, ns: Namespace, question: str, valid_at: datetime | None, known_at: datetime | None,
                   names: list[str], values: list[str], tokens: Sequence[str] = (),
                   fresh: str | None = None, relations: int = 0) -> NameRead | None:
    """The names of `question` by the namespace's copy, checked in the one read that brings the resolved entities'
    timelines, those of the `tokens` that are entity keys, and a reverse question's holders; None when there is no
    copy, nobody in it holds a word of the question (the index then looks for near misses), or the copy turned out
    stale. Nobody, without a read, when the copy holds no word of the question, is at the stamp `fresh` (read a moment
    ago) and no holder is asked. `relations`: each entity read brings its first `relations` relations too."""
    held = copies(store)
    copy = held.get(ns)
    rows = copy.candidates(question_terms(question), known_at, NAME_CANDIDATES) if copy is not None else []
    if copy is not None and not rows and fresh == copy.stamp and not names:
        metrics.NAME_COPIES.labels(outcome="nobody").inc()
        return NameRead([], [], {}, [], {}, copy.stamp)
    if copy is None or not rows:
        metrics.NAME_COPIES.labels(outcome="none").inc()
        return None
    named, similar = resolve_names(question, rows, valid_at, spellings=copy.spellings)
    # a word the question says only inside a name it spells in full names no attribute: "what plan was Zelin Hazara
    # on" asks no holder of `zelin_hazara`, "Who is on plan Gold Plan?" still of `plan` (read by the index, the
    # names are not known before the read: it asks them all)
    inside = {t for n in named if n.full for t in name_tokens(n.text)}
    outside = set(name_tokens(_without(question, [(n.start, n.end) for n in named if n.full])))
    names = [a for a in names if not set(a.split("_")) <= inside - outside]
    values = values if names else []
    keys = list(dict.fromkeys(k for n in named for k in n.keys))
    checked = list(dict.fromkeys([*keys, *(s.key for s in similar)]))
    others = [t for t in dict.fromkeys(tokens) if t not in checked]
    at = utcnow() if valid_at is None else valid_at
    row = store.read("exact/read_named", ns=ns, keys=checked, tokens=others, timelines=min(len(keys), TIMELINES),
                     known_at=known_at, include_erased=False, valid_at=format_instant(at),
                     relations=relations > 0, relation_limit=relations, reserved=sorted(RESERVED), holder_names=names,
                     holder_values=values, holder_limit=VALUE_HOLDERS)[0]
    if row["stamp"] != copy.stamp or len(row["live"]) != len(checked):
        held.stale(ns, copy)
        metrics.NAME_COPIES.labels(outcome="stale").inc()
        return None
    metrics.NAME_COPIES.labels(outcome="answered").inc()
    return NameRead(named, similar, {r["key"]: timeline_from_row(r, known_at) for r in row["timelines"]},
                    row["holders"], {r["key"]: [(f["name"], f["until"]) for f in r["former"]] for r in rows if r["former"]},
                    copy.stamp, frozenset(others), {r["key"]: r["relations"] for r in row["relations"]},
                    at if relations > 0 else None)


def _without(text: str, spans: Sequence[tuple[int, int]]) -> str:
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " " + text[end:]
    return text
