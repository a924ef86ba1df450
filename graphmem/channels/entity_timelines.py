"""Entity timelines for recall (an exact read): entities by key with their attribute timelines as believed at
known_at, from which both the values true at valid_at and the run each value belongs to are taken, in one round
trip (`exact/read_timelines`; the names' read `exact/read_named` reads the same): every profile recall gives is
made from one (`recall.hits.Channels.profiles`).

`exact.read_entities` reads only the versions true at valid_at, and the run a value belongs to (adjacent
versions of one value joined: `timeline.spans`) needs the versions around it: this read serves both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from graphmem.channels.fact_records import FactVersion
from graphmem.store import Row, Store
from graphmem.timeline import believed, true_at
from graphmem.types import Namespace


@dataclass(frozen=True, slots=True)
class EntityTimeline:
    """One entity as believed at known_at (None: now): every attribute version believed then, any valid time."""

    key: str
    type: str | None
    name: str | None
    versions: tuple[FactVersion, ...]

    def true_at(self, valid_at: datetime) -> tuple[FactVersion, ...]:
        """The versions true at valid_at (half-open [valid_from, valid_to), like the `as_of` fragment)."""
        return tuple(v for v in self.versions if true_at(v.valid_from, v.valid_to, valid_at))


def read_timelines(store: Store, ns: Namespace, *, keys: Iterable[str],
                   known_at: datetime | None = None) -> dict[str, EntityTimeline]:
    """The live entities among `keys` that exist at known_at, each with its versions believed then.
    Unknown, erased or not yet recorded keys are absent."""
    rows: list[Row] = store.read("exact/read_timelines", ns=ns, keys=list(dict.fromkeys(keys)),
                                 known_at=known_at, include_erased=False)
    return {r["key"]: timeline_from_row(r, known_at) for r in rows}


def timeline_from_row(r: Row, known_at: datetime | None) -> EntityTimeline:
    """A row of exact/read_timelines (or of exact/find_names_timelines, which reads the same) as a timeline."""
    versions = (FactVersion.from_row(v) for v in r["versions"])
    if known_at is not None:  # has_history holds every version recorded by then: keep those believed then
        versions = (v for v in versions if believed(v.txn_time, v.txn_end, known_at))
    return EntityTimeline(r["key"], r["type"], r["name"], tuple(versions))
