"""Turns link the entities they name by whole name (MENTIONS, as keys and identifiers already did), and a
question about the conversation that says "her" or "his" reads the entity the session's window named last
(issue 31). A single first name, or a name two entities share, is never a link."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.store import Store
from graphmem.types import Namespace
from tenancy import cypher

pytestmark = pytest.mark.neo4j


def _setup(client: TestClient, base: str) -> None:
    for key, name, attrs in (("c-1001", "Maria Lopez", {"phone": "+351 912 345 678", "city": "Porto"}),
                             ("c-1002", "Tom Berg", {"phone": "+351 933 111 222", "city": "Lisbon"}),
                             ("c-2001", "Ana Silva", {"city": "Faro"}), ("c-2002", "Ana Silva", {"city": "Braga"})):
        assert client.put(f"{base}/entities/{key}", json={"type": "customer", "name": name,
                                                         "attributes": attrs}).status_code == 201


def _turn(client: TestClient, base: str, tid: str, text: str) -> None:
    assert client.post(f"{base}/sessions/s1/turns", json={"role": "user", "text": text, "id": tid}).status_code == 201


def _ask(client: TestClient, base: str, query: str, **extra: Any) -> dict[str, Any]:
    r = client.post(f"{base}/recall", json={"query": query, **extra})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _mentions(store: Store, ns: Namespace) -> dict[str, list[str]]:
    rows = cypher(store, "MATCH (t:Turn {ns: $ns})-[:MENTIONS]->(e:Entity) RETURN t.id AS t, collect(e.key) AS keys",
                  ns=ns.name)
    return {r["t"]: sorted(r["keys"]) for r in rows}


def test_a_pronoun_reads_the_entity_the_conversation_named_last(client: TestClient, store: Store, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    _setup(client, base)
    _turn(client, base, "t1", "Hi, this is maria lopez, calling about my last order")
    _turn(client, base, "t2", "Thanks Maria, one moment please")
    _turn(client, base, "t3", "Ana Silva from the other branch is on the line too")
    links = _mentions(store, ns)
    assert links.get("t1") == ["c-1001"]  # the whole name, any case
    assert "t2" not in links and "t3" not in links  # a first name alone; a name two customers share

    answer = _ask(client, base, "What is her phone number?", session="s1")
    assert any("'her' read as c-1001 (Maria Lopez)" in s["reason"] for s in answer["route"]), answer["route"]
    assert any(r.get("entity") == "c-1001" and r.get("attribute") == "phone" for r in answer["results"])

    _turn(client, base, "t4", "Tom Berg called earlier about the same parcel")
    moved = _ask(client, base, "Where does he live now?", session="s1")
    assert any("'he' read as c-1002 (Tom Berg)" in s["reason"] for s in moved["route"]), moved["route"]
    assert "Lisbon" in moved["context"] and "Porto" not in moved["context"]

    alone = _ask(client, base, "What is her phone number?")  # no conversation: nobody to refer to
    assert not any("read as" in s["reason"] for s in alone["route"])
    named = _ask(client, base, "What is Tom Berg's city? And her phone?", session="s1")  # a name wins
    assert not any("read as" in s["reason"] for s in named["route"])

    assert client.request("DELETE", f"{base}/entities/c-1002", json={"reason": "request"}).status_code == 200
    erased = _ask(client, base, "Where does he live now?", session="s1")
    assert "c-1002" not in str(erased["results"]) and "Tom Berg" not in erased["context"]



def test_their_and_its_read_the_entity_the_conversation_named_last(client: TestClient, ns: Namespace) -> None:
    """Issue 31 item 4 names "their" and "it" beside "her" and "his": a company is "it", a person may be "they"."""
    base = f"/v1/{ns.name}"
    _setup(client, base)
    assert client.put(f"{base}/entities/org-7", json={"type": "company", "name": "Northwind Traders",
                                                     "attributes": {"city": "Oslo", "tier": "gold"}}).status_code == 201
    _turn(client, base, "t1", "Can you pull up the Northwind Traders account?")
    answer = _ask(client, base, "What tier is it on?", session="s1")
    assert any("'it' read as org-7 (Northwind Traders)" in s["reason"] for s in answer["route"]), answer["route"]
    assert "gold" in answer["context"]
    _turn(client, base, "t2", "Tom Berg says the parcel went to the wrong city")
    theirs = _ask(client, base, "What is their city on file?", session="s1")
    assert any("'their' read as c-1002 (Tom Berg)" in s["reason"] for s in theirs["route"]), theirs["route"]
    assert "Lisbon" in theirs["context"]
    _turn(client, base, "t3", "Maria Lopez and Tom Berg share the account")
    both = _ask(client, base, "Where do they live?", session="s1")  # two named last: no one in particular
    assert not any("read as" in s["reason"] for s in both["route"]), both["route"]
