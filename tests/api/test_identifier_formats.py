"""One phone number, however it is written, is one identifier: on write (stored once), on lookup, in the
turns that mention it and in recall questions (issue 17). Through REST, against the real Neo4j; the
graph is read back with Cypher only to check what was stored and linked."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.store import Store
from graphmem.types import Namespace
from tests.api.tenancy import cypher

pytestmark = pytest.mark.neo4j

KEY, STORED = "cust-1042", "14155550142"  # E.164 without "+"
#: with and without the country code; spaces, dashes, brackets, dots, none
FORMATS = ["+1 (415) 555-0142", "+1 415-555-0142", "415-555-0142", "(415) 555-0142", "415.555.0142",
           "4155550142", "+14155550142"]
SINCE = "2025-01-01T00:00:00Z"


def put_customer(client: Any, ns: Namespace, phone: str) -> dict[str, Any]:
    r = client.put(f"/v1/{ns.name}/entities/{KEY}", json={
        "type": "customer", "name": "Dana Reyes", "valid_from": SINCE,
        "attributes": {"phone": phone, "email": "Dana.Reyes@Example.com", "plan": "basic"}})
    assert r.status_code in (200, 201), r.text
    body: dict[str, Any] = r.json()
    return body


def put_other(client: Any, ns: Namespace) -> None:
    """A near miss: one digit away. Never found for the customer's number."""
    r = client.put(f"/v1/{ns.name}/entities/cust-2001", json={
        "type": "customer", "name": "Other Person", "valid_from": SINCE, "attributes": {"phone": "+1 415-555-0143"}})
    assert r.status_code == 201, r.text


def test_every_format_is_stored_once(client: Any, store: Store, ns: Namespace) -> None:
    for phone in FORMATS:
        put_customer(client, ns, phone)
    entity = client.get(f"/v1/{ns.name}/entities/{KEY}").json()
    assert {f["attribute"]: f["value"] for f in entity["facts"]}["phone"] == STORED
    history = client.get(f"/v1/{ns.name}/entities/{KEY}/history", params={"attribute": "phone"}).json()
    assert {v["value"] for v in history["versions"]} == {STORED}
    stored = cypher(store, "MATCH (a:Attribute {ns: $ns, name: 'phone'}) RETURN a.value AS value", ns=ns.name)
    assert [r["value"] for r in stored] == [STORED]  # one value node, whatever the spelling
    assert {f["attribute"]: f["value"] for f in entity["facts"]}["email"] == "dana.reyes@example.com"


@pytest.mark.parametrize("written", [FORMATS[0], FORMATS[2]])
def test_lookup_finds_the_entity_with_every_format(client: Any, ns: Namespace, written: str) -> None:
    put_customer(client, ns, written)
    put_other(client, ns)
    for phone in FORMATS:
        r = client.get(f"/v1/{ns.name}/lookup", params={"attribute": "phone", "value": phone})
        assert r.status_code == 200, r.text
        assert [e["key"] for e in r.json()["entities"]] == [KEY], phone
        assert r.json()["value"] == STORED
    r = client.get(f"/v1/{ns.name}/lookup", params={"attribute": "email", "value": "DANA.REYES@example.COM"})
    assert [e["key"] for e in r.json()["entities"]] == [KEY]


def test_a_turn_with_any_format_mentions_the_entity(client: Any, store: Store, ns: Namespace) -> None:
    put_customer(client, ns, "+1 (415) 555-0142")
    put_other(client, ns)
    turns = [{"role": "user", "text": f"hi, it's me again, call me on {phone} please", "id": f"t{i}"}
             for i, phone in enumerate(FORMATS)]
    turns.append({"role": "user", "text": "我的电话是+1 415 555 0142，订单 ORD-2026-0042", "id": "t-zh"})
    turns.append({"role": "user", "text": "on 2026-03-01 I paid $415.55 for ORD-2026-0042", "id": "t-none"})
    r = client.post(f"/v1/{ns.name}/sessions/s-1/turns/batch", json={"turns": turns})
    assert r.status_code == 201, r.text
    rows = cypher(store, "MATCH (t:Turn {ns: $ns})-[:MENTIONS]->(e:Entity {ns: $ns}) RETURN t.id AS turn, e.key AS key",
                  ns=ns.name)
    linked = {(row["turn"], row["key"]) for row in rows}
    assert linked == {(t["id"], KEY) for t in turns if t["id"] != "t-none"}


@pytest.mark.parametrize("phone", FORMATS)
def test_recall_answers_the_customer_for_every_format(client: Any, ns: Namespace, phone: str) -> None:
    put_customer(client, ns, "415-555-0142")
    put_other(client, ns)
    r = client.post(f"/v1/{ns.name}/recall", json={"query": f"who is {phone}?"})
    assert r.status_code == 200, r.text
    resp = r.json()
    first = resp["route"][0]
    assert first["channel"] == "exact" and phone in first["reason"] and KEY in first["reason"], resp["route"]
    assert any(h["channel"] == "exact" and h.get("entity") == KEY for h in resp["results"]), resp["results"]
    assert "cust-2001" not in str(resp)
    assert "basic" in resp["context"]
