"""Small value types shared by every channel. Pure: no I/O."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from graphmem.errors import Forbidden, InvalidInput, InvalidNamespace

NAMESPACE_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
RELATION_TYPE_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
#: graphmem's own relationship types: a relation of one of these would be read as a fact version, a mention…
INTERNAL_TYPES = frozenset({"COVERS", "HAS", "IN", "INDUCED_FROM", "MENTIONS", "NEXT", "RELATES", "SUMMARIZES"})

Role = Literal["agent", "auditor", "compliance", "admin"]
View = Literal["application", "audit", "compliance"]

#: The view each role reads by default, and the views it may ask for.
DEFAULT_VIEW: dict[str, View] = {
    "agent": "application",
    "auditor": "audit",
    "compliance": "compliance",
    "admin": "application",
}
ALLOWED_VIEWS: dict[str, frozenset[str]] = {
    "agent": frozenset({"application"}),
    "auditor": frozenset({"application", "audit"}),
    "compliance": frozenset({"application", "compliance"}),
    "admin": frozenset({"application", "audit", "compliance"}),
}


@dataclass(frozen=True, slots=True)
class Namespace:
    """A tenant. Every node carries it and every query filters on it."""

    name: str

    @classmethod
    def parse(cls, raw: str) -> "Namespace":
        if not isinstance(raw, str) or not NAMESPACE_RE.fullmatch(raw):
            raise InvalidNamespace(
                f"namespace {raw!r} must match {NAMESPACE_RE.pattern}",
                details={"fields": [{"field": "ns", "message": f"must match {NAMESPACE_RE.pattern}"}]},
            )
        return cls(raw)

    def __str__(self) -> str:
        return self.name


def check_view(role: str, view: str | None) -> View:
    """The view a caller reads: its role's default, or one it asked for that its role allows."""
    chosen = view or DEFAULT_VIEW[role]
    if chosen not in ("application", "audit", "compliance"):
        raise InvalidInput.field("view", "must be application, audit or compliance")
    if chosen not in ALLOWED_VIEWS[role]:
        raise Forbidden(f"role {role!r} may not read the {chosen!r} view", code="forbidden_view",
                        details={"role": role, "view": chosen})
    return chosen  # type: ignore[return-value]
