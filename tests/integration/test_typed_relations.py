"""Relations are relationships of their own type (`WORKS_AT`), and `graphmem schema migrate` rewrites the ones
stored the old way (`RELATES {type}`) without losing a property or a time, idempotently."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from typing import Any

import pytest
from click.testing import CliRunner

from graphmem.channels.graph import relate, traverse, unrelate
from graphmem.store import migrate
from graphmem.channels.temporal import put_entity
from graphmem.errors import InvalidInput
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from graphmem_tools.bench.relations import legacy_store
from graphmem_tools.cli import cli

pytestmark = pytest.mark.neo4j
UTC = timezone.utc


def D(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def raw(store: Store, query: str, **params: Any) -> list[dict[str, Any]]:
    """Test-only Cypher: seeding the old shape no code writes any more, and reading what is stored."""
    records, _, _ = store._driver.execute_query(query, params, database_=store.services.settings.neo4j_database)
    return [dict(r) for r in records]


#: the shape graphmem wrote before typed relations; `ns` was missing on some hand-made edges
OLD_RELATES = """
UNWIND $rows AS x
MATCH (s:Entity {ns: $ns, key: x.from}), (t:Entity {ns: $ns, key: x.to})
CREATE (s)-[r:RELATES]->(t)
SET r = x.props, r.valid_from = datetime(x.valid_from), r.valid_to = datetime(x.valid_to),
    r.txn_time = datetime(x.txn_time), r.txn_end = datetime(x.txn_end)
"""


def old(frm: str, type: str, to: str, vf: str, vt: str | None, tt: str, te: str | None, ns: str | None,
        **props: Any) -> dict[str, Any]:
    extra = {"ns": ns} if ns else {}
    return {"from": frm, "to": to, "valid_from": vf, "valid_to": vt, "txn_time": tt, "txn_end": te,
            "props": {"type": type, "source": "chat", **extra, **props}}


def edges(g: Any) -> list[tuple[str, str, str]]:
    return sorted((e.source_key, e.type, e.target_key) for e in g.edges)


def test_a_relation_is_stored_as_its_own_type(store: Store, ns: Namespace) -> None:
    for key in "AB":
        put_entity(store, ns, key=key, type="person", now=D("2026-01-01"))
    relate(store, ns, source_key="A", type="WORKS_AT", target_key="B", valid_from=D("2026-01-01"),
           properties={"role": "lead"}, source="chat", now=D("2026-01-02"))
    [row] = raw(store, "MATCH (:Entity {ns: $ns})-[r]->(:Entity {ns: $ns}) RETURN type(r) AS t, properties(r) AS p",
                ns=ns.name)
    assert row["t"] == "WORKS_AT"
    assert {"ns", "valid_from", "txn_time", "source", "role"} <= set(row["p"])  # valid_to null: not stored
    assert "type" not in row["p"] and row["p"]["role"] == "lead"
    for internal in ("HAS", "RELATES", "MENTIONS"):
        with pytest.raises(InvalidInput):
            relate(store, ns, source_key="A", type=internal, target_key="B")


def test_new_attribute_values_carry_a_caption(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user", attributes={"city": "Paris", "age": 41})
    rows = raw(store, "MATCH (a:Attribute {ns: $ns}) RETURN a.name AS n, a.caption AS c ORDER BY n", ns=ns.name)
    assert [(r["n"], r["c"]) for r in rows] == [("age", "41"), ("city", "Paris")]


def test_migration_keeps_every_time_and_property_and_runs_once(store: Store, ns: Namespace,
                                                               settings: Settings) -> None:
    for key in "ABCDE":
        put_entity(store, ns, key=key, type="person", attributes={"city": f"city-{key}"}, now=D("2026-01-01"))
    raw(store, OLD_RELATES, ns=ns.name, rows=[
        old("A", "KNOWS", "B", "2026-01-01T00:00:00Z", None, "2026-01-02T00:00:00Z", None, ns.name,
            note="met at work", since=2019),
        old("A", "WORKS_AT", "C", "2026-01-01T00:00:00Z", "2026-03-01T00:00:00Z", "2026-01-02T00:00:00Z", None,
            ns.name),
        old("A", "WORKS_AT", "D", "2026-03-01T00:00:00Z", None, "2026-02-15T00:00:00Z", None, ns.name),
        old("B", "KNOWS", "C", "2026-01-01T00:00:00Z", None, "2026-01-02T00:00:00Z", "2026-02-01T00:00:00Z", None,
            end_reason="mistake"),
        old("A", "MENTIONS", "E", "2026-01-01T00:00:00Z", None, "2026-01-02T00:00:00Z", None, ns.name),
    ])
    raw(store, "MATCH (a:Attribute {ns: $ns, name: 'city', value: 'city-E'}) REMOVE a.caption", ns=ns.name)
    assert edges(traverse(store, ns, start="A", depth=2, valid_at=D("2026-02-01"))) == []  # old shape: unread
    asked = [dict(valid_at=D("2026-02-01")), dict(valid_at=D("2026-04-01")),
             dict(valid_at=D("2026-01-15"), known_at=D("2026-01-20"))]
    with legacy_store(settings) as old_code:  # the traversal as graphmem ran it before typed relations
        before = [[e for e in edges(traverse(old_code, ns, start="A", depth=2, **at)) if e[1] != "MENTIONS"]
                  for at in asked]

    runner = CliRunner()
    env = {"NEO4J_URI": settings.neo4j_uri or "", "NEO4J_USER": settings.neo4j_user, "GRAPHMEM_CONFIG": "",
           "NEO4J_PASSWORD": settings.neo4j_password.get_secret_value() if settings.neo4j_password else ""}
    first = runner.invoke(cli, ["schema", "migrate", "--ns", ns.name], env={**os.environ, **env})
    assert first.exit_code == 0, first.output
    assert "relations retyped: 4; attribute values captioned: 1" in first.output
    assert "left as RELATES (type 'MENTIONS' is not accepted): 1" in first.output
    assert [edges(traverse(store, ns, start="A", depth=2, **at)) for at in asked] == before  # same answers

    assert edges(traverse(store, ns, start="A", depth=2, valid_at=D("2026-02-01"))) == [
        ("A", "KNOWS", "B"), ("A", "WORKS_AT", "C")]
    assert edges(traverse(store, ns, start="A", depth=2, valid_at=D("2026-04-01"))) == [
        ("A", "KNOWS", "B"), ("A", "WORKS_AT", "D")]
    then = traverse(store, ns, start="A", depth=2, valid_at=D("2026-01-15"), known_at=D("2026-01-20"))
    assert edges(then) == [("A", "KNOWS", "B"), ("A", "WORKS_AT", "C"), ("B", "KNOWS", "C")]
    knows = next(e for e in then.edges if e.target_key == "B")
    assert (knows.source, knows.properties) == ("chat", {"note": "met at work", "since": 2019})
    [bc] = raw(store, "MATCH (:Entity {ns: $ns, key: 'B'})-[r:KNOWS]->() RETURN properties(r) AS p", ns=ns.name)
    assert bc["p"]["ns"] == ns.name and bc["p"]["end_reason"] == "mistake" and "type" not in bc["p"]
    assert str(bc["p"]["txn_end"].to_native()) == "2026-02-01 00:00:00+00:00"
    captions = raw(store, "MATCH (a:Attribute {ns: $ns}) RETURN collect(a.caption) AS c", ns=ns.name)[0]["c"]
    assert sorted(captions) == [f"city-{k}" for k in "ABCDE"]

    again = migrate(store, ns)
    assert (again.migrated, again.captioned, again.left) == (0, 0, {"MENTIONS": 1})
    assert edges(traverse(store, ns, start="A", depth=2, valid_at=D("2026-04-01"))) == [
        ("A", "KNOWS", "B"), ("A", "WORKS_AT", "D")]
    # a migrated relation is one later writes find and clip: it stops being true from May
    unrelate(store, ns, source_key="A", type="WORKS_AT", target_key="D", valid_from=D("2026-05-01"))
    assert edges(traverse(store, ns, start="A", depth=1, valid_at=D("2026-06-01"))) == [("A", "KNOWS", "B")]
    assert edges(traverse(store, ns, start="A", depth=1, valid_at=D("2026-04-01"))) == [
        ("A", "KNOWS", "B"), ("A", "WORKS_AT", "D")]
