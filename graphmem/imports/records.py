"""What an import reads (a source graph as plain records) and what it reports. No I/O.

The records mirror Graphiti's three kinds (entity nodes, entity edges, episodes) with only the fields the
mapping uses, so the library never imports graphiti-core (an optional extra).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

KINDS = ("entities", "relations", "turns")


@dataclass(frozen=True, slots=True)
class SourceNode:
    """A Graphiti EntityNode."""

    uuid: str
    name: str
    group_id: str
    labels: tuple[str, ...]
    created_at: datetime
    summary: str = ""
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SourceEdge:
    """A Graphiti EntityEdge (RELATES_TO): `valid_at`/`invalid_at` are its valid time, `created_at`/
    `expired_at` its transaction time."""

    uuid: str
    group_id: str
    source_uuid: str
    target_uuid: str
    name: str
    fact: str
    created_at: datetime
    valid_at: datetime | None = None
    invalid_at: datetime | None = None
    expired_at: datetime | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SourceEpisode:
    """A Graphiti EpisodicNode."""

    uuid: str
    name: str
    group_id: str
    content: str
    source: str
    source_description: str
    valid_at: datetime
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SourceGraph:
    """Everything read for the requested group ids."""

    group_ids: tuple[str, ...]
    nodes: tuple[SourceNode, ...] = ()
    edges: tuple[SourceEdge, ...] = ()
    episodes: tuple[SourceEpisode, ...] = ()


@dataclass(frozen=True, slots=True)
class Unmappable:
    """One source record the mapping refuses, and why."""

    kind: str  # entities | relations | turns
    uuid: str
    why: str


@dataclass(frozen=True, slots=True)
class KindCount:
    read: int = 0
    written: int = 0
    present: int = 0  # already imported before (skipped)
    unmappable: int = 0


@dataclass(frozen=True, slots=True)
class ImportReport:
    """Counts per kind (entities, relations, turns) and every unmappable record. With any unmappable record
    nothing is written (`written` 0 everywhere)."""

    counts: Mapping[str, KindCount]
    unmappable: tuple[Unmappable, ...] = ()
    seconds: float = 0.0
    relation_seconds: float = 0.0  # the relation phase alone
    entity_seconds: float = 0.0
    turn_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.unmappable

    @property
    def edges_per_second(self) -> float | None:
        n = self.counts["relations"].written
        return n / self.relation_seconds if n and self.relation_seconds > 0 else None

    @property
    def overall_edges_per_second(self) -> float | None:
        """Edges written per second of the whole import (reading what is there, mapping, every phase)."""
        n = self.counts["relations"].written
        return n / self.seconds if n and self.seconds > 0 else None

    def lines(self) -> list[str]:
        """The report as text lines (the CLI prints them)."""
        out = [f"{'kind':<10} {'read':>8} {'written':>8} {'present':>8} {'unmappable':>10}"]
        for kind in KINDS:
            c = self.counts[kind]
            out.append(f"{kind:<10} {c.read:>8} {c.written:>8} {c.present:>8} {c.unmappable:>10}")
        for u in self.unmappable:
            out.append(f"unmappable {u.kind} {u.uuid}: {u.why}")
        if self.unmappable:
            out.append("nothing was written: fix or leave out the records above, then import again")
        rate, overall = self.edges_per_second, self.overall_edges_per_second
        out.append(f"{self.seconds:.1f}s in all" + (f" ({overall:,.0f} edges/s)" if overall else "")
                   + f"; entities {self.entity_seconds:.1f}s, relations {self.relation_seconds:.1f}s"
                   + (f" ({rate:,.0f} edges/s)" if rate else "") + f", turns {self.turn_seconds:.1f}s")
        return out
