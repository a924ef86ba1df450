"""The plain records of the conversation channels: turns, windows, summary chunks and parts. No I/O.

Why a module of their own: the turns, window and summary channels all hand these around (a write
returns turns and the summary chunks it folded, a window holds turns, folding takes turn rows), so
the records sit below all three and each channel imports them rather than one another.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphmem.text.summarise import StructuredSummary


# --- turns ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnRow:
    """The little of a turn that windowing and folding need."""

    id: str
    seq: int
    at: datetime
    speaker: str | None
    text: str


@dataclass(frozen=True)
class NewTurn:
    """A turn as the caller gives it; `at` defaults to now, `id` to a generated one."""

    text: str
    role: str = "user"
    speaker: str | None = None
    at: datetime | None = None
    id: str | None = None
    metadata: Mapping[str, Any] | None = None
    extract: bool = False  # queue an LLM extraction of facts (`extraction`)


@dataclass(frozen=True)
class Turn:
    """A stored turn as the application (or the audit view, with erased and archived ones) sees it."""

    id: str
    session: str
    seq: int
    role: str
    speaker: str | None
    text: str | None
    at: datetime
    created_at: datetime | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    summary: str | None = None
    erased_at: datetime | None = None
    archived_at: datetime | None = None
    extraction: str | None = None  # queued | done | failed, for turns posted with extract
    extraction_error: str | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "Turn":
        meta = row.get("metadata_json")
        return cls(id=row["id"], session=row["session"], seq=row["seq"], role=row.get("role") or "user",
                   speaker=row.get("speaker"), text=row.get("text"), at=row["at"],
                   created_at=row.get("created_at"), metadata=json.loads(meta) if meta else {},
                   summary=row.get("summary"), erased_at=row.get("erased_at"), archived_at=row.get("archived_at"),
                   extraction=row.get("extraction"), extraction_error=row.get("extraction_error"))


@dataclass(frozen=True)
class AddResult:
    """What a write did: the turns stored, the summary chunks written, how many items were archived."""

    turns: list[Turn]
    summaries: list[str]
    archived: int = 0


@dataclass(frozen=True)
class Window:
    """The last `size` turns of a session, newest last."""

    session: str
    size: int
    turns: list[Turn]


# --- summaries ------------------------------------------------------------------------------------
@dataclass
class Chunk:
    """A chunk summary being written: the turns it covers, their summary and its embedding."""

    id: str
    turns: list[TurnRow]
    summary: StructuredSummary
    embedding: list[float] = field(default_factory=list)

    def props(self) -> dict[str, Any]:
        s, ts = self.summary, self.turns
        return {
            "text": s.text, "search_text": s.text, "embedding": self.embedding or None,  # none: pooled later
            "from_seq": min(t.seq for t in ts), "to_seq": max(t.seq for t in ts),
            "from_at": min(t.at for t in ts), "to_at": max(t.at for t in ts),
            "topics": s.topics, "entities": s.entities, "facts": s.facts, "open_items": s.open_items,
            "tone": s.tone, "intent": s.intent, "turn_count": len(ts), "summariser": s.summariser,
            "speakers": sorted({t.speaker for t in ts if t.speaker}), "importance": 0.5,
        }


@dataclass
class FoldPlan:
    """The chunks a write folds its leaving turns into, planned before its transaction."""

    chunks: list[Chunk] = field(default_factory=list)
    covering: dict[str, str] = field(default_factory=dict)  # turn id -> summary id


@dataclass(frozen=True)
class SummaryPart:
    """One stored chunk summary, as read back."""

    id: str
    summary: StructuredSummary
    from_seq: int
    to_seq: int
    from_at: datetime
    to_at: datetime
    turn_count: int
    created_at: datetime | None
    updated_at: datetime | None
    erased_at: datetime | None = None
    archived_at: datetime | None = None


@dataclass(frozen=True)
class SessionSummary:
    """The session's summary: the merged structure of its chunks, and the chunks themselves."""

    session: str
    summary: StructuredSummary
    parts: list[SummaryPart]

    @property
    def turn_count(self) -> int:
        return sum(p.turn_count for p in self.parts)

    @property
    def from_seq(self) -> int | None:
        return min((p.from_seq for p in self.parts), default=None)

    @property
    def to_seq(self) -> int | None:
        return max((p.to_seq for p in self.parts), default=None)

    @property
    def from_at(self) -> datetime | None:
        return min((p.from_at for p in self.parts), default=None)

    @property
    def to_at(self) -> datetime | None:
        return max((p.to_at for p in self.parts), default=None)
