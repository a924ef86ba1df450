"""The import's bulk paths (entities: graphmem/imports/entities.py, relations: bulk.py) leave exactly the
graph the reference path leaves (put_entities at each creation instant, relate / unrelate per event):
every entity, version, Attribute node and mark compared property by property, also after an import stopped
between batches and run again. Plain source records (no Graphiti server needed); real Neo4j."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any
from uuid import uuid4

import pytest

from graphmem.channels.temporal import declare_attribute, put_entity
from graphmem.errors import Conflict
from graphmem.imports import SourceEdge, SourceEpisode, SourceGraph, SourceNode, import_graph
from graphmem.imports import entities as bulk_entities
from graphmem.imports.mapping import entity_key, map_graph
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

UTC = timezone.utc
T = datetime(2024, 1, 1, tzinfo=UTC)
H = timedelta(hours=1)


def graph() -> SourceGraph:
    """Nodes created at shared and distinct instants (one at the instant of an edge on it), a shared
    summary (one Attribute node), a JSON attribute, several labels; edges: open, ended, expired with and
    without an end, two on one lane, and an edge learned at its endpoint's creation instant."""
    def node(uuid: str, label: str, at: datetime, **kw: Any) -> SourceNode:
        return SourceNode(uuid, f"name {uuid}", "g", ("Entity", label), at, **kw)

    nodes = (node("a", "Person", T, summary="a person", attributes={"role": "engineer", "tags": ["x", "y"]}),
             node("b", "Person", T, summary="a person"), node("c", "Company", T + H),
             node("d", "Company", T + 2 * H, attributes={"role": "vendor"}),
             SourceNode("e", "name e", "g", ("Entity", "Company", "Org"), T + 3 * H))

    def edge(uuid: str, src: str, dst: str, at: datetime, **kw: Any) -> SourceEdge:
        return SourceEdge(uuid, "g", src, dst, "works at", f"{src} works at {dst} ({uuid})", at, **kw)

    edges = (edge("e1", "a", "c", T + 4 * H, valid_at=T - 100 * H, invalid_at=T - 50 * H, expired_at=T + 9 * H),
             edge("e2", "a", "d", T + 9 * H, valid_at=T - 50 * H),
             edge("e3", "b", "c", T + 4 * H, expired_at=T + 8 * H),
             edge("e4", "b", "c", T + 10 * H, valid_at=T + 10 * H),  # the lane of e3 again
             edge("e5", "b", "e", T + 3 * H, valid_at=T - H, invalid_at=T),  # at e's creation instant
             SourceEdge("e6", "g", "c", "a", "employs", "c employs a", T + 4 * H, attributes={"since": 2019}))
    episodes = (SourceEpisode("ep1", "one", "g", "a: hello", "message", "chat", T + H, T + H),)
    return SourceGraph(("g",), nodes, edges, episodes)


def raw(store: Store, query: str, **params: Any) -> list[dict[str, Any]]:
    """Test-only Cypher: reading everything stored, whatever the views say."""
    records, _, _ = store._driver.execute_query(query, params, database_=store.services.settings.neo4j_database)
    return [dict(r) for r in records]


def _plain(value: Any) -> Any:
    return value.iso_format() if hasattr(value, "iso_format") else value


def dump(store: Store, ns: Namespace) -> list[str]:
    """Every Entity, Attribute and ImportMark node and every edge leaving an entity, as sorted JSON lines;
    what differs by nature between two namespaces (ns, random entity ids, when a mark was written) left out,
    and `_lock`, which counts the write transactions that locked an entity (fewer in bulk)."""
    nodes = raw(store, "MATCH (n {ns: $ns}) WHERE n:Entity OR n:Attribute OR n:ImportMark "
                       "RETURN labels(n) AS labels, properties(n) AS props", ns=ns.name)
    edges = raw(store, "MATCH (s:Entity {ns: $ns})-[r]->(t) RETURN type(r) AS type, s.key AS from, s.id AS sid, "
                       "labels(t) AS to_labels, coalesce(t.key, t.name) AS to, t.value AS to_value, "
                       "properties(r) AS props", ns=ns.name)
    out = []
    for n in nodes:
        props = {k: _plain(v) for k, v in n["props"].items() if k not in ("ns", "id", "at", "_lock")}
        out.append(json.dumps({"labels": sorted(n["labels"]), **props}, sort_keys=True, default=str))
    for e in edges:
        props = {k: _plain(v) for k, v in e["props"].items() if k not in ("ns", "eid", "believed_eid")}
        props["eid"] = e["props"].get("eid") == e["sid"] if "eid" in e["props"] else None
        props["believed_eid"] = e["props"].get("believed_eid") == e["sid"] if "believed_eid" in e["props"] else None
        out.append(json.dumps({"type": e["type"], "from": e["from"], "to": [sorted(e["to_labels"]), e["to"],
                                                                           e["to_value"]], **props},
                              sort_keys=True, default=str))
    return sorted(out)


@pytest.fixture
def reference(store: Store) -> Iterator[Namespace]:
    namespace = Namespace(f"test-{uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


def test_bulk_paths_write_the_reference_graph_and_a_stopped_import_completes(
        store: Store, ns: Namespace, reference: Namespace) -> None:
    source = graph()
    for n in (ns, reference):
        declare_attribute(store, n, name="role", many=True)
    slow = import_graph(store, reference, graph=source, bulk=False)
    assert slow.ok, slow.lines()

    # an import stopped after its first entity batch (each batch is one transaction)...
    mapped = map_graph(source, store.services.registry, max_text_chars=store.services.settings.max_text_chars)
    assert bulk_entities.write_batch(store, ns, mapped.entities[:2], {"role"}) == 2
    # ...run again: it writes the rest
    fast = import_graph(store, ns, graph=source)
    assert fast.ok, fast.lines()
    assert {k: (c.written, c.present) for k, c in fast.counts.items()} == {
        "entities": (3, 2), "relations": (6, 0), "turns": (1, 0)}

    expected = dump(store, reference)
    assert sum('"type": "HAS"' in line for line in expected) == 11  # 5 uuids, 2 summaries, 2 roles, tags, labels
    got = dump(store, ns)
    assert (sorted(set(got) - set(expected)), sorted(set(expected) - set(got))) == ([], [])  # readable when red
    assert got == expected

    again = import_graph(store, ns, graph=source)
    assert {k: (c.written, c.present) for k, c in again.counts.items()} == {
        "entities": (0, 5), "relations": (0, 6), "turns": (0, 1)}
    assert dump(store, ns) == expected


def test_a_key_taken_during_the_import_fails_the_batch_whole(store: Store, ns: Namespace) -> None:
    mapped = map_graph(graph(), store.services.registry, max_text_chars=store.services.settings.max_text_chars)
    put_entity(store, ns, key=entity_key("b"), type="Legacy")
    with pytest.raises(Conflict) as err:
        bulk_entities.write_batch(store, ns, mapped.entities[:3], set())
    assert err.value.code == "import_conflict"
    rows = raw(store, "MATCH (e:Entity {ns: $ns}) OPTIONAL MATCH (e)-[v:HAS]->() "
                      "RETURN e.key AS key, e.type AS type, count(v) AS versions", ns=ns.name)
    assert rows == [{"key": entity_key("b"), "type": "Legacy", "versions": 0}]
