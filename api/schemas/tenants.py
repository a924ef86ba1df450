"""Response models for the operators' tenant routes (admin)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from graphmem.instants import format_instant
from graphmem.tenants import Deletion, ImportResult, NamespaceInfo


class NamespaceOut(BaseModel):
    name: str
    counts: dict[str, int] = Field(description="entities, turns, summaries, trajectories, current workflows")
    last_write: str | None = Field(description="the latest entity or turn write, or trajectory time")

    @classmethod
    def from_domain(cls, n: NamespaceInfo) -> "NamespaceOut":
        return cls(name=n.name, counts=n.counts, last_write=format_instant(n.last_write))


class NamespacesOut(BaseModel):
    """Every namespace that holds memory."""

    namespaces: list[NamespaceOut]


class DeletionOut(BaseModel):
    """A namespace's deletion: `running` until every record is gone, then `done`."""

    id: str
    namespace: str
    state: str = Field(description="running | done")
    started_at: str
    by: str = Field(description="id of the API key that asked for it")
    deleted: int = Field(description="records removed so far (entities, values, turns, summaries, "
                                     "trajectories, workflow versions)")
    finished_at: str | None = None

    @classmethod
    def from_domain(cls, d: Deletion) -> "DeletionOut":
        return cls(id=d.id, namespace=d.namespace, state=d.state, started_at=format_instant(d.started_at) or "",
                   by=d.by, deleted=d.deleted, finished_at=format_instant(d.finished_at))


class ImportOut(BaseModel):
    """An import of an export into a new namespace: `running` until its last line is written (import the same
    export again to resume), then `done`."""

    namespace: str
    export_id: str = Field(description="the export's id (its header's `id`)")
    source: str = Field(description="the namespace it was exported from")
    state: str = Field(description="running | done")
    lines: int = Field(description="lines after the header written so far")
    nodes: int
    relationships: int
    embedded: int = Field(0, description="vectors this run computed (the export held none, or another model's)")
    resumed: bool = Field(False, description="an earlier run had written part of it")

    @classmethod
    def from_domain(cls, r: ImportResult) -> "ImportOut":
        return cls(namespace=r.namespace, export_id=r.export_id, source=r.source, state=r.state, lines=r.lines,
                   nodes=r.nodes, relationships=r.relationships, embedded=r.embedded, resumed=r.resumed)
