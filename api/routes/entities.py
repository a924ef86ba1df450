"""Entities, facts, lookup, relations, declarations and the as-of graph: parse, call the library, shape.

Many-valued attributes are declared with `PUT /v1/{ns}/attributes/{name}` `{"many": true}` (stored as
`(:AttributeDecl {ns, name, many})`); relation types are many-valued unless declared single-valued with
`PUT /v1/{ns}/relation-types/{type}` `{"many": false}`.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Response

from api.respond import in_one_hop
from api.deps import KNOWN_QUERY_ONLY, AsOfDep, NamespaceDep, SettingsDep, StoreDep, ViewDep, WriterDep
from api.schemas.facts import (
    BatchOut,
    DeclarationIn,
    DeclarationOut,
    EntityOut,
    EntityPut,
    EntityWriteOut,
    FactBatchIn,
    FactChangeOut,
    FactIn,
    GraphOut,
    HistoryOut,
    LookupOut,
    RelationChangeOut,
    RelationIn,
    RelationRetractIn,
    RetractIn,
    instant,
)
from graphmem.channels import exact, graph, temporal
from graphmem.errors import InvalidInput
from graphmem.instants import format_instant

router = APIRouter(prefix="/v1/{ns}", tags=["entities"], dependencies=KNOWN_QUERY_ONLY)

EntityKey = Annotated[str, Path(min_length=1, max_length=500, description="the caller's entity key")]
_WRITE: dict[int | str, dict[str, Any]] = {404: {"description": "unknown entity (code unknown_entity)"},
          422: {"description": "invalid field, named in details (codes invalid_input, invalid_interval, ...)"}}


@router.put("/entities/{key}", status_code=201, response_model=EntityWriteOut,
            responses={200: {"model": EntityWriteOut, "description": "merged into an existing entity"},
                       409: {"description": "the key belongs to an erased entity"}, **_WRITE})
def put_entity(key: EntityKey, body: EntityPut, ns: NamespaceDep, _: WriterDep, store: StoreDep,
               response: Response) -> EntityWriteOut:
    """Create (201) or merge (200): the given attributes are asserted, the others untouched."""
    result = temporal.put_entity(store, ns, key=key, type=body.type, name=body.name, attributes=body.attributes,
                                 valid_from=instant(body.valid_from, "valid_from"), source=body.source,
                                 reason=body.reason, aliases=body.aliases)
    response.status_code = 201 if result.created else 200
    return EntityWriteOut.of(result)


@router.get("/entities/{key}", response_model=EntityOut, responses={404: {
    "description": "unknown entity (code unknown_entity); not yet recorded at known_at (code not_yet_known)"}})
async def read_entity(key: EntityKey, ns: NamespaceDep, store: StoreDep, at: AsOfDep, view: ViewDep) -> Response:
    """The entity as of `valid_at` and `known_at` (both default now); 404 before it was created."""
    return await in_one_hop(lambda: EntityOut.of(exact.read_entity(
        store, ns, key=key, valid_at=at.valid_at, known_at=at.known_at, view=view)))


@router.get("/entities/{key}/history", response_model=HistoryOut, responses={
    404: {"description": "unknown entity"}, 422: {"description": "unknown attribute name (code unknown_attribute)"}})
async def read_history(key: EntityKey, ns: NamespaceDep, store: StoreDep, view: ViewDep,
                       attribute: Annotated[str | None, Query(min_length=1, description="one attribute only")] = None,
                       ) -> Response:
    """Audit view: every version on both axes. Other views: the currently believed timeline."""
    return await in_one_hop(lambda: HistoryOut.of(temporal.history(store, ns, key=key, attribute=attribute,
                                                                   view=view)))


@router.post("/facts", status_code=201, response_model=FactChangeOut,
             responses={200: {"model": FactChangeOut, "description": "already believed: nothing written"}, **_WRITE})
def assert_fact(body: FactIn, ns: NamespaceDep, _: WriterDep, store: StoreDep, response: Response) -> FactChangeOut:
    """Assert a value for `[valid_from, valid_to)`; also corrects the past when the interval lies there."""
    change = temporal.assert_facts(store, ns, facts=[body.spec()], max_batch=1)[0]
    response.status_code = 201 if change.changed else 200
    return FactChangeOut.of(change)


@router.post("/facts/batch", status_code=201, response_model=BatchOut, responses=_WRITE)
def assert_batch(body: FactBatchIn, ns: NamespaceDep, _: WriterDep, store: StoreDep, settings: SettingsDep,
                 response: Response) -> BatchOut:
    """All or nothing, in order, in one transaction; at most `GRAPHMEM_MAX_BATCH` facts."""
    temporal.check_batch(len(body.facts), settings.max_batch)  # before parsing each fact's times
    specs = [f.spec(f"facts.{i}.") for i, f in enumerate(body.facts)]
    changes = temporal.assert_facts(store, ns, facts=specs, max_batch=settings.max_batch)
    changed = sum(c.changed for c in changes)
    response.status_code = 201 if changed else 200
    return BatchOut(txn_time=format_instant(changes[0].txn_time) if changes else None, changed=changed,
                    results=[FactChangeOut.of(c) for c in changes])


@router.post("/facts/retract", response_model=FactChangeOut, responses=_WRITE)
def retract_fact(body: RetractIn, ns: NamespaceDep, _: WriterDep, store: StoreDep) -> FactChangeOut:
    """The value stops being valid at `valid_from` (default now) until the next version that starts later."""
    return FactChangeOut.of(temporal.assert_facts(store, ns, facts=[body.spec()], max_batch=1)[0])


#: the value's type, by its JSON Schema name (as the schema of written values says), or its Python alias
ValueType = Literal["string", "integer", "number", "boolean", "str", "int", "float", "bool"]


def _typed(value: str, kind: str) -> Any:
    try:
        if kind in ("integer", "int"):
            return int(value)
        if kind in ("number", "float"):
            n = float(value) if not value.strip().lstrip("+-").isdigit() else int(value)
            if not math.isfinite(n):
                raise ValueError(value)
            return n
        if kind in ("boolean", "bool"):
            return {"true": True, "false": False}[value]
    except (ValueError, KeyError):
        raise InvalidInput.field("value", f"{value!r} is not a {kind}") from None
    return value


@router.get("/lookup", response_model=LookupOut, responses={
    422: {"description": "invalid value for its type; unknown attribute name (code unknown_attribute)"}})
async def lookup(ns: NamespaceDep, store: StoreDep, at: AsOfDep, view: ViewDep,
                 attribute: Annotated[str, Query(min_length=1, description="attribute name, e.g. phone")],
                 value: Annotated[str, Query(description="exact value (identifier kinds are normalised, e.g. phones)")],
                 type: Annotated[ValueType | None, Query(
                     description="the value's type; default: the text and the number or boolean it spells "
                                 "(\"249\" finds 249, 249.0 and \"249\")")] = None,
                 ) -> Response:
    """Entities whose attribute equals the value exactly, as of `valid_at` and `known_at`."""
    if type is None:
        return await in_one_hop(lambda: LookupOut.of(exact.lookup_text(
            store, ns, attribute=attribute, value=value, valid_at=at.valid_at, known_at=at.known_at, view=view)))
    typed = _typed(value, type)
    return await in_one_hop(lambda: LookupOut.of(exact.lookup(
        store, ns, attribute=attribute, value=typed, valid_at=at.valid_at, known_at=at.known_at, view=view)))


@router.post("/relations", status_code=201, response_model=RelationChangeOut,
             responses={200: {"model": RelationChangeOut, "description": "already believed"}, **_WRITE})
def relate(body: RelationIn, ns: NamespaceDep, _: WriterDep, store: StoreDep, response: Response) -> RelationChangeOut:
    """Relate two entities for `[valid_from, valid_to)`; `type` is upper snake case."""
    change = graph.relate(store, ns, source_key=body.from_, type=body.type, target_key=body.to,
                          valid_from=instant(body.valid_from, "valid_from"),
                          valid_to=instant(body.valid_to, "valid_to"), properties=body.properties,
                          source=body.source, reason=body.reason)
    response.status_code = 201 if change.changed else 200
    return RelationChangeOut.of(change)


@router.post("/relations/retract", response_model=RelationChangeOut, responses=_WRITE)
def unrelate(body: RelationRetractIn, ns: NamespaceDep, _: WriterDep, store: StoreDep) -> RelationChangeOut:
    """End a relation (to one target, or every target of the type) at `valid_from` (default now)."""
    return RelationChangeOut.of(graph.unrelate(
        store, ns, source_key=body.from_, type=body.type, target_key=body.to,
        valid_from=instant(body.valid_from, "valid_from"), valid_to=instant(body.valid_to, "valid_to"),
        source=body.source, reason=body.reason))


@router.get("/graph", response_model=GraphOut,
            responses={200: {"content": {"application/graphml+xml": {}}, "description": "JSON or GraphML"},
                       404: {"description": "unknown start entity"}})
def read_graph(ns: NamespaceDep, store: StoreDep, at: AsOfDep, view: ViewDep, settings: SettingsDep,
               start: Annotated[str, Query(min_length=1, description="entity key to start from")],
               depth: Annotated[int, Query(description="hops, 1-5")] = 2,
               fmt: Annotated[Literal["json", "graphml"], Query(alias="format")] = "json") -> Any:
    """Entities within `depth` hops (both directions) and their relations, as of both axes."""
    g = graph.traverse(store, ns, start=start, depth=depth, valid_at=at.valid_at, known_at=at.known_at,
                       view=view, max_depth=min(settings.max_depth, 5))
    if fmt == "graphml":
        return Response(graph.to_graphml(g), media_type="application/graphml+xml")
    return GraphOut.of(g)


@router.put("/attributes/{name}", response_model=DeclarationOut, responses={409: {"description": "cannot change"}})
def declare_attribute(name: Annotated[str, Path(min_length=1, max_length=200)], body: DeclarationIn,
                      ns: NamespaceDep, _: WriterDep, store: StoreDep) -> DeclarationOut:
    """Declare an attribute many-valued (values coexist; retracting one leaves the others) or single-valued."""
    return DeclarationOut.of(temporal.declare_attribute(store, ns, name=name, many=body.many))


@router.get("/attributes/{name}", response_model=DeclarationOut)
def read_attribute(name: Annotated[str, Path(min_length=1, max_length=200)], ns: NamespaceDep,
                   store: StoreDep) -> DeclarationOut:
    """How the attribute is declared (undeclared: single-valued)."""
    return DeclarationOut.of(temporal.attribute_declaration(store, ns, name=name))


@router.put("/relation-types/{type}", response_model=DeclarationOut, responses={409: {"description": "cannot change"}})
def declare_relation_type(type: Annotated[str, Path(description="^[A-Z][A-Z0-9_]*$")], body: DeclarationIn,
                          ns: NamespaceDep, _: WriterDep, store: StoreDep) -> DeclarationOut:
    """Declare a relation type single-valued (`many: false`, one target at a time) or many-valued (default)."""
    return DeclarationOut.of(graph.declare_relation_type(store, ns, type=type, many=body.many))


@router.get("/relation-types/{type}", response_model=DeclarationOut)
def read_relation_type(type: Annotated[str, Path(description="^[A-Z][A-Z0-9_]*$")], ns: NamespaceDep,
                       store: StoreDep) -> DeclarationOut:
    """How the relation type is declared (undeclared: many-valued)."""
    return DeclarationOut.of(graph.relation_type_declaration(store, ns, type=type))
