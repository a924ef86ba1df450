"""The words each workflow group's runs use, cached in process by content, for matching by task text.

A group's words (`graphmem.induction.group_terms`, up to 20,000 per group) are stored on its group
node with `terms_version`, a hash of their content. Matching needs, per group, which of the task's
words the group holds; scanning those lists in Cypher on every query costs more than the rest of
the match. So the words are read once per version and kept here as sets: a version names one
content, so a cached set is never stale, whichever process rewrote the group. Bounded: least
recently used groups are forgotten past MAX_WORDS words in all.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: words kept in the cache in all (a group's set is dropped whole, least recently used first)
MAX_WORDS = 1_000_000

_CACHE: OrderedDict[tuple[str, str], tuple[str, frozenset[str]]] = OrderedDict()
_SIZE = [0]
_LOCK = threading.Lock()


def terms_version(terms: Sequence[str]) -> str:
    """A short hash naming the content of a group's (sorted) words."""
    return hashlib.sha1("\x1f".join(terms).encode("utf-8")).hexdigest()[:16]


def cached_versions(ns: str) -> dict[str, str]:
    """{group key: terms_version} of the groups of the namespace whose words are cached."""
    with _LOCK:
        return {key: version for (n, key), (version, _) in _CACHE.items() if n == ns}


def shared_words(ns: str, rows: Iterable[Mapping[str, Any]], query: set[str]) -> dict[str, list[str]] | None:
    """{group key: the query words it holds} from `workflow/match_groups` rows (`key`, `version`,
    `terms`: null when the cached version is current); None when a group's cached words were dropped
    since the rows were read (the caller reads again, sending no cached versions)."""
    out: dict[str, list[str]] = {}
    with _LOCK:
        for r in rows:
            key, version, terms = r["key"], r["version"], r["terms"]
            if terms is None:
                entry = _CACHE.get((ns, key))
                if entry is not None and entry[0] == version:
                    _CACHE.move_to_end((ns, key))
                    out[key] = sorted(query & entry[1])
                    continue
                return None
            words = frozenset(terms)
            out[key] = sorted(query & words)
            if version is not None:
                old = _CACHE.pop((ns, key), None)
                _SIZE[0] -= len(old[1]) if old else 0
                _CACHE[(ns, key)] = (version, words)
                _SIZE[0] += len(words)
        while _SIZE[0] > MAX_WORDS and _CACHE:
            _, (_, dropped) = _CACHE.popitem(last=False)
            _SIZE[0] -= len(dropped)
    return out
