"""Relations with both time axes, and the as-of traversal auditors export to networkx and GraphML."""

from __future__ import annotations

import io
from datetime import datetime, timezone

import networkx as nx
import pytest

from graphmem.channels.graph import (
    declare_relation_type,
    relate,
    relation_type_declaration,
    to_graphml,
    to_networkx,
    traverse,
    unrelate,
)
from graphmem.channels.temporal import put_entity
from graphmem.errors import Conflict, EntityNotFound, InvalidInput
from graphmem.privacy import erase_entity
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
UTC = timezone.utc


def D(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


#: "now" for reads of relations given fixed 2026 dates: after all of them, whatever the machine's calendar
#: says (a read's default valid_at is the machine's clock, which these dates once lay ahead of)
NOW = D("2026-09-01")


@pytest.fixture
def chain(store: Store, ns: Namespace) -> Namespace:
    """A -KNOWS-> B -KNOWS-> C -KNOWS-> D, plus E -WORKS_AT-> A (incoming to A), all from 2026-01-01."""
    for key in "ABCDE":
        put_entity(store, ns, key=key, type="person", attributes={"label": key.lower()})
    for a, b in ("AB", "BC", "CD"):
        relate(store, ns, source_key=a, type="KNOWS", target_key=b, valid_from=D("2026-01-01"))
    relate(store, ns, source_key="E", type="WORKS_AT", target_key="A", valid_from=D("2026-01-01"),
           properties={"role": "lead", "since": 2019})
    return ns


def keys(g: object) -> list[str]:
    return sorted(n.key for n in g.nodes)  # type: ignore[attr-defined]


def test_depth_and_both_directions(store: Store, chain: Namespace) -> None:
    assert keys(traverse(store, chain, start="A", depth=1)) == ["A", "B", "E"]
    g2 = traverse(store, chain, start="A", depth=2)
    assert keys(g2) == ["A", "B", "C", "E"]
    assert sorted((e.source_key, e.type, e.target_key) for e in g2.edges) == [
        ("A", "KNOWS", "B"), ("B", "KNOWS", "C"), ("E", "WORKS_AT", "A")]
    assert keys(traverse(store, chain, start="D", depth=3)) == ["A", "B", "C", "D"]
    assert keys(traverse(store, chain, start="D", depth=5)) == ["A", "B", "C", "D", "E"]
    works = next(e for e in g2.edges if e.type == "WORKS_AT")
    assert works.properties == {"role": "lead", "since": 2019}
    with pytest.raises(InvalidInput):
        traverse(store, chain, start="A", depth=6)
    with pytest.raises(InvalidInput):
        traverse(store, chain, start="A", depth=0)
    with pytest.raises(EntityNotFound):
        traverse(store, chain, start="nobody")


def test_traversal_is_as_of_both_axes(store: Store, chain: Namespace) -> None:
    before_end = datetime.now(UTC)
    unrelate(store, chain, source_key="B", type="KNOWS", target_key="C", valid_from=D("2026-06-01"),
             reason="fell out")
    assert keys(traverse(store, chain, start="A", depth=3, valid_at=NOW)) == ["A", "B", "E"]  # B no longer knows C
    assert keys(traverse(store, chain, start="A", depth=3, valid_at=D("2026-03-01"))) == ["A", "B", "C", "D", "E"]
    assert keys(traverse(store, chain, start="A", depth=3, valid_at=NOW, known_at=before_end)) == [
        "A", "B", "C", "D", "E"]
    assert keys(traverse(store, chain, start="A", depth=3, valid_at=D("2025-06-01"))) == ["A"]


def test_erased_entities_are_cut_out_of_the_application_view(store: Store, chain: Namespace) -> None:
    erase_entity(store, chain, key="B", reason="request", by="test")
    assert keys(traverse(store, chain, start="A", depth=3)) == ["A", "E"]
    audit = traverse(store, chain, start="A", depth=3, view="audit")
    assert keys(audit) == ["A", "B", "C", "D", "E"]
    assert [n.erased for n in audit.nodes if n.key == "B"] == [True]
    with pytest.raises(EntityNotFound):
        traverse(store, chain, start="B")


def test_graphml_and_networkx_export(store: Store, chain: Namespace) -> None:
    g = traverse(store, chain, start="A", depth=2)
    graph = to_networkx(g)
    assert isinstance(graph, nx.MultiDiGraph)
    assert sorted(graph.nodes) == ["A", "B", "C", "E"]
    assert graph.nodes["A"]["attr.label"] == "a"
    back = nx.read_graphml(io.BytesIO(to_graphml(g).encode("utf-8")))
    assert sorted(back.nodes) == ["A", "B", "C", "E"]
    edges = sorted((u, v, d["type"]) for u, v, d in back.edges(data=True))
    assert edges == [("A", "B", "KNOWS"), ("B", "C", "KNOWS"), ("E", "A", "WORKS_AT")]
    data = next(d for u, v, d in back.edges(data=True) if d["type"] == "WORKS_AT")
    assert data["prop.role"] == "lead" and data["valid_from"] == "2026-01-01T00:00:00Z" and "txn_time" in data


def test_single_valued_relation_type(store: Store, chain: Namespace) -> None:
    assert relation_type_declaration(store, chain, type="MANAGED_BY").many
    declare_relation_type(store, chain, type="MANAGED_BY", many=False)
    relate(store, chain, source_key="C", type="MANAGED_BY", target_key="A", valid_from=D("2026-01-01"))
    relate(store, chain, source_key="C", type="MANAGED_BY", target_key="B", valid_from=D("2026-05-01"))
    now = [e for e in traverse(store, chain, start="C", depth=1, valid_at=NOW).edges if e.type == "MANAGED_BY"]
    assert [(e.target_key, e.valid_from) for e in now] == [("B", D("2026-05-01"))]
    then = [e for e in traverse(store, chain, start="C", depth=1, valid_at=D("2026-02-01")).edges
            if e.type == "MANAGED_BY"]
    assert [e.target_key for e in then] == ["A"]
    again = relate(store, chain, source_key="C", type="MANAGED_BY", target_key="B", valid_from=D("2026-06-01"))
    assert not again.changed  # already believed over that interval
    with pytest.raises(Conflict):
        declare_relation_type(store, chain, type="KNOWS", many=False)  # KNOWS relations exist


def test_many_valued_relations_coexist(store: Store, chain: Namespace) -> None:
    relate(store, chain, source_key="A", type="KNOWS", target_key="C", valid_from=D("2026-02-01"))
    g = traverse(store, chain, start="A", depth=1, valid_at=NOW)
    targets = sorted(e.target_key for e in g.edges if e.source_key == "A")
    assert targets == ["B", "C"]


@pytest.mark.parametrize("bad", ["knows", "Knows", "1KNOWS", "KNOWS-X", "KNOWS X", "", "K`) DETACH DELETE n //"])
def test_relation_types_are_upper_snake_case(store: Store, chain: Namespace, bad: str) -> None:
    with pytest.raises(InvalidInput) as err:
        relate(store, chain, source_key="A", type=bad, target_key="B")
    assert err.value.code == "invalid_relation_type"
    assert keys(traverse(store, chain, start="A", depth=1)) == ["A", "B", "E"]


def test_relation_to_an_unknown_entity_writes_nothing(store: Store, chain: Namespace) -> None:
    with pytest.raises(EntityNotFound) as err:
        relate(store, chain, source_key="A", type="KNOWS", target_key="ZZ")
    assert err.value.details["fields"][0]["field"] == "to"
    with pytest.raises(InvalidInput):
        relate(store, chain, source_key="A", type="KNOWS", target_key="B", properties={"type": "x"})
    assert len(traverse(store, chain, start="A", depth=1).edges) == 2
