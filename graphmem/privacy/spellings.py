"""Every spelling of an erased subject, and whether a stored string holds one. Pure.

What counts as identifying (README, "Erasure"): the entity's key and name; the value of every
attribute the identifier registry knows as an identifier kind (phone, email, uuid, order id, …);
the value of alias-like attributes (`ALIAS_ATTRIBUTES`); and every identifier the registry finds
inside any other attribute value (a note holding a phone number). Other values (a city, a plan, a
diagnosis) describe the subject without naming it: they vanish with the entity, but a turn that
repeats them without naming the subject is not hidden.

Phones are compared as digits: the registry stores them as E.164 digits ("e164") or digits only, so
`+1 (415) 555-0142`, `415-555-0142`, `415.555.0142` and `4155550142` are one value, and a valid number
also counts its national spellings (`020 7946 0958` for `442079460958`, `identifiers.phone_spellings`);
a number written without its country or area code (at least 7 digits) matches too: over-hiding a turn
is the safe side of erasure. Every other spelling is compared case-insensitively, on word boundaries,
with any run of white space.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from graphmem.identifiers import Registry, find_identifiers, phone_spellings

#: attributes whose value is another name of the subject
ALIAS_ATTRIBUTES = frozenset({"name", "former_name", "alias", "aliases", "full_name", "display_name", "nickname",
                              "username", "user_name", "handle", "login", "first_last", "maiden_name"})
MIN_WORD = 3  # shorter names or aliases would hide half the namespace
MIN_DIGITS = 7  # the shortest phone the registry accepts
#: normalisers whose stored form is a phone's digits
PHONE_NORMALISERS = frozenset({"digits", "e164"})
#: what replaces an identifying value that belongs to someone else's record (an order's contact)
REDACTED = "[erased]"
# a phone as people write it: digits with single separators, brackets and a leading +
_PHONE_RUN = re.compile(r"\+?\(?\d(?:[ .\-/()]{0,3}\d)*")


@dataclass(frozen=True)
class Spellings:
    """The subject's identifying values: `words` lower-cased, `digits` as phones are stored (and spelled)."""

    words: tuple[str, ...]
    digits: tuple[str, ...]

    @classmethod
    def of(cls, *, key: str, name: str | None, attributes: Iterable[tuple[str, Any]],
           registry: Registry) -> "Spellings":
        """The spellings of an entity from its key, name and every (attribute, value) it ever held."""
        words: set[str] = set()
        digits: set[str] = set()

        def add_identifier(kind_normaliser: str, normalised: str) -> None:
            if kind_normaliser in PHONE_NORMALISERS:
                spellings = phone_spellings(normalised) if kind_normaliser == "e164" else {normalised}
                digits.update(d for d in spellings if len(d) >= MIN_DIGITS)
            else:
                _add_word(words, normalised)

        _add_word(words, key, minimum=1)
        for found in find_identifiers(key, registry):
            add_identifier(_normaliser(registry, found.kind), found.value)
        if name:
            _add_word(words, name)
        for attribute, value in attributes:
            for text in _strings(value):
                kind = registry.kind_for_attribute(attribute)
                if kind is not None:
                    add_identifier(kind.normaliser, str(registry.normalise(attribute, text)))
                elif attribute.lower() in ALIAS_ATTRIBUTES:
                    _add_word(words, text)
                for found in find_identifiers(text, registry):
                    add_identifier(_normaliser(registry, found.kind), found.value)
        return cls(tuple(sorted(words)), tuple(sorted(digits)))

    # --- candidate finding in Cypher (a superset), exact re-check here ---------------------------
    def probe_words(self) -> list[str]:
        """Lower-case fragments of which every spelling contains one (also as JSON escapes it)."""
        out: set[str] = set()
        for w in self.words:
            for token in w.split():
                out.add(token)
                out.add(json.dumps(token)[1:-1].lower())
        return sorted(out)

    def probe_digits(self) -> list[str]:
        """The last 7 digits of each phone: the digits of any string holding it contain them."""
        return sorted({d[-MIN_DIGITS:] for d in self.digits})

    def found_in(self, text: str) -> bool:
        """True if the text holds any spelling (decoded first when it is a JSON document)."""
        if self._found(text):
            return True
        if text[:1] in "{[\"":
            try:
                decoded = json.loads(text)
            except ValueError:
                return False
            return any(self._found(s) for s in _walk(decoded))
        return False

    def _found(self, text: str) -> bool:
        low = text.lower()
        if any(_word_pattern(w).search(low) for w in self.words):
            return True
        if self.digits:
            for m in _PHONE_RUN.finditer(text):
                run = re.sub(r"\D", "", m.group(0))
                if any(d in run or (len(run) >= MIN_DIGITS and d.endswith(run)) for d in self.digits):
                    return True
        return False

    def matching(self, value: Any) -> bool:
        """For a stored property value: a string or list of strings holding a spelling."""
        return any(self.found_in(s) for s in _strings(value))


def redact_value(value: Any, spellings: Spellings) -> Any:
    """A property value with each string that holds a spelling replaced by `REDACTED`."""
    if isinstance(value, str):
        return REDACTED if spellings.found_in(value) else value
    if isinstance(value, list):
        return [REDACTED if isinstance(v, str) and spellings.found_in(v) else v for v in value]
    return value


def redacted_props(props: Mapping[str, Any], spellings: Spellings, *, keep: Iterable[str] = ()) -> dict[str, Any]:
    """The replacements for the properties that hold a spelling (identity properties in `keep` excepted)."""
    kept = set(keep)
    return {k: redact_value(v, spellings) for k, v in props.items() if k not in kept and spellings.matching(v)}


def _normaliser(registry: Registry, kind: str) -> str:
    return next((k.normaliser for k in registry.kinds if k.name == kind), "none")


def _add_word(words: set[str], text: str, *, minimum: int = MIN_WORD) -> None:
    w = " ".join(text.lower().split())
    if len(w) >= minimum:
        words.add(w)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []


def _walk(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield str(k)
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _word_pattern(word: str) -> re.Pattern[str]:
    """`word` on word boundaries (ASCII letters and digits only, as the registry's), any white space."""
    p = _PATTERNS.get(word)
    if p is None:
        body = r"\s+".join(re.escape(t) for t in word.split())
        p = re.compile(rf"(?<![0-9a-z]){body}(?![0-9a-z])")
        if len(_PATTERNS) > 4096:
            _PATTERNS.clear()
        _PATTERNS[word] = p
    return p
