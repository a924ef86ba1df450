"""A tenant exported and imported into a new namespace (`GET /v1/{ns}/export`, `POST /v1/{ns}/import`, issue 34),
asked the way its users ask: every read route answers the same in the copy as in the source, also as of
the past on both axes; what an erasure hid never leaves in the export; a cut upload resumes; a second run
writes nothing; an export without vectors is embedded again.

The source holds every kind of data at once (test_erasure_views' subject, erased: turns before the entity
existed and in other spellings, a speaker, metadata, a trajectory and its workflow, an order's contact, a
relation's note, a cached answer), and a customer whose city changed, learned late, with a correction."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import numpy as np
import pytest
from fastapi.testclient import TestClient

from graphmem.channels.conversation import drain_folds
from graphmem.induction import group_key
from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from tenancy import Keys, cypher, keyed_client
from test_erasure_views import Person, leaks, ok, seed

pytestmark = pytest.mark.neo4j

T0, T1 = "2024-01-01T00:00:00Z", "2025-06-01T00:00:00Z"


@pytest.fixture
def copies(store: Store) -> Iterator[list[Namespace]]:
    made = [Namespace(f"copy-{uuid4().hex[:10]}") for _ in range(3)]
    yield made
    for c in made:
        purge_namespace(store, c.name)
        cypher(store, "MATCH (i:NamespaceImport {target: $ns}) DELETE i", ns=c.name)


@pytest.fixture
def keyed(settings: Settings, store: Store, ns: Namespace, copies: list[Namespace]) -> Iterator[tuple[TestClient, Keys]]:
    names = [ns.name, *(c.name for c in copies)]
    with keyed_client(settings, store, {"agent": ("agent", names), "auditor": ("auditor", names),
                                        "dpo": ("compliance", names), "ops": ("admin", names)},
                      window_size=2) as pair:
        yield pair


def _world(client: TestClient, keys: Keys, store: Store, ns: Namespace) -> Person:
    """The erased subject's world, and Maria Lopez: Lisbon since 2020, then Porto from 2026-03 (told later), a
    new plan, and a late fact about her plan in 2023."""
    p = seed(client, keys, store, ns)
    agent, base = keys.auth("agent"), f"/v1/{ns.name}"
    ok(client.put(f"{base}/entities/C-1001", headers=agent, json={"type": "customer", "name": "Maria Lopez"}))
    for attribute, value in (("city", "Lisbon"), ("plan", "basic")):
        ok(client.post(f"{base}/facts", headers=agent, json={"entity": "C-1001", "attribute": attribute,
                                                              "value": value, "valid_from": "2020-01-01T00:00:00Z"}))
    ok(client.post(f"{base}/facts", headers=agent, json={"entity": "C-1001", "attribute": "city", "value": "Porto",
                                                          "valid_from": "2026-03-01T00:00:00Z"}))
    ok(client.post(f"{base}/facts", headers=agent, json={"entity": "C-1001", "attribute": "plan", "value": "pro"}))
    ok(client.post(f"{base}/facts", headers=agent, json={"entity": "C-1001", "attribute": "plan", "value": "team",
                                                          "valid_from": "2023-01-01T00:00:00Z",
                                                          "valid_to": "2024-01-01T00:00:00Z"}))
    ok(client.post(f"{base}/relations", headers=agent, json={"from": "C-1001", "type": "KNOWS", "to": p.keep}))
    for i, text in enumerate(("Maria Lopez moved to Porto and wants the pro plan", "The pro plan costs 20 euros",
                              "She pays by card every month", "Send her the invoice on Friday")):
        ok(client.post(f"{base}/sessions/s2/turns", headers=agent, json={"role": "user", "text": text, "id": f"m{i}"}))
    drain_folds()
    ok(client.request("DELETE", f"{base}/entities/{p.key}", json={"reason": "GDPR art. 17"},
                      headers=keys.auth("dpo")))
    drain_folds()
    return p


def _reads(client: TestClient, keys: Keys, ns: Namespace, p: Person, known_at: str) -> dict[str, Any]:
    """The reads a user of the tenant makes, as (label -> what they answered), the namespace's name masked."""
    agent, audit, base = keys.auth("agent"), keys.auth("auditor"), f"/v1/{ns.name}"
    maria = f"{base}/entities/C-1001"
    calls: dict[str, Any] = {
        "maria now": client.get(maria, headers=agent),
        "maria last year": client.get(maria, params={"valid_at": "2024-06-01T00:00:00Z"}, headers=agent),
        "maria as known before the move was told": client.get(maria, params={"known_at": known_at}, headers=agent),
        "maria history": client.get(f"{maria}/history", headers=agent),
        "maria audit history": client.get(f"{maria}/history", params={"view": "audit"}, headers=audit),
        "bob": client.get(f"{base}/entities/{p.keep}", headers=agent),
        "order": client.get(f"{base}/entities/{p.order}", headers=agent),
        "order history": client.get(f"{base}/entities/{p.order}/history", headers=agent),
        "who lives in Porto": client.get(f"{base}/lookup", params={"attribute": "city", "value": "Porto"},
                                         headers=agent),
        "who lived in Lisbon then": client.get(f"{base}/lookup", params={
            "attribute": "city", "value": "Lisbon", "valid_at": "2024-06-01T00:00:00Z"}, headers=agent),
        "graph around Bob": client.get(f"{base}/graph", params={"start": p.keep, "depth": 3}, headers=agent),
        "graph as of last year": client.get(f"{base}/graph", params={
            "start": "C-1001", "depth": 2, "valid_at": "2024-06-01T00:00:00Z"}, headers=audit),
        "window s1": client.get(f"{base}/sessions/s1/window", headers=agent),
        "window s2": client.get(f"{base}/sessions/s2/window", headers=agent),
        "summary s1": client.get(f"{base}/sessions/s1/summary", headers=agent),
        "turn t3": client.get(f"{base}/turns/t3", headers=agent),
        "erased turn t2": client.get(f"{base}/turns/t2", headers=agent),
        "refund workflows": client.get(f"{base}/workflows", params={"task_type": "refund"}, headers=agent),
        "how to refund Bob": client.get(f"{base}/workflows", params={"task": "refund Bob Keeper"}, headers=agent),
        "changes": client.get(f"{base}/changes", params={"from": "2000-01-01T00:00:00Z",
                                                         "to": "2100-01-01T00:00:00Z"}, headers=agent),
        "search weather": client.post(f"{base}/search", json={"query": "is the weather nice", "k": 10}, headers=agent),
        "search porto": client.post(f"{base}/search", json={"query": "who moved to Porto?", "k": 10}, headers=agent),
        "Maria's city last year": client.post(f"{base}/recall", json={
            "query": "What was Maria Lopez's city last year?"}, headers=agent),
        "who knows Bob": client.post(f"{base}/recall", json={"query": "Who knows Bob Keeper?"}, headers=agent),
        "how do I refund": client.post(f"{base}/recall", json={"query": "how do I refund a customer?"},
                                       headers=agent),
        "what was said in s2": client.post(f"{base}/recall", json={"query": "what did the user want", "session": "s2"},
                                           headers=agent),
        "timeline": client.get(f"{maria}/timeline.svg", headers=agent),
        "the city attribute": client.get(f"{base}/attributes/city", headers=agent),
        "the BOUGHT relation type": client.get(f"{base}/relation-types/BOUGHT", headers=agent),
        "refund workflow history": client.get(f"{base}/workflows/{group_key(task_type='refund')}/history",
                                              headers=agent),
        "what is held about Maria": client.get(f"{maria}/dossier", headers=keys.auth("dpo")),
    }
    return {label: _comparable(r, ns) for label, r in calls.items()}


#: an answer's own id (hit rate); the read's instants (default now); ranking scores, whose recency part moves with
#: the clock and whose keyword part counts the namespace's statistics (the copy's count only what it holds: the
#: source's still count the turns an erasure hid); the order of what they rank is compared
VOLATILE = {"id", "item_id", "valid_at", "known_at", "score", "parts"}
UNORDERED = {"nodes", "edges"}  # a graph's, in no promised order


def _comparable(r: Any, ns: Namespace) -> Any:
    text = r.text.replace(ns.name, "<ns>")
    if not r.headers.get("content-type", "").startswith("application/json"):
        return r.status_code, r.headers.get("content-type")  # a picture (its time axis ends now)

    def scrub(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: sorted(map(json.dumps, scrub(x))) if k in UNORDERED else scrub(x)
                    for k, x in v.items() if k not in VOLATILE}
        if isinstance(v, list):
            return [scrub(x) for x in v]
        if isinstance(v, float):
            return round(v, 3)  # a vector embedded again may differ in the last bits
        return v

    return r.status_code, scrub(json.loads(text))


def _export(client: TestClient, keys: Keys, ns: Namespace, **params: Any) -> str:
    r = client.get(f"/v1/{ns.name}/export", params=params, headers=keys.auth("ops"))
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/x-ndjson")
    return r.text


def _import(client: TestClient, keys: Keys, ns: Namespace, body: str, *codes: int) -> Any:
    return ok(client.post(f"/v1/{ns.name}/import", content=body.encode("utf-8"), headers={
        **keys.auth("ops"), "Content-Type": "application/x-ndjson"}), *(codes or (200,)))


def _known_at(store: Store, ns: Namespace) -> str:
    """An instant after Maria was created, before her move was told."""
    [row] = cypher(store, "MATCH (:Entity {ns: $ns, key: 'C-1001'})-[v:HAS {name: 'city'}]->() "
                          "RETURN toString(min(v.txn_time) + duration({milliseconds: 1})) AS at", ns=ns.name)
    return str(row["at"])


def test_a_copy_answers_every_read_as_the_source_does(keyed: tuple[TestClient, Keys], store: Store,
                                                      ns: Namespace, copies: list[Namespace]) -> None:
    client, keys = keyed
    p = _world(client, keys, store, ns)
    known_at = _known_at(store, ns)
    source = _reads(client, keys, ns, p, known_at)
    assert "Lisbon" in json.dumps(source["maria last year"]) and "Porto" in json.dumps(source["maria now"])
    assert "Lisbon" in json.dumps(source["maria as known before the move was told"])
    assert "Lisbon" in json.dumps(source["Maria's city last year"]), source["Maria's city last year"]
    assert source["erased turn t2"][0] == 404 and source["refund workflows"][0] == 200

    text = _export(client, keys, ns)
    lines = [json.loads(x) for x in text.splitlines()]
    assert lines[0]["format"] == "graphmem-export" and lines[0]["namespace"] == ns.name
    assert lines[-1]["end"] is True and lines[-1]["nodes"] == sum(1 for x in lines if "node" in x)
    assert leaks(p, text) == [], "an erased value left in the export"
    kinds = {x["labels"][0] for x in lines if "node" in x}
    assert kinds >= {"Entity", "Attribute", "Session", "Turn", "Summary", "Trajectory", "Workflow", "Tombstone"}
    assert {x["rel"] for x in lines if "rel" in x} >= {"HAS", "KNOWS", "BOUGHT", "IN", "NEXT", "INDUCED_FROM"}

    copy = copies[0]
    result = _import(client, keys, copy, text)
    assert (result["state"], result["source"], result["embedded"]) == ("done", ns.name, 0)
    assert (result["nodes"], result["relationships"]) == (lines[-1]["nodes"], lines[-1]["relationships"])
    copied = _reads(client, keys, copy, p, known_at)
    differ = {k: (source[k], copied[k]) for k in source if source[k] != copied[k]}
    for k, (a, b) in differ.items():
        print("DIFF", k, "\n  ", json.dumps(a, sort_keys=True)[:1500], "\n  ", json.dumps(b, sort_keys=True)[:1500])
    assert differ == {}
    # the erasure travels as its tombstone: when, why, by whom; never the key
    [erasure] = ok(client.get(f"/v1/{copy.name}/erasures", headers=keys.auth("dpo")))["erasures"]
    assert erasure["reason"] == "GDPR art. 17" and erasure.get("key") is None
    # nothing of the import's own bookkeeping stays on the copy's nodes
    assert cypher(store, "MATCH (n) WHERE n.ns = $ns AND (n:ImportRef OR n._ref IS NOT NULL) RETURN count(n) AS n",
                  ns=copy.name) == [{"n": 0}]
    # the copy takes writes like any namespace
    ok(client.post(f"/v1/{copy.name}/facts", headers=keys.auth("agent"), json={
        "entity": "C-1001", "attribute": "city", "value": "Braga"}))
    assert ok(client.get(f"/v1/{copy.name}/entities/C-1001", headers=keys.auth("agent")))["attributes"]["city"] == "Braga"
    assert ok(client.get(f"/v1/{ns.name}/entities/C-1001", headers=keys.auth("agent")))["attributes"]["city"] == "Porto"


def test_a_cut_upload_resumes_and_a_second_run_writes_nothing(keyed: tuple[TestClient, Keys], store: Store,
                                                               ns: Namespace, copies: list[Namespace]) -> None:
    client, keys = keyed
    p = _world(client, keys, store, ns)
    text = _export(client, keys, ns)
    lines = text.splitlines()
    copy = copies[0]
    cut = "\n".join(lines[:len(lines) // 2]) + "\n"
    r = client.post(f"/v1/{copy.name}/import", content=cut.encode(), headers=keys.auth("ops"))
    assert r.status_code == 422 and r.json()["error"]["code"] == "export_cut_short", r.text
    status = ok(client.get(f"/v1/{copy.name}/import", headers=keys.auth("ops")))
    assert status["state"] == "running" and status["lines"] == len(lines) // 2 - 1
    done = _import(client, keys, copy, text)
    assert done["state"] == "done" and done["resumed"] is True
    assert done["lines"] == len(lines) - 2  # every line but the header and the end
    nodes = cypher(store, "MATCH (n {ns: $ns}) RETURN count(n) AS n", ns=copy.name)
    again = _import(client, keys, copy, text)
    assert again == {**done, "resumed": False, "embedded": 0}
    assert cypher(store, "MATCH (n {ns: $ns}) RETURN count(n) AS n", ns=copy.name) == nodes
    known_at = _known_at(store, ns)
    assert _reads(client, keys, copy, p, known_at) == _reads(client, keys, ns, p, known_at)


def test_an_export_without_vectors_is_embedded_again(keyed: tuple[TestClient, Keys], store: Store,
                                                     ns: Namespace, copies: list[Namespace]) -> None:
    client, keys = keyed
    p = _world(client, keys, store, ns)
    text = _export(client, keys, ns, vectors="false")
    assert '"vectors":{' not in text and lines_of(text)[0]["vectors"] is False
    copy = copies[1]
    result = _import(client, keys, copy, text)
    assert result["state"] == "done" and result["embedded"] > 10
    missing = cypher(store, "MATCH (t:Turn {ns: $ns}) WHERE t.text IS NOT NULL AND t.erased_at IS NULL "
                            "AND t.embedding IS NULL RETURN count(t) AS n", ns=copy.name)
    assert missing == [{"n": 0}]
    # a summary chunk's vector is the centroid of its turns', in the copy as the fold worker wrote it in the source
    # (erased chunks are not exported)
    chunks = "MATCH (m:Summary {ns: $ns}) WHERE m.erased_at IS NULL RETURN m.id AS id, m.embedding AS vector ORDER BY id"
    was, now = cypher(store, chunks, ns=ns.name), cypher(store, chunks, ns=copy.name)
    assert was and [r["id"] for r in was] == [r["id"] for r in now] and all(r["vector"] for r in now)
    assert np.allclose([r["vector"] for r in was], [r["vector"] for r in now], atol=1e-4)
    known_at = _known_at(store, ns)
    source, copied = _reads(client, keys, ns, p, known_at), _reads(client, keys, copy, p, known_at)
    assert {k for k in source if source[k] != copied[k]} == set()


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(x) for x in text.splitlines()]


def test_refusals_name_what_is_wrong(keyed: tuple[TestClient, Keys], store: Store, ns: Namespace,
                                     copies: list[Namespace]) -> None:
    client, keys = keyed
    ok(client.put(f"/v1/{ns.name}/entities/C-1", headers=keys.auth("agent"), json={"type": "customer", "name": "Ana Silva"}))
    text = _export(client, keys, ns)
    for role in ("agent", "auditor", "dpo"):
        assert client.get(f"/v1/{ns.name}/export", headers=keys.auth(role)).status_code == 403
        assert client.post(f"/v1/{copies[0].name}/import", content=text.encode(),
                           headers=keys.auth(role)).status_code == 403
    # into a namespace holding memory: refused, nothing written
    r = client.post(f"/v1/{ns.name}/import", content=text.encode(), headers=keys.auth("ops"))
    assert r.status_code == 409 and r.json()["error"]["code"] == "namespace_not_empty"
    first, *rest = text.splitlines()
    bad = [
        ("", "line 1"),
        ("not json\n", "line 1"),
        (json.dumps({**json.loads(first), "version": 99}) + "\n", "newer"),
        (first + "\n" + json.dumps({"node": 0, "labels": ["ApiKey"], "props": {}}) + "\n", "line 2"),
        (first + "\n" + json.dumps({"rel": "KNOWS; DROP", "from": 0, "to": 1, "props": {}}) + "\n", "line 2"),
        (first + "\n" + json.dumps({"node": 0, "labels": ["Entity"], "props": {"key": {"x": 1}}}) + "\n", "line 2"),
    ]
    for body, says in bad:
        r = client.post(f"/v1/{copies[2].name}/import", content=body.encode(), headers=keys.auth("ops"))
        assert r.status_code == 422, (body, r.text)
        assert says in r.text, r.text
    assert cypher(store, "MATCH (n {ns: $ns}) RETURN count(n) AS n", ns=copies[2].name) == [{"n": 0}]
    # another export into a namespace an import already filled: refused
    _import(client, keys, copies[0], text)
    other = re.sub(r'"id":"exp-[0-9a-f]+"', '"id":"exp-other"', text, count=1)
    r = client.post(f"/v1/{copies[0].name}/import", content=other.encode(), headers=keys.auth("ops"))
    assert r.status_code == 409, r.text


FORMAT_1 = Path(__file__).resolve().parents[1] / "data" / "export-format-1.ndjson"


def test_an_export_in_format_1_still_imports_and_answers(keyed: tuple[TestClient, Keys], copies: list[Namespace]) -> None:
    """Format 1 is the first; this file was written by the release that introduced it (without vectors) and
    stays as it is, so every later release must still read it."""
    client, keys = keyed
    copy, agent = copies[0], keys.auth("agent")
    text = FORMAT_1.read_text(encoding="utf-8")
    assert lines_of(text)[0]["version"] == 1
    result = _import(client, keys, copy, text)
    assert result["state"] == "done" and result["embedded"] >= 4
    base = f"/v1/{copy.name}"
    maria = ok(client.get(f"{base}/entities/C-1001", params={"valid_at": "2024-06-01T00:00:00Z"}, headers=agent))
    assert maria["attributes"]["city"] == "Lisbon" and maria["name"] == "Maria Lopez"
    assert ok(client.get(f"{base}/entities/C-1001", headers=agent))["attributes"]["city"] == "Porto"
    found = ok(client.get(f"{base}/lookup", params={"attribute": "phone", "value": "+351 912 345 678"}, headers=agent))
    assert [e["key"] for e in found["entities"]] == ["C-1001"]
    graph = ok(client.get(f"{base}/graph", params={"start": "C-1001", "valid_at": "2024-06-01T00:00:00Z"},
                          headers=agent))
    assert [(e["type"], e["to"]) for e in graph["edges"]] == [("WORKS_AT", "O-7")]
    window = ok(client.get(f"{base}/sessions/s1/window", headers=agent))
    assert [t["text"] for t in window["turns"]][-1] == "She wants the invoice by email"
    hits = ok(client.post(f"{base}/search", json={"query": "send the bill by e-mail", "k": 3}, headers=agent))["hits"]
    assert hits and "invoice by email" in hits[0]["text"]
    answer = ok(client.post(f"{base}/recall", json={"query": "Where does Mari work?"}, headers=agent))
    assert "Acme" in answer["context"], answer["context"]
    flows = ok(client.get(f"{base}/workflows", params={"task": "send an invoice to Bob"}, headers=agent))["workflows"]
    assert flows and flows[0]["task_type"] == "invoice"


def test_two_runs_of_one_import_at_once_write_each_line_once(keyed: tuple[TestClient, Keys], store: Store,
                                                             ns: Namespace, copies: list[Namespace]) -> None:
    """A client that times out and posts again while the first run still writes (what the docs invite)."""
    from concurrent.futures import ThreadPoolExecutor

    from graphmem.errors import Conflict
    from graphmem.tenants import import_namespace

    client, keys = keyed
    p = _world(client, keys, store, ns)
    text = _export(client, keys, ns)
    copy = copies[0]

    nodes = sum(1 for x in lines_of(text) if "node" in x)
    # the nodes first (their constraints would refuse a second write anyway), then six runs at once over the
    # relationships, which nothing but the checkpoint keeps from being written twice
    import_namespace(store, copy, text.splitlines(), by="test", batch=2, max_batches=-(-nodes // 2))

    def run(_: int) -> str:
        try:
            return import_namespace(store, copy, text.splitlines(), by="test", batch=2).state
        except Conflict:
            return "conflict"

    with ThreadPoolExecutor(6) as pool:
        states = list(pool.map(run, range(6)))
    assert "done" in states or "conflict" in states
    final = _import(client, keys, copy, text)  # whatever the runs left, one more finishes it
    end = lines_of(text)[-1]
    assert (final["state"], final["nodes"], final["relationships"]) == ("done", end["nodes"], end["relationships"])
    [row] = cypher(store, "MATCH (a {ns: $ns})-[r]->() RETURN count(r) AS n", ns=copy.name)
    assert row["n"] == end["relationships"]
    known_at = _known_at(store, ns)
    assert _reads(client, keys, copy, p, known_at) == _reads(client, keys, ns, p, known_at)


def test_a_first_run_refused_leaves_the_namespace_open_to_another_export(
        keyed: tuple[TestClient, Keys], store: Store, ns: Namespace, copies: list[Namespace]) -> None:
    client, keys = keyed
    ok(client.put(f"/v1/{ns.name}/entities/C-1", headers=keys.auth("agent"), json={"type": "customer", "name": "Ana"}))
    text = _export(client, keys, ns)
    first, *rest = text.splitlines()
    broken = "\n".join([first.replace('"exp-', '"exp-x'), '{"node": 0, "labels": ["ApiKey"], "props": {}}'])
    r = client.post(f"/v1/{copies[0].name}/import", content=broken.encode(), headers=keys.auth("ops"))
    assert r.status_code == 422
    assert _import(client, keys, copies[0], text)["state"] == "done"
    # a namespace holding only a declaration is not new
    ok(client.put(f"/v1/{copies[1].name}/attributes/tag", headers=keys.auth("agent"), json={"many": False}))
    r = client.post(f"/v1/{copies[1].name}/import", content=text.encode(), headers=keys.auth("ops"))
    assert r.status_code == 409 and r.json()["error"]["code"] == "namespace_not_empty", r.text
