"""`graphmem import graphiti`: a Graphiti graph built with graphiti-core's own save path in a second Neo4j,
read back through graphiti-core, imported into a namespace, then read as of several times in the
application and audit views. No LLM; embeddings are stand-ins (the import never reads them)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any
from uuid import uuid4

import pytest

from graphmem.channels.conversation.window import read_window
from graphmem.channels.exact import read_entities, read_entity
from graphmem.channels.graph import relations_of, traverse
from graphmem.imports import import_graph
from graphmem.imports.mapping import entity_key, session_id
from graphmem.store import Store
from graphmem.types import Namespace
from graphmem_tools import graphiti_source as gs
from graphmem_tools.graphiti_source import GraphitiServer

pytestmark = pytest.mark.neo4j

UTC = timezone.utc
T0 = datetime(2023, 12, 31, tzinfo=UTC)  # nodes created
T1 = datetime(2024, 1, 1, tzinfo=UTC)  # first edges learned
T2 = datetime(2024, 6, 1, tzinfo=UTC)  # Alice's move learned: the Acme edge expires
T3 = datetime(2024, 9, 1, tzinfo=UTC)  # "Bob likes Acme" expires with no end (retracted whole)
NOW = datetime(2025, 1, 1, tzinfo=UTC)


def d(year: int, month: int = 1, day: int = 1) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


def sec(t: datetime | None) -> datetime | None:
    """Transaction times to the second: two writes on one entity at one Graphiti instant are kept strictly
    increasing by graphmem (the later moves 1 microsecond on)."""
    return None if t is None else t.replace(microsecond=0)


def build(server: GraphitiServer, group: str, other_group: str | None = None) -> dict[str, Any]:
    from graphiti_core.edges import EntityEdge
    from graphiti_core.nodes import EntityNode, EpisodeType, EpisodicNode

    alice = EntityNode(name="Alice", group_id=group, labels=["Person"], created_at=T0, summary="an engineer",
                       attributes={"role": "engineer"})
    bob = EntityNode(name="Bob", group_id=group, labels=["Person"], created_at=T0)
    acme = EntityNode(name="Acme", group_id=group, labels=["Company"], created_at=T0)
    globex = EntityNode(name="Globex", group_id=other_group or group, labels=["Company"], created_at=T0)
    edges = {
        "acme": EntityEdge(group_id=group, source_node_uuid=alice.uuid, target_node_uuid=acme.uuid, name="WORKS_AT",
                           fact="Alice works at Acme", created_at=T1, valid_at=d(2020), invalid_at=d(2023),
                           expired_at=T2),
        "globex": EntityEdge(group_id=group, source_node_uuid=alice.uuid, target_node_uuid=globex.uuid,
                             name="WORKS_AT", fact="Alice works at Globex", created_at=T2, valid_at=d(2023)),
        "knows": EntityEdge(group_id=group, source_node_uuid=bob.uuid, target_node_uuid=alice.uuid, name="knows",
                            fact="Bob knew Alice", created_at=T1, valid_at=d(2021), invalid_at=d(2022)),
        "likes": EntityEdge(group_id=group, source_node_uuid=bob.uuid, target_node_uuid=acme.uuid, name="likes",
                            fact="Bob likes Acme", created_at=T1, expired_at=T3),
    }
    episodes = [  # created out of order: turns follow valid_at
        EpisodicNode(name="move", group_id=group, source=EpisodeType.message, source_description="chat",
                     content="Alice: I moved to Globex", valid_at=T2, created_at=T2),
        EpisodicNode(name="intro", group_id=group, source=EpisodeType.message, source_description="chat",
                     content="Alice: I work at Acme", valid_at=T1, created_at=T2),
    ]
    gs.run(server.uri, server.user, server.password,
           lambda drv: gs.save_graph(drv, nodes=[alice, bob, acme, globex], edges=list(edges.values()),
                                     episodes=episodes))
    return {"alice": alice, "bob": bob, "acme": acme, "globex": globex, "edges": edges}


def read(server: GraphitiServer, *groups: str) -> Any:
    return gs.read(server.uri, server.user, server.password, list(groups))


@pytest.mark.parametrize("bulk", [True, False], ids=["bulk", "relate"])
def test_import_maps_both_time_axes_and_reimport_is_a_noop(graphiti_neo4j: GraphitiServer, store: Store,
                                                          ns: Namespace, bulk: bool) -> None:
    """The bulk path and one relate / unrelate per event leave the same versions."""
    group = f"g-{uuid4().hex[:8]}"
    g = build(graphiti_neo4j, group)
    graph = read(graphiti_neo4j, group)
    assert (len(graph.nodes), len(graph.edges), len(graph.episodes)) == (4, 4, 2)

    report = import_graph(store, ns, graph=graph, bulk=bulk)
    assert report.ok, report.lines()
    assert {k: (c.read, c.written, c.present, c.unmappable) for k, c in report.counts.items()} == {
        "entities": (4, 4, 0, 0), "relations": (4, 4, 0, 0), "turns": (2, 2, 0, 0)}

    alice, bob = entity_key(g["alice"].uuid), entity_key(g["bob"].uuid)
    acme, globex = entity_key(g["acme"].uuid), entity_key(g["globex"].uuid)
    a = read_entity(store, ns, key=alice)
    assert (a.type, a.name, a.created_at) == ("Person", "Alice", T0)
    assert a.attributes["role"] == "engineer" and a.attributes["summary"] == "an engineer"
    assert a.attributes["graphiti_uuid"] == g["alice"].uuid

    def works(valid_at: datetime, known_at: datetime | None, view: Any = "application") -> set[tuple[Any, ...]]:
        rels = relations_of(store, ns, keys=[alice], valid_at=valid_at, known_at=known_at, view=view)
        return {(n.key, n.relation.type, n.relation.valid_to, sec(n.relation.txn_time), sec(n.relation.txn_end),
                 n.relation.properties["fact"]) for n in rels.get(alice, []) if n.relation.type == "WORKS_AT"}

    # believed now: Acme over [2020, 2023) (clipped when Graphiti expired the edge), then Globex
    assert works(d(2022), None) == {(acme, "WORKS_AT", d(2023), T2, None, "Alice works at Acme")}
    assert works(NOW, None) == {(globex, "WORKS_AT", None, T2, None, "Alice works at Globex")}
    # believed before T2: Acme open-ended (the version Graphiti expired), Globex not yet known
    for view in ("application", "audit"):
        assert works(NOW, d(2024, 3), view) == {(acme, "WORKS_AT", None, T1, T2, "Alice works at Acme")}
    assert works(NOW, d(2023, 6)) == set()  # before anything was learned
    # the whole audit trail of the Acme lane: the expired version closed at T2, its clipped successor
    sub = traverse(store, ns, start=alice, depth=1, valid_at=d(2022), known_at=d(2024, 3), view="audit")
    assert [(e.target_key, e.valid_to, sec(e.txn_time), sec(e.txn_end)) for e in sub.edges
            if e.type == "WORKS_AT"] == [(acme, None, T1, T2)]

    # an edge ended in Graphiti but never expired: one version, valid [2021, 2022)
    knows = relations_of(store, ns, keys=[bob], valid_at=d(2021, 6), known_at=None)[bob]
    assert [(n.key, n.relation.type, n.relation.valid_to) for n in knows if n.relation.type == "KNOWS"] == [
        (alice, "KNOWS", d(2022))]
    assert not [n for n in relations_of(store, ns, keys=[bob], valid_at=d(2022, 6)).get(bob, [])
                if n.relation.type == "KNOWS"]
    # expired without invalid_at: believed [T1, T3) from its creation on (valid_at missing: created_at), then retracted
    likes = relations_of(store, ns, keys=[bob], valid_at=d(2024, 8), known_at=d(2024, 8))[bob]
    assert [(n.key, n.relation.valid_from, sec(n.relation.txn_end)) for n in likes if n.relation.type == "LIKES"] == [
        (acme, T1, T3)]
    assert not [n for n in relations_of(store, ns, keys=[bob], valid_at=d(2024, 8)).get(bob, [])
                if n.relation.type == "LIKES"]

    # episodes: turns of the group's session, in order of valid_at
    window = read_window(store, ns, session=session_id(group))
    assert [(t.text, t.at) for t in window.turns] == [("Alice: I work at Acme", T1), ("Alice: I moved to Globex", T2)]

    again = import_graph(store, ns, graph=read(graphiti_neo4j, group), bulk=bulk)
    assert again.ok
    assert {k: (c.written, c.present) for k, c in again.counts.items()} == {
        "entities": (0, 4), "relations": (0, 4), "turns": (0, 2)}
    assert works(NOW, None) == {(globex, "WORKS_AT", None, T2, None, "Alice works at Globex")}
    assert len(read_window(store, ns, session=session_id(group)).turns) == 2


def test_unmappable_pieces_are_reported_and_nothing_is_written(graphiti_neo4j: GraphitiServer, store: Store,
                                                              ns: Namespace) -> None:
    group, other = f"g-{uuid4().hex[:8]}", f"o-{uuid4().hex[:8]}"
    g = build(graphiti_neo4j, group, other_group=other)  # Globex lives in a group not imported
    graph = read(graphiti_neo4j, group)
    report = import_graph(store, ns, graph=graph)
    assert not report.ok
    assert [(u.kind, u.uuid) for u in report.unmappable] == [("relations", g["edges"]["globex"].uuid)]
    assert "not among the imported groups' nodes" in report.unmappable[0].why
    assert {k: c.written for k, c in report.counts.items()} == {"entities": 0, "relations": 0, "turns": 0}
    assert report.counts["relations"].unmappable == 1
    assert any("nothing was written" in line for line in report.lines())
    keys = [entity_key(g[n].uuid) for n in ("alice", "bob", "acme")]
    assert read_entities(store, ns, keys=keys, include_erased=True) == {}
    # with both groups the graph maps
    full = import_graph(store, ns, graph=read(graphiti_neo4j, group, other))
    assert full.ok and full.counts["relations"].written == 4


def test_a_lane_already_written_goes_through_relate(graphiti_neo4j: GraphitiServer, store: Store,
                                                    ns: Namespace) -> None:
    """Alice and Acme exist before the import with an older WORKS_AT: that lane is written by relate /
    unrelate (its stored versions take part in the plan), the others in bulk; both kinds end up right."""
    from graphmem.channels.graph import relate
    from graphmem.channels.temporal import put_entity

    group = f"g-{uuid4().hex[:8]}"
    g = build(graphiti_neo4j, group)
    alice, acme, globex = (entity_key(g[n].uuid) for n in ("alice", "acme", "globex"))
    for key in (alice, acme):
        put_entity(store, ns, key=key, type="Legacy", now=d(2023, 6))
    relate(store, ns, source_key=alice, type="WORKS_AT", target_key=acme, valid_from=d(2010), valid_to=d(2015),
           properties={"fact": "Alice interned at Acme"}, now=d(2023, 7))

    report = import_graph(store, ns, graph=read(graphiti_neo4j, group))
    assert report.ok, report.lines()
    assert {k: (c.written, c.present) for k, c in report.counts.items()} == {
        "entities": (2, 2), "relations": (4, 0), "turns": (2, 0)}

    def at(valid_at: datetime, known_at: datetime | None = None) -> list[tuple[Any, ...]]:
        rels = relations_of(store, ns, keys=[alice], valid_at=valid_at, known_at=known_at).get(alice, [])
        return sorted((n.key, n.relation.valid_to, n.relation.properties["fact"]) for n in rels
                      if n.relation.type == "WORKS_AT")

    assert at(d(2012)) == [(acme, d(2015), "Alice interned at Acme")]
    assert at(d(2022)) == [(acme, d(2023), "Alice works at Acme")]
    assert at(NOW, d(2024, 3)) == [(acme, None, "Alice works at Acme")]
    assert at(NOW) == [(globex, None, "Alice works at Globex")]


def test_cli_imports_and_reports(graphiti_neo4j: GraphitiServer, neo4j_server: dict[str, str], store: Store,
                                 ns: Namespace, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from graphmem_tools.cli import cli

    for name, value in neo4j_server.items():
        monkeypatch.setenv(name, value)
    group, other = f"g-{uuid4().hex[:8]}", f"o-{uuid4().hex[:8]}"
    build(graphiti_neo4j, group, other_group=other)
    args = ["import", "graphiti", "--uri", graphiti_neo4j.uri, "--user", graphiti_neo4j.user, "--password",
            graphiti_neo4j.password, "--group-id", group, "--namespace", ns.name, "--quiet"]
    refused = CliRunner().invoke(cli, args)
    assert refused.exit_code == 1 and "unmappable relations" in refused.output and "nothing was written" in refused.output
    done = CliRunner().invoke(cli, [*args, "--group-id", other])
    assert done.exit_code == 0, done.output
    assert "relations         4        4        0          0" in done.output and "edges/s" in done.output
