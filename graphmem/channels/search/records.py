"""What a search returns (Hit, SearchResult) and the filters it applies (Filters). Pure.

The filter predicate itself is Cypher (fragment `turn_filter`): every statement that reads turn rows says of
each row and of its neighbours whether it passes, so Python never re-implements the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

KINDS = ("turn", "summary")


@dataclass(frozen=True)
class Hit:
    kind: str
    id: str
    text: str
    at: datetime
    session: str
    speaker: str | None
    score: float
    parts: dict[str, float] = field(default_factory=dict)
    from_at: datetime | None = None
    to_at: datetime | None = None
    mentions: tuple[str, ...] = ()  # keys of the live entities the turn or summary mentions


@dataclass(frozen=True)
class SearchResult:
    hits: list[Hit]
    terms: list[str]


@dataclass(frozen=True)
class Filters:
    session: str | None
    speaker: str | None
    since: datetime | None
    until: datetime | None
    all: bool
    archived: bool

    @property
    def filtered(self) -> bool:
        return any(f is not None for f in (self.session, self.speaker, self.since, self.until))

    def params(self) -> dict[str, Any]:
        return {"session": self.session, "speaker": self.speaker, "since": self.since, "until": self.until,
                "all": self.all, "archived": self.archived}

    @staticmethod
    def passes(row: Mapping[str, Any]) -> bool:
        """Whether a row (a turn, or a neighbour read with one) passed the filters where it was read."""
        return bool(row["passes"])
