"""The import's bulk path for relations: many relation events per transaction, planned in Python by the
same `graphmem.timeline` functions as `graph.relate` / `graph.unrelate`, with the same transaction clock.

Why: one `relate` is one transaction (lock, read the lane, apply, commit): about 40 relations a second on
the shared dev server, where an import needs thousands. The bulk path is for lanes only the import writes:
a relation lane (from, type, to) that holds no version in the namespace when the import starts, of a type
not declared single-valued. There the believed versions are known without reading them (those this import
wrote), so each batch locks its entities (`temporal/lock_entities`, key order), checks its new lanes are
still empty, plans each event in time order with `plan_assert` / `plan_retract` (many-valued, as relate
does) at `txn_now` of its Graphiti time, and writes the versions with their recorded transaction times,
closes earlier ones by element id, sets `last_txn` and the import marks (`imports/create_relations`), all in
one transaction. Every other relation goes through `relate` / `unrelate` (`writer`).

A version planned and closed inside one batch is written closed (`txn_end` set), never deleted: the audit
view sees exactly what a sequence of relate / unrelate calls would have left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphmem.channels.fact_records import wire
from graphmem.channels.fact_writes import TICK, lock_entities
from graphmem.errors import Conflict
from graphmem.imports.mapping import SOURCE, RelationEvent
from graphmem.instants import stored_instant, utcnow
from graphmem.store import Store, Tx
from graphmem.timeline import Plan, Version, plan_assert, plan_retract, step
from graphmem.types import Namespace

Lane = tuple[str, str, str]  # from, type, to
RETRACT_REASON = "expired in graphiti"
ASSERT_REASON = "imported from graphiti"


def lane_of(ev: RelationEvent) -> Lane:
    return ev.source_key, ev.type, ev.target_key


def taken_lanes(store: Store, ns: Namespace, lanes: Sequence[Lane]) -> set[Lane]:
    """The lanes among `lanes` holding any version (believed or not) in the namespace."""
    out: set[Lane] = set()
    for i in range(0, len(lanes), 5000):
        rows = store.read("imports/find_lanes", ns=ns,
                          lanes=[{"from": f, "type": t, "to": k} for f, t, k in lanes[i:i + 5000]])
        out |= {(r["from"], r["type"], r["to"]) for r in rows}
    return out


@dataclass
class BulkState:
    """What the bulk path has written so far: each of its lanes' believed versions, with element ids."""

    lanes: dict[Lane, list[Version]] = field(default_factory=dict)


def _clock(ev: RelationEvent, rows: Mapping[str, Mapping[str, Any]], last: dict[str, datetime]) -> datetime:
    """`fact_writes.txn_now` on both entities (as locked), with the times this batch already gave them."""
    t = ev.at
    for key in (ev.source_key, ev.target_key):
        prev = last.get(key) or stored_instant(rows[key]["last_txn"])
        floor = prev + TICK if prev is not None else stored_instant(rows[key]["created_at"])
        if floor is not None and floor > t:
            t = floor
    return t


def _plan(ev: RelationEvent, believed: list[Version], t: datetime) -> Plan:
    if ev.retract:
        return plan_retract(believed, valid_from=ev.valid_from, now=t, many=True, value=ev.target_key,
                            any_value=False)
    return plan_assert(believed, value=ev.target_key, valid_from=ev.valid_from, valid_to=ev.valid_to, now=t,
                       many=True, source=SOURCE, reason=ASSERT_REASON, extra=tuple(sorted(ev.properties.items())))


def write_batch(store: Store, ns: Namespace, state: BulkState, events: Sequence[RelationEvent],
                done: Sequence[str], mark_source: str) -> BulkState:
    """Apply `events` (time order) in one transaction and mark the relations `done`; returns the new state
    (the given one is left as it was, so a retried transaction starts from it again).

    Raises:
        Conflict: a lane this batch opens gained a version since the import began (code import_conflict;
            re-run the import: it resumes).
    """
    keys = sorted({k for ev in events for k in (ev.source_key, ev.target_key)})
    touched = sorted({lane_of(ev) for ev in events})
    fresh = [lane for lane in touched if lane not in state.lanes]

    def work(tx: Tx) -> BulkState:
        rows = lock_entities(tx, ns, keys)
        if fresh and tx.run("imports/find_lanes", ns=ns,
                            lanes=[{"from": f, "type": t, "to": k} for f, t, k in fresh]):
            raise Conflict("relations were written into the imported lanes during the import; run it again",
                           code="import_conflict")
        lanes = {lane: list(state.lanes.get(lane, ())) for lane in touched}  # copied: a retry starts again
        last: dict[str, datetime] = {}
        closed: dict[int, tuple[datetime, str]] = {}  # id(version) -> txn_end, end_reason
        written: list[tuple[Lane, Version]] = []
        for ev in events:
            lane = lane_of(ev)
            believed = lanes.setdefault(lane, [])
            t = _clock(ev, rows, last)
            plan = _plan(ev, believed, t)
            if not plan.changed:
                continue
            for v in plan.close:
                closed[id(v)] = (t, RETRACT_REASON if ev.retract else ASSERT_REASON)
            written += [(lane, v) for v in plan.write]
            lanes[lane] = step(believed, plan)
            last[ev.source_key] = last[ev.target_key] = t
        earlier = [{"ref": v.ref, "at": wire(closed[id(v)][0]), "reason": closed[id(v)][1], "source": SOURCE}
                   for lane in touched for v in state.lanes.get(lane, ()) if id(v) in closed]
        fresh_rows = [{"from": lane[0], "type": lane[1], "to": lane[2], "valid_from": wire(v.valid_from),
                       "valid_to": wire(v.valid_to), "txn_time": wire(v.txn_time),
                       "txn_end": wire(closed[id(v)][0]) if id(v) in closed else None,
                       "end_reason": closed[id(v)][1] if id(v) in closed else None,
                       "end_source": SOURCE if id(v) in closed else None,
                       "source": v.source, "reason": v.reason, "props": dict(v.extra)} for lane, v in written]
        out = tx.run("imports/create_relations", ns=ns, closes=earlier, relations=fresh_rows,
                     entities=[{"key": k, "last_txn": wire(t)} for k, t in sorted(last.items())],
                     source=mark_source, marks=list(done), now=utcnow())
        refs = {int(r["i"]): r["ref"] for r in out if r["i"] is not None}
        ids = {id(v): refs.get(i) for i, (_, v) in enumerate(written)}
        after = dict(state.lanes)  # only this batch's lanes change (copying every lane made the import quadratic)
        after.update({lane: [v if v.ref is not None else
                             Version(v.value, v.valid_from, v.valid_to, v.txn_time, None, v.source, v.reason, v.extra,
                                     ids[id(v)]) for v in vs]
                      for lane, vs in lanes.items()})
        return BulkState(after)

    return store.write(work)
