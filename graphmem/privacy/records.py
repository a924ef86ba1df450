"""What erasure and purge return: the compliance record of one erasure and of one purge run."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class ErasureRecord:
    """The compliance view of one erasure: what (key until purged, then only its hash), when, why, by whom."""

    key: str | None
    key_hash: str
    erased_at: datetime
    erased_by: str
    reason: str
    turns: int = 0
    summaries: int = 0
    workflows_rebuilt: tuple[str, ...] = ()  # workflow keys re-induced from the runs that remain
    workflows_dropped: tuple[str, ...] = ()  # workflow keys left with no current version (nothing to rebuild)
    purged_at: datetime | None = None
    purged_by: str | None = None
    purge_id: str | None = None
    created: bool = False  # True only for the call that made the erasure

    @property
    def status(self) -> str:
        return "purged" if self.purged_at is not None else "erased"

    @classmethod
    def from_row(cls, row: Mapping[str, Any], *, created: bool = False) -> "ErasureRecord":
        return cls(key=row.get("key"), key_hash=row["key_hash"], erased_at=row["at"], erased_by=row["by"],
                   reason=row["reason"], turns=int(row.get("turns") or 0),
                   summaries=int(row.get("summaries") or 0),
                   workflows_rebuilt=tuple(row.get("workflows_rebuilt") or ()),
                   workflows_dropped=tuple(row.get("workflows_dropped") or ()), purged_at=row.get("purged_at"),
                   purged_by=row.get("purged_by"), purge_id=row.get("purge_id"), created=created)


@dataclass(frozen=True)
class PurgeResult:
    """One purge run, as recorded in its `(:PurgeRecord)`."""

    id: str
    at: datetime
    by: str
    cutoff: datetime
    older_than_days: float
    entities: int = 0
    turns: int = 0
    summaries: int = 0
    attributes: int = 0
    key_hashes: tuple[str, ...] = field(default_factory=tuple)

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "PurgeResult":
        return cls(id=row["id"], at=row["at"], by=row["by"], cutoff=row["cutoff"],
                   older_than_days=float(row["older_than_days"]), entities=int(row["entities"]),
                   turns=int(row["turns"]), summaries=int(row["summaries"]), attributes=int(row["attributes"]))
