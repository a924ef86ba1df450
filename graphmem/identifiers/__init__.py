"""The identifier pattern registry, shared by turn ingestion (MENTIONS edges), exact lookup and writes
(normalisers) and recall (identifiers in a question go to the exact channel). Pure.

A kind has a regular expression that finds it in free text, the attribute names it is stored under, and
a normaliser applied on write, on lookup, to mentions and to questions alike (`normalisers.py`), so that
every spelling of one identifier is one stored value: `+1 (415) 555-0142`, `415.555.0142` and
`4155550142` are `14155550142` (E.164 digits, default region GRAPHMEM_PHONE_REGION); `Bob@Example.com`
is `bob@example.com`; while `139…` never is `138…`. Phones are found by libphonenumber's matcher first
(`phones.py`), then by the kind's own expression.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from graphmem.errors import ConfigError
from graphmem.identifiers.normalisers import (
    DEFAULT_REGION,
    NORMALISERS,
    NO_REGION,
    check_region,
    default_region,
    digits_only,
    e164,
    email,
    identity,
    lower,
    phone_spellings,
)
from graphmem.identifiers.phones import DATE_LIKE, find_phones

__all__ = [
    "DEFAULT_KINDS", "DEFAULT_REGION", "DEFAULT_REGISTRY", "KEY_MAX", "KEY_TOKEN", "NORMALISERS", "NO_REGION",
    "Found", "IdentifierKind", "Registry", "check_region", "default_region", "digits_only", "e164", "email",
    "find_identifiers", "holds_any", "identity", "key_tokens", "lower", "mentions", "phone_spellings", "registry_for",
]


@dataclass(frozen=True)
class IdentifierKind:
    name: str
    pattern: re.Pattern[str]
    attributes: frozenset[str] = field(default_factory=frozenset)
    normaliser: str = "none"

    def normalise(self, value: str, region: str | None = None) -> str:
        """The stored form; `region` is the phone default region (None: GRAPHMEM_PHONE_REGION)."""
        return NORMALISERS[self.normaliser](value, default_region() if region is None else region)

    @property
    def phones(self) -> bool:
        """Found by libphonenumber's matcher before its own expression (normaliser "e164")."""
        return self.normaliser == "e164"


@dataclass(frozen=True)
class Found:
    kind: str
    raw: str
    value: str  # normalised
    start: int
    end: int


def _kind(name: str, pattern: str, attributes: Iterable[str] = (), normaliser: str = "none") -> IdentifierKind:
    return IdentifierKind(name, re.compile(pattern), frozenset(attributes), normaliser)


# Boundaries are ASCII-only on purpose: in Python's Unicode regexes \w also matches CJK, so
# "用户138-0000-1234的" would otherwise hide the phone.
DEFAULT_KINDS: tuple[IdentifierKind, ...] = (
    _kind("email", r"(?<![A-Za-z0-9_.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}(?![A-Za-z0-9_-])",
          ("email", "mail", "e-mail"), "email"),
    _kind("uuid", r"(?<![0-9A-Fa-f-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f-])",
          ("uuid", "id"), "lower"),
    # phones libphonenumber does not validate: +country optional, 7–15 digits in groups separated by
    # space, dot or dash (the matcher finds the others)
    _kind("phone", r"(?<![A-Za-z0-9_-])\+?\d{2,4}(?:[ .-]?\(?\d{2,4}\)?){2,4}(?![A-Za-z0-9_-])",
          ("phone", "mobile", "tel", "telephone", "phone_number"), "e164"),
    # order-like and key-like ids: letters, a dash, then digits/letters (ORD-2024-001, U-001, INV-77A); not a run
    # of quarters or halves ("Q1-Q3 2025" is a time)
    _kind("key", r"(?<![A-Za-z0-9_-])(?!Q[1-4]-Q[1-4](?![A-Za-z0-9_-]))[A-Z][A-Z0-9]{0,9}(?:-[A-Z0-9]+)+"
          r"(?![A-Za-z0-9_-])",
          ("order_id", "order", "key", "sku")),
)

# CJK characters are word characters to Python's regexes, and the registry's patterns refuse a match
# next to one, so "用户138-0000-1234的" would hide the phone: they are blanked first (one character
# each, so spans stay valid).
_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")


class Registry:
    def __init__(self, kinds: Iterable[IdentifierKind] = DEFAULT_KINDS, region: str | None = None) -> None:
        self.kinds = tuple(kinds)
        self.region = default_region() if region is None else check_region(region)

    @classmethod
    def from_json(cls, spec: str | None, region: str | None = None) -> "Registry":
        """Extra kinds from config: `[{"name", "pattern", "attributes": [...], "normaliser": "digits"}]`,
        tried before the built-in ones. A kind with normaliser "e164" is found by libphonenumber too."""
        if not spec:
            return cls(region=region)
        try:
            extra = [_kind(k["name"], k["pattern"], k.get("attributes", ()), k.get("normaliser", "none"))
                     for k in json.loads(spec)]
        except (ValueError, KeyError, TypeError, re.error) as exc:
            raise ConfigError(f"GRAPHMEM_IDENTIFIER_PATTERNS: {exc}") from exc
        for k in extra:
            if k.normaliser not in NORMALISERS:
                raise ConfigError(f"GRAPHMEM_IDENTIFIER_PATTERNS: unknown normaliser {k.normaliser!r}"
                                  f" (one of {', '.join(sorted(NORMALISERS))})")
        return cls((*extra, *DEFAULT_KINDS), region)

    def find(self, text: str) -> list[Found]:
        """Every identifier in the text, earliest first; a span claimed by one kind is not reused.

        Written against CJK text too, and never a date. Ingestion asks this several times per turn
        (mentions, identifier pairs, importance), so the answer for a recent text is kept."""
        return list(_find(self, text))

    def kind(self, name: str) -> IdentifierKind:
        return next(k for k in self.kinds if k.name == name)

    def kind_for_attribute(self, attribute: str) -> IdentifierKind | None:
        a = attribute.lower()
        for kind in self.kinds:
            if a in kind.attributes:
                return kind
        return None

    def normalise(self, attribute: str, value: object) -> object:
        """The stored form of an attribute value: normalised when its attribute is an identifier kind."""
        kind = self.kind_for_attribute(attribute)
        if kind is None or not isinstance(value, str):
            return value
        return kind.normalise(value, self.region)


@lru_cache(maxsize=512)
def _find(registry: Registry, text: str) -> tuple[Found, ...]:
    blanked = _CJK.sub(" ", text)
    taken: list[tuple[int, int]] = []
    out: list[Found] = []
    for kind in registry.kinds:
        if kind.phones:
            spans = [(p.start, p.end, p.raw, p.value) for p in find_phones(blanked, kind.pattern, registry.region)]
        else:
            spans = [(m.start(), m.end(), m.group(0), "") for m in kind.pattern.finditer(blanked)]
        for start, end, raw, value in spans:
            if any(start < e and s < end for s, e in taken):
                continue
            if kind.name == "phone" and not kind.phones and (
                    not 7 <= len(digits_only(raw)) <= 15 or DATE_LIKE.match(raw)):
                continue  # the built-in phone kind given another normaliser by configuration
            taken.append((start, end))
            out.append(Found(kind.name, text[start:end], value or kind.normalise(raw, registry.region), start, end))
    return tuple(sorted(out, key=lambda f: f.start))


#: The process-wide registry: the built-in kinds plus any declared in GRAPHMEM_IDENTIFIER_PATTERNS, phones
#: read in GRAPHMEM_PHONE_REGION.
DEFAULT_REGISTRY = Registry.from_json(os.environ.get("GRAPHMEM_IDENTIFIER_PATTERNS"))


def registry_for(spec: str | None, region: str | None = None) -> Registry:
    """The registry for a settings value (`Settings.identifier_patterns`, `Settings.phone_region`; no
    region: GRAPHMEM_PHONE_REGION from the environment), built once per pair.

    The one cache of registries: writes (normalising values, MENTIONS) and reads (lookup, recall)
    must agree on what an identifier is, so they all come here.
    """
    return _registry(spec, default_region() if region is None else check_region(region))


@lru_cache(maxsize=8)
def _registry(spec: str | None, region: str) -> Registry:
    return Registry.from_json(spec, region)


# --- mentions: what in a text could name an entity ----------------------------------------------------
#: A token that could be an entity key: letters or digits at both ends, key punctuation inside.
KEY_TOKEN = re.compile(r"[^\W_][\w.:@/+#-]*[^\W_]|[^\W_]{2,}")
KEY_MAX = 128


def find_identifiers(text: str, registry: Registry = DEFAULT_REGISTRY) -> list[Found]:
    """The registry's identifiers in free text, also when written against CJK text, never a date."""
    return registry.find(text)


def key_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """(token, start, end) for each token of the text that could be an entity key."""
    for m in KEY_TOKEN.finditer(_CJK.sub(" ", text)):
        if len(m.group(0)) <= KEY_MAX:
            yield m.group(0), m.start(), m.end()


def mentions(text: str, registry: Registry = DEFAULT_REGISTRY, *, limit: int = 300) -> list[str]:
    """Strings of the text that could name an entity: each identifier as written and normalised,
    then each key-like token, first occurrence first.

    The one answer to "could this be an entity key?": turn ingestion links MENTIONS with it and
    recall resolves a question's entities with it, so a key a turn can mention is a key a question
    can ask about.
    """
    seen: dict[str, None] = {}
    for found in find_identifiers(text, registry):
        seen.setdefault(found.raw, None)
        seen.setdefault(found.value, None)
    for token, _, _ in key_tokens(text):
        seen.setdefault(token, None)
    return list(seen)[:limit]


def holds_any(text: str, values: Iterable[str], registry: Registry = DEFAULT_REGISTRY) -> bool:
    """Whether a text holds one of `values` exactly: as a whole identifier normalised by the registry, or as a
    whole key-like token; never as part of a longer number or word (semantic hits asked for an identifier)."""
    found = {s for f in find_identifiers(text, registry) for s in (f.value, f.raw)}
    found |= {token for token, _, _ in key_tokens(text)}
    return any(v in found for v in values)
