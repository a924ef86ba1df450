"""Temporal channel: put entities, assert / retract / correct facts (also late and out of order), declare
many-valued attributes, and read an attribute's full history.

Every write is one transaction that locks the entity first (`fact_writes.lock_entities`), so writers on one
entity serialise; transient errors (deadlocks, leader changes) are retried inside `Store.write`. Nothing
is overwritten: see `graphmem.timeline` for how a change closes and writes versions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any
from uuid import uuid4

from graphmem.channels.fact_records import (
    Declaration,
    EntitySpec,
    EntityWrite,
    FactChange,
    FactSpec,
    FactVersion,
    History,
    check_key,
    check_name,
    instant,
    stamp,
)
from graphmem.channels.fact_writes import apply_facts, lock_entities, txn_now
from graphmem.errors import Conflict, EntityNotFound, InvalidInput, LimitExceeded
from graphmem.instants import parse_instant, utcnow
from graphmem.store import Store, Tx
from graphmem.types import Namespace, View


def clock(now: datetime | None) -> datetime:
    """The transaction clock: the system clock, or an injected reading (library callers importing history
    with the times it was learned, and tests). Either way `txn_now` keeps it after the entity's last write.
    REST never injects it."""
    return utcnow() if now is None else parse_instant(now, "now")


def facts_unit(store: Store, ns: Namespace, specs: Sequence[FactSpec],
               now: datetime | None = None) -> Callable[[Tx], list[FactChange]]:
    """`assert_facts` as a unit of a larger transaction (several writes that must land together):
    validated now, applied in order when the returned function runs on the transaction."""
    reg = store.services.registry
    ready = [s.prepared(reg) for s in specs]
    where: dict[str, str] = {}
    for s in ready:
        where.setdefault(s.entity, s.field("entity"))

    def work(tx: Tx) -> list[FactChange]:
        rows = lock_entities(tx, ns, where, where, names=[s.attribute for s in ready])
        return apply_facts(tx, ns, ready, txn_now(rows.values(), clock(now)), rows)

    return work


def _write(store: Store, ns: Namespace, specs: Sequence[FactSpec], now: datetime | None) -> list[FactChange]:
    return store.write(facts_unit(store, ns, specs, now))


def assert_fact(store: Store, ns: Namespace, *, entity: str, attribute: str, value: Any,
                valid_from: datetime | None = None, valid_to: datetime | None = None,
                source: str | None = None, reason: str | None = None, now: datetime | None = None) -> FactChange:
    """Assert `attribute = value` for `[valid_from (default now), valid_to)`.

    Without `valid_to` the value holds until the next version that starts after `valid_from` (a late fact
    never wipes a later one); with it, it replaces everything in the interval. Re-asserting a value already
    believed over the interval writes nothing (`changed` false) and returns the existing version.

    Raises:
        EntityNotFound: unknown or erased entity.
        InvalidInput: empty attribute, unsupported value type; InvalidInterval: valid_to <= valid_from.
    """
    return _write(store, ns, [FactSpec(entity, attribute, value, valid_from, valid_to, source, reason)], now)[0]


def correct_fact(store: Store, ns: Namespace, *, entity: str, attribute: str, value: Any,
                 valid_from: datetime, valid_to: datetime | None, source: str | None = None,
                 reason: str | None = None, now: datetime | None = None) -> FactChange:
    """Correct the past: an assertion over an explicit interval, also when it arrives late or out of order.

    Raises:
        EntityNotFound, InvalidInput, InvalidInterval: as `assert_fact`.
    """
    return assert_fact(store, ns, entity=entity, attribute=attribute, value=value, valid_from=valid_from,
                       valid_to=valid_to, source=source, reason=reason, now=now)


def retract_fact(store: Store, ns: Namespace, *, entity: str, attribute: str, value: Any = None,
                 valid_from: datetime | None = None, valid_to: datetime | None = None,
                 source: str | None = None, reason: str | None = None, now: datetime | None = None) -> FactChange:
    """The attribute stops being valid at `valid_from` (default now), until `valid_to` or the next version
    that starts later. For a many-valued attribute, `value` retracts that value only.

    Raises:
        EntityNotFound, InvalidInput, InvalidInterval: as `assert_fact`.
    """
    spec = FactSpec(entity, attribute, value, valid_from, valid_to, source, reason, retract=True)
    return _write(store, ns, [spec], now)[0]


def assert_facts(store: Store, ns: Namespace, *, facts: Sequence[FactSpec], max_batch: int | None = None,
                 now: datetime | None = None) -> list[FactChange]:
    """All or nothing: the facts apply in order in one transaction; one bad fact writes none of them.

    Raises:
        LimitExceeded: more than `max_batch` (default settings.max_batch) facts.
        EntityNotFound, InvalidInput, InvalidInterval: naming the fact (`facts.<i>.<field>`).
    """
    check_batch(len(facts), max_batch if max_batch is not None else store.services.settings.max_batch)
    return _write(store, ns, facts, now)


def check_batch(size: int, limit: int, field: str = "facts") -> None:
    """Raises: InvalidInput: an empty batch; LimitExceeded: more than `limit` items."""
    if size == 0:
        raise InvalidInput.field(field, "must not be empty")
    if size > limit:
        raise LimitExceeded.field(field, f"at most {limit} per batch (got {size})", code="limit_exceeded")


def put_entity(store: Store, ns: Namespace, *, key: str, type: str, name: str | None = None,
               attributes: Mapping[str, Any] | None = None, valid_from: datetime | None = None,
               source: str | None = None, reason: str | None = None, now: datetime | None = None,
               aliases: Sequence[str] | None = None) -> EntityWrite:
    """Create the entity (`created`) or merge into it: the given attributes are asserted from `valid_from`
    (default now), the others are untouched. A list value asserts each element (many-valued only).
    A new name keeps the old one as a former name (resolved as of before the rename); `aliases`, when
    given, replace the entity's aliases (a dropped alias is kept as a former name likewise).

    Raises:
        Conflict: the key belongs to an erased entity (code entity_erased).
        InvalidInput, InvalidInterval: naming the field (`attributes.<name>.value`).
    """
    spec = EntitySpec(key, type, name, attributes, valid_from, source, reason,
                      aliases=None if aliases is None else tuple(aliases))
    return put_entities(store, ns, entities=[spec], now=now, max_batch=1)[0]


def put_entities(store: Store, ns: Namespace, *, entities: Sequence[EntitySpec], now: datetime | None = None,
                 max_batch: int | None = None) -> list[EntityWrite]:
    """`put_entity` for many entities in one transaction (bulk loads): all or nothing.

    Raises:
        LimitExceeded: more than `max_batch` (default settings.max_batch) entities.
        Conflict, InvalidInput, InvalidInterval: as `put_entity`, the field prefixed by the entity's `where`.
    """
    check_batch(len(entities), max_batch if max_batch is not None else store.services.settings.max_batch, "entities")
    return store.write(entities_unit(store, ns, entities, now))


def entities_unit(store: Store, ns: Namespace, entities: Sequence[EntitySpec],
                  now: datetime | None = None) -> Callable[[Tx], list[EntityWrite]]:
    """`put_entities` as a unit of a larger transaction: validated now, applied when the returned
    function runs on the transaction."""
    reg = store.services.registry
    specs: list[FactSpec] = []
    seen: set[str] = set()
    for e in entities:
        specs += e.fact_specs()
        if e.key in seen:
            raise InvalidInput.field(e.field("key"), "appears twice in one batch")
        seen.add(e.key)
    ready = [s.prepared(reg) for s in specs]
    ordered = sorted(entities, key=lambda e: e.key)

    def work(tx: Tx) -> list[EntityWrite]:
        t0 = clock(now)
        rows = {r["key"]: r for r in tx.run("temporal/merge_entities", ns=ns, now=t0,
                                            names=sorted({s.attribute for s in ready}), entities=[
            {"key": e.key, "id": uuid4().hex, "type": e.type, "name": e.name,
             "aliases": None if e.aliases is None else list(dict.fromkeys(e.aliases))} for e in ordered])}
        for e in ordered:
            if rows[e.key]["erased_at"] is not None:
                raise Conflict(f"entity {e.key!r} was erased; its key cannot be reused", code="entity_erased",
                               details={"entity": e.key, "fields": [{"field": e.field("key"),
                                                                     "message": "erased entity"}]})
        t = txn_now([r for r in rows.values() if not r["created"]], t0)
        changes = apply_facts(tx, ns, ready, t, rows)
        by_key: dict[str, list[FactChange]] = {}
        for c in changes:
            by_key.setdefault(c.entity, []).append(c)
        return [EntityWrite(e.key, e.type, rows[e.key]["name"], bool(rows[e.key]["created"]),
                            stamp(rows[e.key]["created_at"]), t, tuple(by_key.get(e.key, ()))) for e in entities]

    return work


def declare_attribute(store: Store, ns: Namespace, *, name: str, many: bool) -> Declaration:
    """Declare an attribute many-valued (values coexist; retracting one leaves the others) or single-valued.

    Raises:
        Conflict: many -> single once values exist (code declaration_conflict): they may overlap.
    """
    check_name(name, "name")
    if not isinstance(many, bool):
        raise InvalidInput.field("many", "must be true or false")
    def work(tx: Tx) -> Declaration:
        row = tx.one("temporal/declare_attribute", ns=ns, attribute=name, many=many, now=utcnow())
        if row is None or bool(row["many"]) != many:  # raised inside: the transaction writes nothing
            raise Conflict(f"attribute {name!r} already holds values as many-valued; it cannot become "
                           "single-valued", code="declaration_conflict", details={"attribute": name})
        return Declaration(name, many)

    return store.write(work)


def attribute_declaration(store: Store, ns: Namespace, *, name: str) -> Declaration:
    """How an attribute is declared (undeclared: single-valued)."""
    check_name(name, "name")
    row = store.read("temporal/read_attribute_decl", ns=ns, attribute=name)[0]
    return Declaration(name, bool(row["many"]), bool(row["declared"]))


def check_attribute_known(store: Store, ns: Namespace, *, name: str, field: str = "attribute") -> None:
    """An attribute name must mean something in the namespace (declared, or held now or once by some
    entity): a misspelt `plann` gets a 422 naming it rather than an empty answer that looks like "none".
    Asked only after a read found nothing, so it costs nothing on the common path.

    Raises:
        InvalidInput: the name is unknown in the namespace (code unknown_attribute).
    """
    row = store.read("temporal/read_attribute_known", ns=ns, attribute=name)[0]
    if not (row["declared"] or row["used"]):
        raise InvalidInput(f"{field}: unknown attribute {name!r} in this namespace (no entity has or had it, and "
                           "it is not declared)", code="unknown_attribute",
                           details={"fields": [{"field": field, "message": f"unknown attribute {name!r}"}],
                                    "attribute": name})


def history(store: Store, ns: Namespace, *, key: str, attribute: str | None = None,
            view: View = "application") -> History:
    """Every version of the entity's attributes (or one attribute), oldest first.

    The audit view gets every version on both axes, with the reasons that closed them; other views get the
    currently believed timeline (txn_end null). Erased entities exist only outside the application view.

    Raises:
        EntityNotFound: unknown key, or erased in the application view.
        InvalidInput: `attribute` unknown in the namespace (code unknown_attribute); a known attribute the
            entity never held answers an empty history.
    """
    check_key(key, "key")
    if attribute is not None:
        check_name(attribute, "attribute")
    full = view == "audit"
    rows = store.read("temporal/read_history", ns=ns, key=key, attribute=attribute, all=full,
                      include_erased=view != "application")
    if not rows:
        raise EntityNotFound(f"unknown entity {key!r}", details={"entity": key})
    versions = sorted((FactVersion.from_row(r) for r in rows[0]["versions"] if r["valid_from"] is not None),
                      key=lambda v: (v.attribute, v.valid_from, v.txn_time))
    if attribute is not None and not versions:
        check_attribute_known(store, ns, name=attribute)  # a misspelt name is not "no versions"
    return History(key, attribute, full, tuple(versions), instant(rows[0]["erased_at"]))
