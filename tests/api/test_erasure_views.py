"""Erasure end to end over REST, through every read the app serves: after DELETE the erased values
appear in no application-view response (entity reads, history, lookup, graph, window, summary,
search, recall), the audit view shows the markers, the compliance view lists the erasure, and after
purge the values are gone from the database itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from tenancy import Keys, all_property_text, cypher, keyed_client, v1_endpoints

pytestmark = pytest.mark.neo4j


@dataclass(frozen=True)
class Person:
    key: str
    name: str
    phone: str
    email: str
    secret: str
    keep: str

    @property
    def values(self) -> list[str]:
        return [self.key, self.name, self.phone, self.email, self.secret]


@pytest.fixture
def keyed(settings: Settings, store: Store, ns: Namespace) -> Iterator[tuple[TestClient, Keys]]:
    with keyed_client(settings, store, {"agent": ("agent", [ns.name]), "auditor": ("auditor", [ns.name]),
                                        "dpo": ("compliance", [ns.name])}, window_size=2) as pair:
        yield pair


def paths(client: TestClient) -> set[str]:
    return {str(ep) for ep in v1_endpoints(client.app)}  # type: ignore[arg-type]


def ok(r: Any, *codes: int) -> Any:
    assert r.status_code in (codes or (200, 201)), r.text
    return r.json()


def seed(client: TestClient, keys: Keys, store: Store, ns: Namespace) -> Person:
    u = uuid4().hex[:6]
    p = Person(key=f"U-{u.upper()}", name=f"Zelda Quorn{u}", phone=f"139{int(u, 16) % 10**8:08d}",
               email=f"zelda.{u}@example.org", secret=f"xylophone{u} allergy", keep=f"K-{u.upper()}")
    agent, base = keys.auth("agent"), f"/v1/{ns.name}"
    ok(client.put(f"{base}/entities/{p.key}", headers=agent, json={
        "type": "user", "name": p.name, "attributes": {"phone": p.phone, "email": p.email, "city": "Shanghai"}}))
    ok(client.put(f"{base}/entities/{p.keep}", headers=agent, json={
        "type": "user", "name": "Bob Keeper", "attributes": {"city": "Shanghai"}}))
    ok(client.post(f"{base}/relations", headers=agent, json={"from": p.key, "type": "KNOWS", "to": p.keep}))
    ok(client.post(f"{base}/facts", headers=agent, json={"entity": p.key, "attribute": "note", "value": p.secret}))
    turns = [f"Hi, I am {p.key}, my phone is {p.phone} and I have a {p.secret}",
             "Thanks, noted the weather is nice today",
             f"{p.key} also asked about {p.keep}",
             "Bob Keeper says the weather is nice today too",
             f"my number again: {p.phone}"]  # names an identifier value only, not the key
    for i, text in enumerate(turns):  # the window holds 2: the first turns are folded into the summary
        ok(client.post(f"{base}/sessions/s1/turns", headers=agent, json={"role": "user", "text": text, "id": f"t{i}"}))
    return p


def application_reads(client: TestClient, keys: Keys, ns: Namespace, p: Person) -> list[tuple[str, Any]]:
    """Every application-view read that exists, as (label, response). Erased entity reads come first."""
    agent, base, have = keys.auth("agent"), f"/v1/{ns.name}", paths(client)
    out: list[tuple[str, Any]] = [
        ("entity", client.get(f"{base}/entities/{p.key}", headers=agent)),
        ("history", client.get(f"{base}/entities/{p.key}/history", headers=agent)),
        ("graph from erased", client.get(f"{base}/graph", params={"start": p.key}, headers=agent)),
        ("erased turn t0", client.get(f"{base}/turns/t0", headers=agent)),
        ("erased turn t2", client.get(f"{base}/turns/t2", headers=agent)),
        ("erased turn t4", client.get(f"{base}/turns/t4", headers=agent)),
        ("other entity", client.get(f"{base}/entities/{p.keep}", headers=agent)),
        ("lookup phone", client.get(f"{base}/lookup", params={"attribute": "phone", "value": p.phone}, headers=agent)),
        ("lookup email", client.get(f"{base}/lookup", params={"attribute": "email", "value": p.email}, headers=agent)),
        ("lookup city", client.get(f"{base}/lookup", params={"attribute": "city", "value": "Shanghai"}, headers=agent)),
        ("graph", client.get(f"{base}/graph", params={"start": p.keep, "depth": 3}, headers=agent)),
        ("graphml", client.get(f"{base}/graph", params={"start": p.keep, "format": "graphml"}, headers=agent)),
    ]
    out.append(("window", client.get(f"{base}/sessions/s1/window", headers=agent)))
    out.append(("summary", client.get(f"{base}/sessions/s1/summary", headers=agent)))
    for turn in ("t1", "t3"):
        out.append((f"turn {turn}", client.get(f"{base}/turns/{turn}", headers=agent)))
    for q in (p.secret, p.phone, f"phone of {p.name}"):
        out.append((f"search {q}", client.post(f"{base}/search", json={"query": q, "k": 20}, headers=agent)))
    if "POST /v1/{ns}/recall" in have:
        for body in ({"query": f"what is the phone of {p.key}?"}, {"query": f"who has phone {p.phone}"},
                     {"query": f"who has email {p.email}"}, {"query": f"who has the {p.secret}"},
                     {"query": "what did the user say", "session": "s1"}, {"query": "profile", "entity": p.key}):
            out.append((f"recall {body}", client.post(f"{base}/recall", json=body, headers=agent)))
    return out


ECHOES = {"attribute", "value", "query", "terms", "start", "session"}  # the caller's own input, echoed back


def visible_text(label: str, r: Any) -> str:
    """What a response reveals from memory; echoes of the request (lookup's value, recall's route
    explaining the query) are not memory."""
    if not r.headers.get("content-type", "").startswith("application/json"):
        return str(r.text)
    body = r.json()
    if label.startswith("recall") and isinstance(body, dict) and "results" in body:
        return json.dumps([body["results"], body["context"]])
    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if k not in ECHOES}
    return json.dumps(body)


def test_erased_values_vanish_from_every_application_read(keyed: tuple[TestClient, Keys], store: Store,
                                                          ns: Namespace) -> None:
    client, keys = keyed
    p = seed(client, keys, store, ns)
    before = {label: visible_text(label, r) for label, r in application_reads(client, keys, ns, p)}
    assert p.phone in before["entity"] and p.secret in before["entity"]
    assert p.key in before["lookup phone"] and p.key in before["graph"]
    assert p.secret in before["summary"] and p.key in before["window"]
    assert any(p.secret in v for k, v in before.items() if k.startswith("search")), "search never saw it"
    assert any(p.phone in v for k, v in before.items() if k.startswith("recall")), "recall never saw it"

    record = ok(client.request("DELETE", f"/v1/{ns.name}/entities/{p.key}", json={"reason": "GDPR art. 17"},
                               headers=keys.auth("dpo")))
    assert record["turns"] == 3  # t0 and t2 name the key, t4 only the phone

    after = application_reads(client, keys, ns, p)
    statuses = {label: r.status_code for label, r in after}
    erased_reads = ("entity", "history", "graph from erased", "erased turn t0", "erased turn t2", "erased turn t4")
    assert {label: statuses[label] for label in erased_reads} == {label: 404 for label in erased_reads}
    for label, r in after[len(erased_reads):]:
        assert r.status_code == 200 or (label == "summary" and r.status_code == 404), (label, r.text)
        text = visible_text(label, r)
        for value in p.values:
            assert value not in text, f"{value!r} still visible in {label}: {text[:500]}"
    assert p.keep in visible_text("graph", dict(after)["graph"])
    assert "Bob Keeper" in visible_text("lookup city", dict(after)["lookup city"])


def test_audit_view_shows_markers_and_compliance_view_lists_the_erasure(keyed: tuple[TestClient, Keys],
                                                                       store: Store, ns: Namespace) -> None:
    client, keys = keyed
    p = seed(client, keys, store, ns)
    ok(client.request("DELETE", f"/v1/{ns.name}/entities/{p.key}", params={"reason": "GDPR art. 17"},
                      headers=keys.auth("dpo")))
    audit = ok(client.get(f"/v1/{ns.name}/entities/{p.key}", params={"view": "audit"}, headers=keys.auth("auditor")))
    assert audit["erased"] is True and audit["erased_at"] and audit["erasure_reason"] == "GDPR art. 17"
    history = ok(client.get(f"/v1/{ns.name}/entities/{p.key}/history", params={"view": "audit"},
                            headers=keys.auth("auditor")))
    assert history["erased"] is True and any(v["value"] == p.secret for v in history["versions"])
    listed = ok(client.get(f"/v1/{ns.name}/erasures", headers=keys.auth("dpo")))["erasures"]
    assert [(e["key"], e["reason"], e["erased_by"], e["status"]) for e in listed] == [
        (p.key, "GDPR art. 17", keys.key_id("dpo"), "erased")]
    assert client.put(f"/v1/{ns.name}/entities/{p.key}", json={"type": "user"},
                      headers=keys.auth("agent")).status_code == 409


def test_after_purge_the_values_are_gone_from_the_database(keyed: tuple[TestClient, Keys], store: Store,
                                                           ns: Namespace) -> None:
    client, keys = keyed
    p = seed(client, keys, store, ns)
    # an idempotent write whose stored response holds the values: purge must not leave it behind
    ok(client.post(f"/v1/{ns.name}/facts", headers={**keys.auth("agent"), "Idempotency-Key": "f-1"},
                   json={"entity": p.key, "attribute": "email2", "value": p.email}))
    ok(client.request("DELETE", f"/v1/{ns.name}/entities/{p.key}", params={"reason": "GDPR art. 17"},
                      headers=keys.auth("dpo")))
    assert p.secret in all_property_text(store, ns.name)
    purge = ok(client.post(f"/v1/{ns.name}/purge", json={"older_than_days": 0}, headers=keys.auth("dpo")))
    assert purge["entities"] == 1 and purge["turns"] == 3
    stored = all_property_text(store, ns.name)
    for value in p.values:
        assert value not in stored, value
    assert p.keep in stored and "Bob Keeper" in stored and "weather is nice" in stored
    r = client.get(f"/v1/{ns.name}/entities/{p.key}", params={"view": "audit"}, headers=keys.auth("auditor"))
    assert r.status_code == 404
    [tomb] = ok(client.get(f"/v1/{ns.name}/erasures", headers=keys.auth("dpo")))["erasures"]
    assert tomb["key"] is None and tomb["status"] == "purged" and tomb["purged_by"] == keys.key_id("dpo")
    assert cypher(store, "MATCH (r:IdempotencyKey {ns: $ns}) RETURN count(r) AS n", ns=ns.name)[0]["n"] == 0
