"""Erasure and purge over REST, against what is really stored: markers set in one go, the compliance
record, erasing twice, retention, and after purge no erased value left in any property of any node
or relationship of the namespace."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from uuid import uuid4

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from graphmem_tools.cli import cli
from graphmem.privacy import erasure_secret, key_hash
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from tenancy import all_property_text, cypher

pytestmark = pytest.mark.neo4j


@dataclass(frozen=True)
class Seeded:
    key: str
    phone: str
    name: str
    secret_text: str
    shared_city: str
    other_text: str

    @property
    def erased_values(self) -> list[str]:
        return [self.key, self.phone, self.name, self.secret_text]


SEED = """
CREATE (e:Entity {ns: $ns, key: $key, type: 'user', name: $name})
CREATE (o:Entity {ns: $ns, key: 'KEEP-1', type: 'user', name: 'Other Person'})
CREATE (p:Attribute {ns: $ns, name: 'phone', value: $phone})
CREATE (c:Attribute {ns: $ns, name: 'city', value: $city})
CREATE (e)-[:HAS {valid_from: datetime('2026-01-01T00:00:00Z'), txn_time: datetime(), source: 'chat', reason: $name}]->(p)
CREATE (e)-[:HAS {valid_from: datetime('2026-01-01T00:00:00Z'), txn_time: datetime(), source: 'chat'}]->(c)
CREATE (o)-[:HAS {valid_from: datetime('2026-01-01T00:00:00Z'), txn_time: datetime(), source: 'chat'}]->(c)
CREATE (e)-[:KNOWS {ns: $ns, valid_from: datetime('2026-01-01T00:00:00Z'), txn_time: datetime(), note: $name}]->(o)
CREATE (s:Session {ns: $ns, id: 's1'})
CREATE (t1:Turn {ns: $ns, id: 't1', session: 's1', seq: 1, role: 'user', speaker: $name, text: $text,
                 at: datetime('2026-01-02T00:00:00Z'), embedding: [0.1, 0.2, 0.3]})-[:IN]->(s)
CREATE (t2:Turn {ns: $ns, id: 't2', session: 's1', seq: 2, role: 'assistant', text: $other,
                 at: datetime('2026-01-02T00:01:00Z'), embedding: [0.3, 0.2, 0.1]})-[:IN]->(s)
CREATE (t1)-[:NEXT]->(t2)
CREATE (t1)-[:MENTIONS]->(e)
CREATE (t2)-[:MENTIONS]->(o)
CREATE (m:Summary {ns: $ns, id: 'm1', text: 'summary: ' + $text, embedding: [0.1, 0.1, 0.1], from_seq: 1, to_seq: 2,
                   entities: [$key, 'KEEP-1'], topics: [$name]})-[:SUMMARIZES]->(s)
CREATE (m)-[:MENTIONS]->(e)
CREATE (m)-[:MENTIONS]->(o)
"""


@pytest.fixture
def seeded(store: Store, ns: Namespace) -> Seeded:
    u = uuid4().hex[:8]
    s = Seeded(key=f"U-{u.upper()}", phone=f"1380000{int(u, 16) % 10000:04d}", name=f"Alice Erasable{u}",
               secret_text=f"my secret diagnosis is zq{u}", shared_city="Shanghai", other_text=f"noted, thanks {u}")
    cypher(store, SEED, ns=ns.name, key=s.key, name=s.name, phone=s.phone, city=s.shared_city,
           text=s.secret_text, other=s.other_text)
    return s


def erase(client: TestClient, ns: Namespace, key: str, reason: str = "data subject request") -> dict[str, object]:
    r = client.request("DELETE", f"/v1/{ns.name}/entities/{key}", json={"reason": reason})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_erasure_marks_entity_and_everything_that_mentions_it(client: TestClient, store: Store, ns: Namespace,
                                                             seeded: Seeded, settings: Settings) -> None:
    record = erase(client, ns, seeded.key)
    assert record["key"] == seeded.key and record["status"] == "erased" and record["erased_by"] == "open"
    assert record["key_hash"] == key_hash(ns, seeded.key, erasure_secret(settings))
    assert (record["turns"], record["summaries"]) == (1, 1)
    rows = cypher(store, """MATCH (n {ns: $ns}) WHERE n:Entity OR n:Turn OR n:Summary
                            RETURN coalesce(n.key, n.id) AS id, n.erased_at IS NOT NULL AS erased,
                                   n.erased_by AS by, n.erasure_reason AS reason ORDER BY id""", ns=ns.name)
    assert rows == [
        {"id": "KEEP-1", "erased": False, "by": None, "reason": None},
        {"id": seeded.key, "erased": True, "by": "open", "reason": "data subject request"},
        {"id": "m1", "erased": True, "by": None, "reason": None},
        {"id": "t1", "erased": True, "by": None, "reason": None},
        {"id": "t2", "erased": False, "by": None, "reason": None},
    ]
    stamps = cypher(store, """MATCH (n {ns: $ns}) WHERE n.erased_at IS NOT NULL RETURN DISTINCT n.erased_at AS at
                              UNION MATCH (x:Erasure {ns: $ns}) RETURN x.at AS at""", ns=ns.name)
    assert len(stamps) == 1  # one transaction, one instant
    assert seeded.secret_text in all_property_text(store, ns.name)  # logical: nothing is deleted yet


def test_erasing_again_returns_the_first_record(client: TestClient, ns: Namespace, seeded: Seeded) -> None:
    first = erase(client, ns, seeded.key, "first reason")
    again = client.request("DELETE", f"/v1/{ns.name}/entities/{seeded.key}", params={"reason": "second reason"})
    assert again.status_code == 200 and again.json() == first
    assert client.request("DELETE", f"/v1/{ns.name}/entities/NOBODY-1", params={"reason": "x"}).status_code == 404


def test_concurrent_erasures_leave_one_record(client: TestClient, store: Store, ns: Namespace, seeded: Seeded) -> None:
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda i: client.request("DELETE", f"/v1/{ns.name}/entities/{seeded.key}",
                                                         params={"reason": f"reason {i}"}), range(4)))
    assert {a.status_code for a in answers} == {200}
    assert len({a.text for a in answers}) == 1
    assert cypher(store, "MATCH (x:Erasure {ns: $ns}) RETURN count(x) AS n", ns=ns.name)[0]["n"] == 1


def test_reason_in_the_query_and_none_at_all(client: TestClient, store: Store, ns: Namespace, seeded: Seeded) -> None:
    r = client.request("DELETE", f"/v1/{ns.name}/entities/{seeded.key}", json={})
    assert r.status_code == 422 and r.json()["error"]["details"]["fields"][0]["field"] == "reason"
    r = client.request("DELETE", f"/v1/{ns.name}/entities/{seeded.key}", json={"reason": "x" * 1001})
    assert r.status_code == 422
    assert cypher(store, "MATCH (n {ns: $ns}) WHERE n.erased_at IS NOT NULL RETURN count(n) AS n", ns=ns.name)[0]["n"] == 0
    r = client.request("DELETE", f"/v1/{ns.name}/entities/{seeded.key}", params={"reason": "by query"})
    assert r.status_code == 200 and r.json()["reason"] == "by query"


def test_compliance_view_lists_erasures_then_tombstones_and_purges(client: TestClient, ns: Namespace,
                                                                  seeded: Seeded) -> None:
    record = erase(client, ns, seeded.key)
    view = client.get(f"/v1/{ns.name}/erasures").json()
    assert view == {"erasures": [record], "purges": []}
    purge = client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0}).json()
    view = client.get(f"/v1/{ns.name}/erasures").json()
    [tomb] = view["erasures"]
    assert tomb["key"] is None and tomb["status"] == "purged" and tomb["key_hash"] == record["key_hash"]
    assert (tomb["erased_at"], tomb["erased_by"], tomb["reason"]) == (record["erased_at"], "open", record["reason"])
    assert tomb["purge_id"] == purge["id"]
    assert [p["id"] for p in view["purges"]] == [purge["id"]]
    again = client.request("DELETE", f"/v1/{ns.name}/entities/{seeded.key}", params={"reason": "again"})
    assert again.status_code == 200 and again.json() == tomb


def test_purge_waits_for_the_retention_period(client: TestClient, store: Store, ns: Namespace, seeded: Seeded) -> None:
    erase(client, ns, seeded.key)
    r = client.post(f"/v1/{ns.name}/purge", json={})
    assert r.status_code == 200 and r.json()["older_than_days"] == 30 and r.json()["entities"] == 0
    r = client.post(f"/v1/{ns.name}/purge")  # no body at all is the same
    assert r.status_code == 200 and r.json()["entities"] == 0
    assert seeded.secret_text in all_property_text(store, ns.name)
    cypher(store, "MATCH (x:Erasure {ns: $ns}) SET x.at = x.at - duration('P31D')", ns=ns.name)
    r = client.post(f"/v1/{ns.name}/purge", json={})
    assert r.status_code == 200 and r.json()["entities"] == 1


def test_after_purge_no_erased_value_is_stored_anywhere(client: TestClient, store: Store, ns: Namespace,
                                                       seeded: Seeded, settings: Settings) -> None:
    erase(client, ns, seeded.key)
    result = client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0}).json()
    assert {k: result[k] for k in ("entities", "turns", "summaries", "attributes")} == {
        "entities": 1, "turns": 1, "summaries": 1, "attributes": 1}  # the shared city stays
    stored = all_property_text(store, ns.name)
    for value in seeded.erased_values:
        assert value not in stored, value
    assert seeded.other_text in stored and "KEEP-1" in stored and seeded.shared_city in stored
    # the erased turn keeps its place in the session, without text, speaker, embedding or reach text
    [turn] = cypher(store, "MATCH (t:Turn {ns: $ns, id: 't1'}) RETURN properties(t) AS p", ns=ns.name)
    assert set(turn["p"]) == {"ns", "id", "session", "seq", "role", "at", "erased_at", "purged_at", "reach_text"}
    assert turn["p"]["reach_text"] == ""  # erasure's index copy stripped too (graphmem/identifiers/reach.py)
    assert cypher(store, "MATCH (:Turn {ns: $ns, id: 't1'})-[:NEXT]->(t) RETURN t.id AS id", ns=ns.name) == [{"id": "t2"}]
    [tomb] = cypher(store, "MATCH (t:Tombstone {ns: $ns}) RETURN properties(t) AS p", ns=ns.name)
    assert tomb["p"]["key_hash"] == key_hash(ns, seeded.key, erasure_secret(settings)) and tomb["p"]["by"] == "open"
    assert {"erased_at", "purged_at", "reason", "purged_by"} <= set(tomb["p"])
    [rec] = cypher(store, "MATCH (p:PurgeRecord {ns: $ns}) RETURN p.entities AS n, p.by AS by", ns=ns.name)
    assert rec == {"n": 1, "by": "open"}
    again = client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0}).json()
    assert again["entities"] == 0


def test_purge_drops_cached_responses_that_hold_erased_values(client: TestClient, store: Store, ns: Namespace,
                                                             seeded: Seeded) -> None:
    cypher(store, """CREATE (:IdempotencyKey {ns: $ns, key_id: 'k', route: 'POST /v1/x/facts', idem_key: 'i',
                      request_hash: 'h', state: 'done', status: 201, response: $resp, expires_at: datetime() + duration('P1D')})""",
           ns=ns.name, resp=f'{{"entity": "{seeded.key}", "value": "{seeded.phone}"}}')
    erase(client, ns, seeded.key)
    assert cypher(store, "MATCH (r:IdempotencyKey {ns: $ns}) RETURN count(r) AS n", ns=ns.name)[0]["n"] == 0


def test_purge_command_line(settings: Settings, client: TestClient, store: Store, ns: Namespace,
                            seeded: Seeded) -> None:
    erase(client, ns, seeded.key)
    env = {"NEO4J_URI": settings.neo4j_uri or "", "NEO4J_USER": settings.neo4j_user,
           "NEO4J_PASSWORD": settings.neo4j_password.get_secret_value() if settings.neo4j_password else "",
           "GRAPHMEM_RETENTION_DAYS": "30", "GRAPHMEM_CONFIG": ""}
    runner = CliRunner()
    kept = runner.invoke(cli, ["purge", "--ns", ns.name], env={**os.environ, **env})
    assert kept.exit_code == 0, kept.output
    assert "0 entities" in kept.output
    done = runner.invoke(cli, ["purge", "--ns", ns.name, "--older-than-days", "0"], env={**os.environ, **env})
    assert done.exit_code == 0, done.output
    assert "1 entities, 1 turns, 1 summaries" in done.output
    assert seeded.secret_text not in all_property_text(store, ns.name)
    [rec] = cypher(store, "MATCH (p:PurgeRecord {ns: $ns, entities: 1}) RETURN p.by AS by", ns=ns.name)
    assert rec["by"] == "cli"
    bad = runner.invoke(cli, ["purge", "--ns", "Bad NS"], env={**os.environ, **env})
    assert bad.exit_code != 0
