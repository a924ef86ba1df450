"""The identifier pattern registry, shared by turn ingestion (MENTIONS edges), exact lookup
(normalisers) and the router (identifiers in a query go to the exact channel). Pure.

A kind has a regular expression that finds it in free text, the attribute names it is stored
under, and an optional normaliser applied on write and on lookup (phones: digits only), so that
`138-0000-1234`, `138 0000 1234` and `13800001234` are one identifier, while `139…` never is.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from graphmem.errors import ConfigError


def digits_only(value: str) -> str:
    return re.sub(r"\D", "", value)


def lower(value: str) -> str:
    return value.lower()


def identity(value: str) -> str:
    return value


NORMALISERS: dict[str, Callable[[str], str]] = {"digits": digits_only, "lower": lower, "none": identity}


@dataclass(frozen=True)
class IdentifierKind:
    name: str
    pattern: re.Pattern[str]
    attributes: frozenset[str] = field(default_factory=frozenset)
    normaliser: str = "none"

    def normalise(self, value: str) -> str:
        return NORMALISERS[self.normaliser](value)


@dataclass(frozen=True)
class Found:
    kind: str
    raw: str
    value: str  # normalised
    start: int
    end: int


# Boundaries are ASCII-only on purpose: in Python's Unicode regexes \w also matches CJK, so
# "用户138-0000-1234的" would otherwise hide the phone. ISO dates look like phones and are not.
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _kind(name: str, pattern: str, attributes: Iterable[str] = (), normaliser: str = "none") -> IdentifierKind:
    return IdentifierKind(name, re.compile(pattern), frozenset(attributes), normaliser)


DEFAULT_KINDS: tuple[IdentifierKind, ...] = (
    _kind("email", r"(?<![A-Za-z0-9_.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}(?![A-Za-z0-9_-])",
          ("email", "mail", "e-mail"), "lower"),
    _kind("uuid", r"(?<![0-9A-Fa-f-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f-])",
          ("uuid", "id"), "lower"),
    # phones: +country optional, 7–15 digits in groups separated by space, dot or dash
    _kind("phone", r"(?<![A-Za-z0-9_-])\+?\d{2,4}(?:[ .-]?\(?\d{2,4}\)?){2,4}(?![A-Za-z0-9_-])",
          ("phone", "mobile", "tel", "telephone", "phone_number"), "digits"),
    # order-like and key-like ids: letters, a dash, then digits/letters (ORD-2024-001, U-001, INV-77A)
    _kind("key", r"(?<![A-Za-z0-9_-])[A-Z][A-Z0-9]{0,9}(?:-[A-Z0-9]+)+(?![A-Za-z0-9_-])",
          ("order_id", "order", "key", "sku")),
)


class Registry:
    def __init__(self, kinds: Iterable[IdentifierKind] = DEFAULT_KINDS) -> None:
        self.kinds = tuple(kinds)

    @classmethod
    def from_json(cls, spec: str | None) -> "Registry":
        """Extra kinds from config: `[{"name", "pattern", "attributes": [...], "normaliser": "digits"}]`."""
        if not spec:
            return cls()
        try:
            extra = [_kind(k["name"], k["pattern"], k.get("attributes", ()), k.get("normaliser", "none"))
                     for k in json.loads(spec)]
        except (ValueError, KeyError, TypeError, re.error) as exc:
            raise ConfigError(f"GRAPHMEM_IDENTIFIER_PATTERNS: {exc}") from exc
        for k in extra:
            if k.normaliser not in NORMALISERS:
                raise ConfigError(f"GRAPHMEM_IDENTIFIER_PATTERNS: unknown normaliser {k.normaliser!r}")
        return cls((*extra, *DEFAULT_KINDS))

    def find(self, text: str) -> list[Found]:
        """Every identifier in the text, earliest first; a span claimed by one kind is not reused."""
        taken: list[tuple[int, int]] = []
        out: list[Found] = []
        for kind in self.kinds:
            for m in kind.pattern.finditer(text):
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                raw = m.group(0)
                if kind.name == "phone" and (not 7 <= len(digits_only(raw)) <= 15 or _ISO_DATE.fullmatch(raw)):
                    continue
                taken.append((m.start(), m.end()))
                out.append(Found(kind.name, raw, kind.normalise(raw), m.start(), m.end()))
        return sorted(out, key=lambda f: f.start)

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
        return kind.normalise(value)


#: The process-wide registry: the built-in kinds plus any declared in GRAPHMEM_IDENTIFIER_PATTERNS.
DEFAULT_REGISTRY = Registry.from_json(os.environ.get("GRAPHMEM_IDENTIFIER_PATTERNS"))


@lru_cache(maxsize=8)
def registry_for(spec: str | None) -> Registry:
    """The registry for a settings value (`Settings.identifier_patterns`), built once per spec.

    The one cache of registries: writes (normalising values, MENTIONS) and reads (lookup, recall)
    must agree on what an identifier is, so they all come here.
    """
    return Registry.from_json(spec)


# --- mentions: what in a text could name an entity ----------------------------------------------------
# CJK characters are word characters to Python's regexes, and the registry's patterns refuse a match
# next to one, so "用户138-0000-1234的" would hide the phone: they are blanked first (one character
# each, so spans stay valid). "2026.03.01" has the shape of a phone number; it is a date here.
_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")
_DATE_LIKE = re.compile(r"^(?:19|20)\d{2}([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])$")
#: A token that could be an entity key: letters or digits at both ends, key punctuation inside.
KEY_TOKEN = re.compile(r"[^\W_][\w.:@/+#-]*[^\W_]|[^\W_]{2,}")
KEY_MAX = 128


def find_identifiers(text: str, registry: Registry = DEFAULT_REGISTRY) -> list[Found]:
    """The registry's identifiers in free text, also when written against CJK text, never a date."""
    blanked = _CJK.sub(" ", text)
    return [f for f in registry.find(blanked) if not (f.kind == "phone" and _DATE_LIKE.match(f.raw))]


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
