"""The one write path for facts: lock, pick the transaction time, read the believed versions, plan with
`graphmem.timeline`, apply. Runs inside a `store.write` function, so it must be safe to run twice.

Three statements per transaction, whatever the number of facts: one locks the entities (key order, so
two batches never deadlock) and reads the attributes' declarations, one reads the believed versions near
each change (index seeks, see `cypher/temporal/read_believed.cypher`), one applies the plan (close,
create, record the transaction time).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from graphmem.channels.fact_records import FactChange, FactSpec, FactVersion, instant, stamp, wire
from graphmem.errors import EntityNotFound, InvalidInput
from graphmem.instants import utcnow
from graphmem.store import Row, Tx
from graphmem.timeline import Plan, Version, check_interval, net, plan_assert, plan_retract, step
from graphmem.types import Namespace

TICK = timedelta(microseconds=1)


def txn_now(rows: Iterable[Mapping[str, Any]], now: datetime | None = None) -> datetime:
    """The transaction time of a write: the clock, or just after the latest write on any of the locked
    entities (so that per entity transaction times strictly increase and known_at reads are exact)."""
    t = now or utcnow()
    for r in rows:
        last = instant(r.get("last_txn"))
        floor = last + TICK if last is not None else instant(r.get("created_at"))
        if floor is not None and floor > t:
            t = floor
    return t


def lock_entities(tx: Tx, ns: Namespace, keys: Iterable[str], where: Mapping[str, str] | None = None,
                  names: Iterable[str] = ()) -> dict[str, Row]:
    """Lock the entities (in key order) and return their rows; each row's `many` lists which of `names`
    are declared many-valued.

    Raises:
        EntityNotFound: a key is unknown or erased; `details.fields` names the field that gave it.
    """
    wanted = sorted(set(keys))
    rows = {r["key"]: r for r in tx.run("temporal/lock_entities", ns=ns, keys=wanted, names=sorted(set(names)))}
    for key in wanted:
        row = rows.get(key)
        if row is None or row["erased_at"] is not None:
            name = (where or {}).get(key, "entity")
            raise EntityNotFound(f"unknown entity {key!r}", details={
                "fields": [{"field": name, "message": "unknown entity"}], "entity": key})
    return rows


@dataclass
class _Lane:
    eid: str
    key: str
    name: str
    many: bool
    initial: list[Version] = field(default_factory=list)
    state: list[Version] = field(default_factory=list)
    closed_by: dict[int, FactSpec] = field(default_factory=dict)


def _version(row: Mapping[str, Any]) -> Version:
    return Version(row["value"], stamp(row["valid_from"]), instant(row["valid_to"]), stamp(row["txn_time"]), None,
                   row.get("source"), row.get("reason"), (), row["ref"])


def as_fact(attribute: str, v: Version, txn_end: datetime | None = None) -> FactVersion:
    return FactVersion(attribute, v.value, v.valid_from, v.valid_to, v.txn_time, txn_end or v.txn_end,
                       v.source, v.reason)


def apply_facts(tx: Tx, ns: Namespace, specs: Sequence[FactSpec], now: datetime,
                entities: Mapping[str, Row]) -> list[FactChange]:
    """Apply prepared facts, in order, on locked entities at transaction time `now`. Entities whose row
    says `created` (made by this transaction) have no versions yet: nothing is read for them.

    Raises:
        InvalidInterval: a default valid_from (now) is not before the given valid_to.
        InvalidInput: several values given for a single-valued attribute.
    """
    if not specs:
        return []
    resolved = []
    for s in specs:
        vf = s.valid_from or now
        check_interval(vf, s.valid_to, s.field("valid_to"))
        resolved.append((s, vf))
    declared = {name for row in entities.values() for name in row["many"]}
    many = {s.attribute: s.attribute in declared for s in specs}
    for s in specs:
        if s.listed and not many[s.attribute]:
            raise InvalidInput.field(s.field("value"), "a list needs a many-valued attribute (declare it with "
                                     "PUT /v1/{ns}/attributes/{name} {\"many\": true})", code="single_valued")
    lanes: dict[tuple[str, str], _Lane] = {}
    uses: dict[tuple[str, str], int] = {}
    for s in specs:
        lk = (entities[s.entity]["id"], s.attribute)
        lanes.setdefault(lk, _Lane(lk[0], s.entity, s.attribute, many.get(s.attribute, False)))
        uses[lk] = uses.get(lk, 0) + 1
    stored = {lk for lk, lane in lanes.items() if not entities[lane.key].get("created")}
    near = [{"eid": lk[0], "name": lk[1], "from": wire(vf), "to": wire(s.valid_to)}
            for s, vf in resolved
            for lk in [(entities[s.entity]["id"], s.attribute)]
            if lk in stored and uses[lk] == 1 and not lanes[lk].many]
    whole = [{"eid": lk[0], "name": lk[1]} for lk, lane in lanes.items()
             if lk in stored and (uses[lk] > 1 or lane.many)]
    rows = tx.run("temporal/read_believed", ns=ns, near=near, whole=whole) if near or whole else []
    seen: set[str] = set()
    for r in rows:
        if r["ref"] in seen:
            continue
        seen.add(r["ref"])
        lane = lanes[(r["eid"], r["name"])]
        lane.initial.append(_version(r))
    for lane in lanes.values():
        lane.state = list(lane.initial)

    changes = []
    for s, vf in resolved:
        lane = lanes[(entities[s.entity]["id"], s.attribute)]
        plan = _plan(lane, s, vf, now)
        for v in plan.close:
            lane.closed_by.setdefault(id(v), s)
        lane.state = step(lane.state, plan)
        changes.append(_change(s, plan, now))

    closes: list[dict[str, Any]] = []
    touched: dict[str, tuple[set[str], list[tuple[tuple[str, str, str], Version]]]] = {}  # key: names, versions
    for lane in lanes.values():
        close, write = net(lane.initial, lane.state)
        for v in close:
            by = lane.closed_by[id(v)]
            closes.append({"ref": v.ref, "reason": by.reason, "source": by.source})
        if close or write:
            names, written = touched.setdefault(lane.key, (set(), []))
            names.add(lane.name)
            written += [(value_key(lane.name, v.value), v) for v in write]
    if not touched:  # nothing closed or written
        return changes
    # each distinct value's Attribute node is merged once, all in one order (concurrent writers then take
    # their index locks in one order); the versions point at it by position
    values = {k: v.value for _, written in touched.values() for k, v in written}
    order = sorted(values)
    at = {k: i for i, k in enumerate(order)}
    tx.run("temporal/apply_versions", ns=ns, now=now, closes=closes,
           attributes=[{"name": k[0], "value": values[k]} for k in order],
           entities=[{"ref": entities[key]["ref"], "names": sorted(names), "versions": [
               {"a": at[k], "name": k[0], "valid_from": wire(v.valid_from), "valid_to": wire(v.valid_to),
                "source": v.source, "reason": v.reason} for k, v in written]}
               for key, (names, written) in sorted(touched.items())])
    return changes


def value_key(name: str, value: Any) -> tuple[str, str, str]:
    """One key per value as given, totally ordered. Python equates 1, 1.0 and True: each is merged as
    given, which leaves their equality to the graph, as a MERGE per version did."""
    return name, type(value).__name__, repr(value)


def _plan(lane: _Lane, s: FactSpec, vf: datetime, now: datetime) -> Plan:
    if s.retract:
        return plan_retract(lane.state, valid_from=vf, valid_to=s.valid_to, now=now, many=lane.many,
                            value=s.value, any_value=s.value is None)
    return plan_assert(lane.state, value=s.value, valid_from=vf, valid_to=s.valid_to, now=now, many=lane.many,
                       source=s.source, reason=s.reason)


def _change(s: FactSpec, plan: Plan, now: datetime) -> FactChange:
    return FactChange(
        entity=s.entity, attribute=s.attribute, txn_time=now, changed=plan.changed,
        version=None if plan.current is None else as_fact(s.attribute, plan.current),
        closed=tuple(as_fact(s.attribute, v, now) for v in plan.close),
        written=tuple(as_fact(s.attribute, v) for v in plan.write),
    )
