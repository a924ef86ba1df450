"""The Graphiti -> graphmem mapping (graphmem/imports/mapping.py), pure: what becomes what, and what is
refused with which reason, before anything is written."""

from __future__ import annotations

from datetime import datetime, timezone

from graphmem.identifiers import registry_for
from graphmem.imports import SourceEdge, SourceEpisode, SourceGraph, SourceNode
from graphmem.imports.mapping import entity_key, map_graph, relation_type

UTC = timezone.utc
T = datetime(2024, 1, 1, tzinfo=UTC)


def node(uuid: str, *labels: str) -> SourceNode:
    return SourceNode(uuid, f"name {uuid}", "g", ("Entity", *labels), T)


def edge(uuid: str, **kw: object) -> SourceEdge:
    fields: dict[str, object] = dict(group_id="g", source_uuid="a", target_uuid="b", name="works at",
                                     fact="a works at b", created_at=T)
    fields.update(kw)
    return SourceEdge(uuid, **fields)  # type: ignore[arg-type]


def mapped(*edges: SourceEdge, episodes: tuple[SourceEpisode, ...] = ()) -> object:
    graph = SourceGraph(("g",), (node("a", "Person"), node("b", "Company", "Org")), edges, episodes)
    return map_graph(graph, registry_for(None, None), max_text_chars=100)


def test_relation_types() -> None:
    assert relation_type("works at") == relation_type("worksAt") == relation_type("WORKS_AT") == "WORKS_AT"
    assert relation_type("2nd cousin of") == "R_2ND_COUSIN_OF"


def test_nodes_edges_and_expiry() -> None:
    m = mapped(edge("e1", valid_at=datetime(2020, 1, 1, tzinfo=UTC), invalid_at=datetime(2021, 1, 1, tzinfo=UTC),
                    expired_at=datetime(2024, 6, 1, tzinfo=UTC)), edge("e2", name="likes", target_uuid="a"))
    assert not m.unmappable  # type: ignore[attr-defined]
    a, b = m.entities  # type: ignore[attr-defined]
    assert (a.spec.key, a.spec.type, b.spec.type) == (entity_key("a"), "Person", "Company")
    assert b.spec.attributes["graphiti_labels"] == "Company,Org"
    first, second = m.relations["e1"]  # type: ignore[attr-defined]
    assert (first.retract, first.at, first.valid_to) == (False, T, None)  # recorded open-ended at created_at
    assert (second.retract, second.at, second.valid_from) == (True, datetime(2024, 6, 1, tzinfo=UTC),
                                                              datetime(2021, 1, 1, tzinfo=UTC))
    assert first.properties["fact"] == "a works at b" and first.type == "WORKS_AT"
    (only,) = m.relations["e2"]  # type: ignore[attr-defined]
    assert (only.type, only.valid_from, only.valid_to) == ("LIKES", T, None)  # no valid_at: from created_at


def test_unmappable_records_say_why() -> None:
    m = mapped(edge("missing", target_uuid="zz"), edge("backwards", valid_at=T, invalid_at=T),
               edge("internal", name="MENTIONS"), edge("nameless", name="--"),
               episodes=(SourceEpisode("ep", "n", "g", "", "message", "d", T, T),
                         SourceEpisode("long", "n", "g", "x" * 101, "message", "d", T, T)))
    why = {u.uuid: (u.kind, u.why) for u in m.unmappable}  # type: ignore[attr-defined]
    assert set(why) == {"missing", "backwards", "internal", "nameless", "ep", "long"}
    assert "not among the imported groups' nodes" in why["missing"][1]
    assert why["backwards"][1].startswith("invalid_at")
    assert why["ep"][0] == "turns" and "text" in why["ep"][1]
