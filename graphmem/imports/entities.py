"""The import's bulk path for entities: many new entities per transaction, their first fact versions planned
in Python by the same `graphmem.timeline` functions as `put_entities`, each entity at its own source time.

Why: `put_entities` runs at one transaction time, so entities created at different Graphiti instants took one
transaction each (20,000 for a 100,000-edge graph, about 15 minutes on the shared dev server). The import
writes only entities whose key is free in the namespace when it starts (`writer._present`); a new entity holds
no versions, so its plan needs no read: each fact is `plan_assert` on an empty lane at `clock(created_at)`
(what `txn_now` gives a just-created entity), many-valued as the namespace declares the attribute. One
statement per batch (`imports/create_entities`) creates the entities, merges the Attribute nodes and writes
the versions with their transaction times, leaving what `put_entities` at each entity's time leaves.

An entity's key is its own import mark: a batch is one transaction, so after a crash the entities of
committed batches exist and a re-run skips them, writing the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import uuid4

from graphmem.channels.fact_records import FactSpec, wire
from graphmem.channels.fact_writes import value_key  # the order apply_facts merges values in
from graphmem.channels.temporal import attribute_declaration, clock
from graphmem.errors import Conflict
from graphmem.identifiers import Registry
from graphmem.imports.mapping import EntityItem
from graphmem.store import Store, Tx
from graphmem.timeline import Version, check_interval, net, plan_assert, step
from graphmem.types import Namespace

BATCH = 1000  # entities per transaction


def declared_many(store: Store, ns: Namespace, items: Sequence[EntityItem]) -> set[str]:
    """Which of the items' attribute names the namespace declares many-valued."""
    names = sorted({a for e in items for a in (e.spec.attributes or {})})
    return {n for n in names if attribute_declaration(store, ns, name=n).many}


def _versions(specs: Sequence[FactSpec], item: EntityItem, many: set[str]) -> list[tuple[str, Version]]:
    """The versions `apply_facts` writes for `specs` on a just-created entity: every lane starts empty."""
    now = clock(item.at)
    lanes: dict[str, list[Version]] = {}
    for s in specs:
        vf = s.valid_from or now
        check_interval(vf, s.valid_to, s.field("valid_to"))
        state = lanes.setdefault(s.attribute, [])
        plan = plan_assert(state, value=s.value, valid_from=vf, valid_to=s.valid_to, now=now,
                           many=s.attribute in many, source=s.source, reason=s.reason)
        lanes[s.attribute] = step(state, plan)
    return [(name, v) for name, state in lanes.items() for v in net([], state)[1]]


def plan_batch(items: Sequence[EntityItem], many: set[str], reg: Registry) -> dict[str, Any]:
    """The parameters of `imports/create_entities` for new entities (pure; `write_batch` adds the ids): entities
    in key order, each distinct (name, value) once in `apply_facts`' order, versions pointing at them by
    position."""
    planned = []
    for item in sorted(items, key=lambda e: e.spec.key):
        specs = [s.prepared(reg) for s in item.spec.fact_specs()]
        planned.append((item, _versions(specs, item, many)))
    values = {value_key(name, v.value): v.value for _, vs in planned for name, v in vs}
    order = sorted(values)
    at = {k: i for i, k in enumerate(order)}
    return {
        "attributes": [{"name": k[0], "value": values[k]} for k in order],
        "entities": [{"key": item.spec.key, "type": item.spec.type, "name": item.spec.name,
                      "at": wire(clock(item.at)), "names": sorted({name for name, _ in vs}), "versions": [
                          {"a": at[value_key(name, v.value)], "name": name, "valid_from": wire(v.valid_from),
                           "valid_to": wire(v.valid_to), "txn_time": wire(v.txn_time), "source": v.source,
                           "reason": v.reason} for name, v in vs]}
                     for item, vs in planned],
    }


def write_batch(store: Store, ns: Namespace, items: Sequence[EntityItem], many: set[str]) -> int:
    """Create `items` (entities absent from the namespace) with their facts in one transaction.

    Raises:
        Conflict: one of the keys was taken since the import began (code import_conflict; nothing of the
            batch is written; re-run the import: it resumes).
    """
    params = plan_batch(items, many, store.services.registry)

    def work(tx: Tx) -> int:
        # ids chosen per attempt: were a committed batch run again (the driver retries a unit whose commit it
        # did not see answered), its keys then count as taken (import_conflict, a re-run resumes) instead of
        # matching this attempt's ids and getting a second set of versions
        fresh = {**params, "entities": [{**e, "id": uuid4().hex} for e in params["entities"]]}
        row = tx.one("imports/create_entities", ns=ns, **fresh)
        taken = sorted(row["taken"]) if row is not None else []
        if taken:  # raised inside: the transaction writes nothing
            raise Conflict(f"entities were created under imported keys during the import ({', '.join(taken[:5])}); "
                           "run it again", code="import_conflict", details={"entities": taken[:100]})
        return len(items)

    return store.write(work)
