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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

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
