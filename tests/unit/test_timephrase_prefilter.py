"""The gates of `graphmem.text.regex_gates` (`Gates`, `Gated`) are necessary conditions: wherever a pattern matches, its
gate is open (a closed gate would drop a match, and change what a question resolves to)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from time_phrases import PHRASES

from graphmem.recall.timephrases import masking, periods, resolver
from graphmem.recall.timephrases.masking import blank, lower, mask_identifiers
from graphmem.text.regex_gates import Gated, Gates, gate

_TEXTS = [mask_identifiers(lower(blank(str(row["question"]), ()))) for row in PHRASES]
_GATED = [p for p in (*vars(resolver).values(), *vars(periods).values(), masking._ID_GATE) if isinstance(p, Gated)]


_GATES = Gates([p for p, _ in resolver.RULES])
_NEEDS = [gate(p) for p, _ in resolver.RULES]


def _meets(needs: tuple[frozenset[str | re.Pattern[str]], ...], text: str) -> bool:
    """A gate read the slow and plain way."""
    return all(any((n in text) if isinstance(n, str) else n.search(text) is not None for n in need) for need in needs)


def test_a_rule_that_matches_has_its_gate_open() -> None:
    for text in _TEXTS:
        opened = _GATES.open(text)
        for (pattern, build), needs, may in zip(resolver.RULES, _NEEDS, opened):
            assert may == _meets(needs, text), (build.__name__, text)
            if pattern.search(text) is not None:
                assert may, (build.__name__, text)


def test_a_gated_pattern_that_matches_is_searched() -> None:
    for gated in _GATED:
        for text in _TEXTS:
            for end in range(len(text) + 1):
                if gated.pattern.search(text, 0, end) is not None:
                    assert gated.may_match(text), (gated.pattern.pattern, text)
                    break


@pytest.mark.parametrize(("pattern", "needs"), [
    (r"\bago\b", [{"ago"}]),
    (r"(?:ago|back)\b", [{"ago", "back"}]),
    (r"(?<!\d)(\d{4})-(\d{2})", [{re.compile(r"[\d]")}, {"-"}]),
    (r"x?y*", []),  # nothing is needed: no gate
    (r"(?!abc)\b", []),  # a negative lookaround needs nothing
    (r"(?=\w*q)z", [{"q"}, {"z"}]),  # a positive one does
    (r"(?:january|jan|janvier)", [{"jan"}]),  # "january" holds "jan": one needle for the three
])
def test_gate(pattern: str, needs: list[set[object]]) -> None:
    assert sorted(map(set, gate(re.compile(pattern))), key=str) == sorted(needs, key=str)


def test_flags_give_no_gate() -> None:
    assert gate(re.compile("may", re.IGNORECASE)) == ()
    assert gate(re.compile("(?i:may)")) == ()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789 -/.:'年月日天前abcdefghijklmnopqrstuvwxyz")), max_size=40))
def test_gates_hold_on_any_text(text: str) -> None:
    for (pattern, build), may in zip(resolver.RULES, _GATES.open(text)):
        if pattern.search(text) is not None:
            assert may, (build.__name__, text)
