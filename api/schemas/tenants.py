"""Response models for the operators' tenant routes (admin)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from graphmem.instants import format_instant
from graphmem.tenants import Deletion, NamespaceInfo


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
