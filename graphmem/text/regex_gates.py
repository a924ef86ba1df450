r"""Gates for regular expressions: what a pattern needs in a text, to skip it where it cannot match.

Cheap necessary conditions for patterns, so that a caller skips a pattern that cannot match: made for
`graphmem.recall.timephrases`, whose `resolver._atoms` tries some 56 patterns on every question.

Why: `_atoms` runs every pattern of `resolver.RULES` (about 56) over each question, and most questions name
no time, or one date: nearly every scan finds nothing, yet it costs most of `resolve`. Before a pattern runs,
its *gate* is checked: a few sets of *needles* (substrings, or a character class such as ``\d``) read off the
pattern's own parse tree, once, at import. Every set holds a needle that occurs in any text the pattern can
match, so a text that holds no needle of one of the sets has no match: skipping the pattern then changes
nothing (`finditer` would have yielded nothing, hence no atom).

Why the needles are necessary, node by node of the parse tree (`_node_needs`; each rule gives a set S such that
any match of the node contains, as a substring of the text, at least one needle of S, or None: nothing known):

* a literal character is its own needle; a run of literal characters side by side in a sequence is one
  string needle (they match those characters in that order); the patterns use no IGNORECASE flag (checked:
  a pattern with any flag but UNICODE, or an inline flag group, gets no gate);
* a character class (``[0-9]``, ``\d``, ``[日号]``) is one needle: the same class, compiled alone (a small set
  of literal characters: one needle per character);
* a sequence needs everything in it, so any one of its parts' sets is a set for it (we keep the rarest);
* an alternation needs one of its branches: the union of the branches' sets (None if a branch has none);
* a group is its body; a repeat needing at least one turn is its body (none for ``?``, ``*``, ``{0,n}``);
* a positive lookahead or lookbehind that succeeded matched its body in the text: its body's set counts too;
* a negative lookaround, an anchor (``\b``, ``$``), a back-reference, a conditional, ``.`` and any other
  node give None (never a wrong needle; at worst a pattern without a gate, which always runs).

The top level keeps up to `_AND` (3) sets which must both be met: each is necessary, so both are.
A set's needles are pruned where one holds another ("january" needs nothing "jan" does not: if "january"
is in the text, so is "jan").
"""

from __future__ import annotations

import re
import re._constants as sc  # the node kinds of re's parse tree (stable since Python 3.11)
import re._parser as sp  # re's own parser, read at import only: the tree `re.compile` itself compiles
import sys
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product
from math import prod
from typing import Any

#: a needle: a substring that must occur, or a character class one of whose characters must
Needle = str | re.Pattern[str]
Need = frozenset[Needle]
#: how many sets (each necessary) a pattern's gate checks at most
_AND = 3
#: how many sets each node of the tree keeps, the rarest (more would only cost time at import)
_KEEP = 4

_CATEGORIES = {sc.CATEGORY_DIGIT: r"\d", sc.CATEGORY_NOT_DIGIT: r"\D", sc.CATEGORY_SPACE: r"\s",
               sc.CATEGORY_NOT_SPACE: r"\S", sc.CATEGORY_WORD: r"\w", sc.CATEGORY_NOT_WORD: r"\W"}
_REPEATS = {sc.MAX_REPEAT, sc.MIN_REPEAT, sc.POSSESSIVE_REPEAT}


def _class(items: Sequence[tuple[Any, Any]]) -> Need | None:
    """A character class as needles: its few literal characters each, else the class compiled alone."""
    if all(op is sc.LITERAL for op, _ in items) and len(items) <= 16:
        return frozenset(chr(av) for _, av in items)
    parts = []
    for op, av in items:
        if op is sc.NEGATE:
            parts.append("^")
        elif op is sc.LITERAL:
            parts.append(re.escape(chr(av)))
        elif op is sc.RANGE:
            parts.append(re.escape(chr(av[0])) + "-" + re.escape(chr(av[1])))
        elif op is sc.CATEGORY and av in _CATEGORIES:
            parts.append(_CATEGORIES[av])
        else:
            return None
    return frozenset({re.compile("[" + "".join(parts) + "]")})


@lru_cache(maxsize=None)  # the same sets recur across the tree (every month name, at import only)
def _prune(need: Need) -> Need:
    """Drop a string needle that holds another needle of the set: a shorter string in it, or a character of a
    class of the set (the other is in any text this one is)."""
    words = [n for n in need if isinstance(n, str)]
    classes = [n for n in need if not isinstance(n, str)]
    return frozenset(n for n in need if not isinstance(n, str)
                     or not (any(o != n and o in n for o in words) or any(c.search(n) for c in classes)))


@lru_cache(maxsize=None)
def _odds(need: Need) -> float:
    """A rough chance that an ordinary question holds some needle of `need`: to keep the rarest sets (a guess
    only steers which sets are kept; every set kept is necessary whatever its odds)."""
    missing = 1.0
    for n in need:
        if not isinstance(n, str):
            p = 0.3 if n.pattern == r"[\d]" else 0.9
        elif not n.isascii() or any(c.isdigit() for c in n):
            p = 0.03
        else:
            p = {1: 0.9, 2: 0.4, 3: 0.15, 4: 0.08}.get(len(n), 0.03)
        missing *= 1 - p
    return 1 - missing


def _needs(seq: Sequence[tuple[Any, Any]]) -> list[Need]:
    """The rarest few sets a sequence needs: each run of literal characters in it, and each of its parts' sets."""
    out: list[Need] = []
    run = ""
    for op, av in [*seq, (None, None)]:  # a sentinel ends the last run
        if op is sc.LITERAL:
            run += chr(av)
            continue
        if run:
            out.append(frozenset({run}))
            run = ""
        if op is not None:
            out += _node_needs(op, av)
    return _best(out)


def _best(needs: Iterable[Need]) -> list[Need]:
    """The `_KEEP` rarest sets (fewer needles first among equals), pruned."""
    return sorted({_prune(n) for n in needs}, key=lambda n: (_odds(n), len(n), sorted(map(str, n))))[:_KEEP]


def _node_needs(op: Any, av: Any) -> list[Need]:
    """See the module's docstring: sets of needles, each with a needle that any match of this node contains
    (an empty list: nothing known)."""
    if op is sc.LITERAL:
        return [frozenset({chr(av)})]
    if op is sc.IN:
        need = _class(av)
        return [] if need is None else [need]
    if op is sc.BRANCH:  # one set of each branch, joined: whichever branch matched brings a needle of its set
        branches = [_needs(branch) for branch in av[1]]
        if not all(branches):
            return []
        if prod(len(b) for b in branches) > 64:  # keep the product small: each branch's rarest set only
            branches = [b[:1] for b in branches]
        return _best(frozenset().union(*pick) for pick in product(*branches))
    if op is sc.SUBPATTERN:
        _group, add_flags, del_flags, body = av
        return [] if add_flags or del_flags else _needs(body)
    if op is sc.ATOMIC_GROUP:
        return _needs(av)
    if op in _REPEATS:
        low, _high, body = av
        return _needs(body) if low >= 1 else []
    if op is sc.ASSERT:  # a positive lookaround: its body matched, in the text
        return _needs(av[1])
    return []  # ASSERT_NOT, AT, GROUPREF, GROUPREF_EXISTS, ANY, NOT_LITERAL, ...: nothing known


def gate(pattern: re.Pattern[str]) -> tuple[Need, ...]:
    """Up to `_AND` sets of needles, each of which `pattern` needs (empty: no gate, the pattern always runs)."""
    if pattern.flags & ~re.UNICODE:
        return ()
    return tuple(_needs(sp.parse(pattern.pattern, pattern.flags))[:_AND])


class Gates:
    """The gates of a list of patterns, checked together on one text.

    Why bits: a text is checked ~60 times per question, so each distinct set of needles is one bit, each needle
    the bits of the sets that hold it, and each pattern the bits it needs; a text's bits are the union over the
    needles it holds (each looked for once), and a pattern may match only when its bits are all there."""

    def __init__(self, patterns: Sequence[re.Pattern[str]]) -> None:
        gates = [gate(p) for p in patterns]
        bit = {need: 1 << i for i, need in enumerate(dict.fromkeys(need for g in gates for need in g))}
        masks: dict[Needle, int] = {}
        for need, b in bit.items():
            for n in need:
                masks[n] = masks.get(n, 0) | b
        self.words = tuple((n, m) for n, m in sorted(masks.items(), key=lambda nm: str(nm[0])) if isinstance(n, str))
        self.classes = tuple((n, m) for n, m in masks.items() if not isinstance(n, str))
        self.needs = tuple(sum(bit[need] for need in g) for g in gates)

    def open(self, text: str) -> list[bool]:
        """For each pattern, whether `text` meets its gate (False: the pattern cannot match `text`)."""
        have = 0
        for m in [m for w, m in self.words if w in text]:
            have |= m
        for c, m in self.classes:
            if c.search(text) is not None:
                have |= m
        return [have & need == need for need in self.needs]


class Gated:
    """One pattern behind its own gate, for the patterns searched a few times per question in a window of it
    (the words before an atom: "since", "as of", "the start of"): `search` answers None at once when the text
    holds no needle of a set the pattern needs. Needles anywhere in the text are enough to decide: a match in a
    window is a substring of the text, and so is what a lookaround looked at."""

    __slots__ = ("pattern", "_needs")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._needs = tuple((tuple(n for n in need if isinstance(n, str)), tuple(n for n in need if not isinstance(n, str)))
                            for need in gate(pattern))

    def may_match(self, text: str) -> bool:
        """False when `text` cannot hold a match (True: it may)."""
        for words, classes in self._needs:
            if not any(w in text for w in words) and not any(c.search(text) for c in classes):
                return False
        return True

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """`re.Pattern.search`, skipped when the text lacks the needles."""
        return self.pattern.search(text, pos, endpos) if self.may_match(text) else None
