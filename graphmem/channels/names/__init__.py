"""Names in a question: which live entities of the namespace it names, read exactly.

| module | holds |
|---|---|
| `_index.py` | the names read from the full-text name index (`entity_names`) in one round trip, and the exact check |
| `_copy.py` | a process's copy of each namespace's names, kept exact by a stamp: the question resolved in Python, one key read |
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphmem.channels.exact import find_value_holders
from graphmem.channels.names._copy import copies, read_from_copy
from graphmem.channels.names._index import NAME_CANDIDATES, NameRead, names_in_texts, read_from_index
from graphmem.instants import utcnow
from graphmem.store import Store
from graphmem.types import Namespace

__all__ = ["NAME_CANDIDATES", "NameRead", "find_names_timelines", "names_in_texts"]


def find_names_timelines(store: Store, ns: Namespace, question: str, *, valid_at: datetime | None = None,
                         known_at: datetime | None = None,
                         holders: tuple[Sequence[str], Sequence[str]] = ((), ()),
                         tokens: Sequence[str] = (), fresh: str | None = None, relations: int = 0) -> NameRead:
    """The spans of `question` that name live entities of the namespace (`identifiers.names.resolve`: full
    names, or one token of a name, folded; a name several entities share comes back with all of them), the
    near misses (offered as similar, never as exact), and the timelines (as `read_timelines` reads them at
    known_at) of the entities it names (by the namespace's copy of its names, `_copy`) or of the NAME_PREFETCH best
    scored candidates (by the name index, `_index`): one round trip, so a question naming one entity needs no
    second read. `holders` (attribute names, values): a reverse question's lookup
    (`find_value_holders`, as of valid_at/known_at), read in the same round trip. `tokens`: the question's other
    words that could be entity keys, whose timelines come too when they are (by the copy: `NameRead.read_keys`).
    `fresh`: a name stamp read a moment ago; when the copy is still at it and holds no word of `question`, nothing is
    read and no name is found (no near misses either: for callers that want whole names only). `relations`: by the
    copy, each entity whose timeline comes brings its first `relations` relations too (`graph.neighbours`' order, as
    `graph.relations_of` reads them, at valid_at and known_at: `NameRead.relations`).

    A name an entity had before a rename resolves to it as of a time before the rename (`valid_at`, default
    now): "What was Acme's city last year?" after Acme became Apex. Asked about a later time, it is only
    offered as similar (`Similar.until`): the name then belonged to nobody, or to someone else."""
    names, values = (list(h) for h in holders)
    if not names or not values:
        names, values = [], []
    read = read_from_copy(store, ns, question, valid_at, known_at, names, values, tokens, fresh, relations)
    if read is not None:
        return read
    read = read_from_index(store, ns, question, valid_at, known_at, names, values)
    if read is not None:
        copies(store).seen(ns, read.stamp)  # a copy that found no word of a new name learns it is stale here
        return read
    found = find_value_holders(store, ns, names=names, values=values,
                               valid_at=utcnow() if valid_at is None else valid_at, known_at=known_at)
    return NameRead([], [], {}, found, {})
