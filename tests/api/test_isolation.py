"""Hard tenant isolation, probed on every /v1 operation the app serves.

Tenants A and B are seeded through the real API with the same vocabulary but distinct ids, keys,
texts, phones and emails, and a canary in every field they write (see `tenancy.Tenant`): with
identical ids on both sides, as these tests once had, a leak would have looked correct. B holds 100x
more turns than A (3 and 300), crowding the shared vector and full-text indexes.

Each operation is called as A, on A's namespace, with parameters that point at B's keys, ids and
vocabulary; no response may hold a canary of B's (data is checked, not only the status). A probe
counts only if it hits something: the same read, made by B on B's namespace, must show B's data, so a
404 or an empty list from A is "not visible to A", not "there was nothing". A's writes naming B's ids
must act on A's namespace only (B's stored properties are compared before and after), and ids that
are unique per namespace must not answer A with a conflict that tells it B has them. Finally, A's
keys on B's namespace get 403 and nothing else, on every operation, whatever the parameters.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from graphmem.channels.search import drain_touches
from graphmem.recall import drain_answers
from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from tenancy import Endpoint, Keys, Tenant, all_property_text, cypher, keyed_client, leaks, seed_tenant, strings
from tenancy import v1_endpoints

pytestmark = pytest.mark.neo4j

A_TURNS, B_TURNS = 3, 300  # 100x; the cost is embedding B's turns
ROLES = ("agent", "auditor", "compliance")  # each tenant has one key of each; a role's default view differs


@dataclass
class Tenants:
    client: TestClient
    keys: Keys
    a: Tenant
    b: Tenant


@dataclass(frozen=True)
class Probe:
    """One call: `op` is "METHOD /v1/{ns}/…" as the app lists it; `expect` the status A must get
    (None: any below 500); `twin`: the same call by B must show B's data."""

    op: str
    path: dict[str, str] = field(default_factory=dict)
    params: dict[str, str] = field(default_factory=dict)
    body: Any = None
    role: str | None = None  # None: every role
    expect: int | None = None
    twin: bool = True

    def sent(self) -> list[str]:
        return strings([self.path, self.params, self.body])


def _headers(keys: Keys, tenant: str, role: str) -> dict[str, str]:
    return keys.auth(f"{tenant}_{role}")


def _call(client: TestClient, ep: Endpoint, probe: Probe, ns: str, headers: dict[str, str]) -> Any:
    kwargs: dict[str, Any] = {"headers": headers, "params": probe.params}
    if probe.body is not None:
        kwargs["json"] = probe.body
    return client.request(ep.method, ep.url(ns, **probe.path), **kwargs)


@pytest.fixture(scope="module")
def tenants(settings: Settings, store: Store) -> Iterator[Tenants]:
    a = Tenant(f"test-a-{uuid4().hex[:10]}", "Vera Quinn", "Shanghai")
    b = Tenant(f"test-b-{uuid4().hex[:10]}", "Omar Lindqvist", "Lisbon")
    keys = {f"{t}_{role}": (role, [ns]) for t, ns in (("a", a.ns), ("b", b.ns)) for role in ROLES}
    try:
        with keyed_client(settings, store, keys) as (client, k):
            for t, name, turns in ((a, "a", A_TURNS), (b, "b", B_TURNS)):
                seed_tenant(client, t, k.auth(f"{name}_agent"), k.auth(f"{name}_compliance"), turns)
            yield Tenants(client, k, a, b)
    finally:
        purge_namespace(store, a.ns)
        purge_namespace(store, b.ns)


def read_probes(b: Tenant) -> list[Probe]:
    """Reads pointing at B's data, with B's vocabulary."""
    P, ask = Probe, "POST /v1/{ns}/recall"
    probes = [P("GET /v1/{ns}/entities/{key}", {"key": b.user_key}),
              P("GET /v1/{ns}/entities/{key}", {"key": b.gone_key}),  # erased: only the audit view shows it
              P("GET /v1/{ns}/entities/{key}/history", {"key": b.user_key}),
              P("GET /v1/{ns}/entities/{key}/history", {"key": b.user_key}, {"attribute": "tier"}),
              P("GET /v1/{ns}/lookup", params={"attribute": "phone", "value": b.phone}),
              P("GET /v1/{ns}/lookup", params={"attribute": "email", "value": b.email}),
              P("GET /v1/{ns}/lookup", params={"attribute": "city", "value": b.city}),
              P("GET /v1/{ns}/graph", params={"start": b.user_key, "depth": "5"}),
              P("GET /v1/{ns}/graph", params={"start": b.org_key, "format": "graphml"}),
              P("GET /v1/{ns}/attributes/{name}", {"name": b.attr}, twin=False),  # data: test_declarations
              P("GET /v1/{ns}/relation-types/{type}", {"type": b.rel}, twin=False),
              P("GET /v1/{ns}/erasures", role="compliance"),
              P("GET /v1/{ns}/sessions/{sid}/window", {"sid": b.sid}),
              P("GET /v1/{ns}/sessions/{sid}/window", {"sid": b.sid}, {"size": "1000"}),
              P("GET /v1/{ns}/sessions/{sid}/summary", {"sid": b.sid}),
              P("GET /v1/{ns}/turns/{turn_id}", {"turn_id": b.turn_id(0)}),
              P("GET /v1/{ns}/turns/{turn_id}", {"turn_id": b.turn_id(B_TURNS - 1)}),
              P("GET /v1/{ns}/workflows", params={"task_type": b.task_type}),
              P("GET /v1/{ns}/workflows", params={"task": b.task, "k": "100"}),
              *[P("GET /v1/{ns}/workflows/{workflow_id}/history", {"workflow_id": w}) for w in b.workflow_ids],
              P("POST /v1/{ns}/search", body={"query": b.sentences()[0], "session": b.sid, "speaker": b.speaker,
                                              "k": 50}),
              *[P("POST /v1/{ns}/search", body={"query": q, "k": 50}) for q in b.sentences()],
              P(ask, body={"query": "what did I just say", "session": b.sid, "k": 50}),
              P(ask, body={"query": "what do we know about this customer?", "entity": b.user_key}),
              P(ask, body={"query": "how do I refund an order?", "task_type": b.task_type}),
              P(ask, body={"query": f"how do I {b.task.lower()}?"}),
              P(ask, body={"query": f"where did {b.user_key} live in 2020?"}),
              P(ask, body={"query": f"what did {b.person} say about {b.order}?", "k": 50})]
    questions = [f"who has phone {b.phone}", f"who is {b.email}", f"what is the email of {b.user_key}",
                 f"where should the parcel of {b.user_key} go?", f"which company does {b.name} use?"]
    return probes + [P(ask, body={"query": q, "k": 50}) for q in questions]


def write_probes(b: Tenant) -> list[Probe]:
    """Writes naming B's ids, made by A in A's namespace, in this order: the ones expecting 404 while A
    has no such entity come before A creates one under B's key."""
    P, agent, unique = Probe, "agent", 201  # ids are unique per namespace: B's must be free in A's
    return [P("DELETE /v1/{ns}/entities/{key}", {"key": b.user_key}, body={"reason": "probe"},
              role="compliance", expect=404),
            P("POST /v1/{ns}/facts", body={"entity": b.user_key, "attribute": "phone", "value": b.phone},
              role=agent, expect=404),
            P("POST /v1/{ns}/facts/batch", body={"facts": [{"entity": b.user_key, "attribute": "city",
                                                             "value": "Paris"}]}, role=agent, expect=404),
            P("POST /v1/{ns}/facts/retract", body={"entity": b.user_key, "attribute": "tier"}, role=agent,
              expect=404),
            P("POST /v1/{ns}/relations", body={"from": b.user_key, "type": b.rel, "to": b.org_key}, role=agent,
              expect=404),
            P("POST /v1/{ns}/relations/retract", body={"from": b.user_key, "type": b.rel}, role=agent,
              expect=404),
            # B declared these the other way: a 409 here would tell A that B has them
            P("PUT /v1/{ns}/attributes/{name}", {"name": b.attr}, body={"many": False}, role=agent, expect=200),
            P("PUT /v1/{ns}/relation-types/{type}", {"type": b.rel}, body={"many": True}, role=agent, expect=200),
            P("POST /v1/{ns}/purge", body={"older_than_days": 0}, role="compliance", expect=200),
            P("POST /v1/{ns}/sessions/{sid}/turns", {"sid": b.sid},
              body={"text": f"asking about {b.user_key}", "id": b.turn_id(1)}, role=agent, expect=unique),
            P("POST /v1/{ns}/sessions/{sid}/turns/batch", {"sid": b.sid},
              body={"turns": [{"text": f"and {b.order}", "id": b.turn_id(2)}]}, role=agent, expect=unique),
            P("POST /v1/{ns}/trajectories", body={"id": b.traj_id(0), "task": b.task, "task_type": b.task_type,
                                                  "outcome": "success", "steps": [{"action": "lookup_order"}]},
              role=agent, expect=unique),
            P("POST /v1/{ns}/workflows/induce", body={"task_type": b.task_type}, role=agent, expect=200),
            P("PUT /v1/{ns}/entities/{key}", {"key": b.user_key}, body={"type": "user", "name": "A's own"},
              role=agent, expect=201)]  # created in A's namespace, not merged into B's entity


def generic_probe(ep: Endpoint, b: Tenant, schemas: dict[str, Any]) -> Probe:
    """For an operation added later with no probe above: every parameter it names gets B's value."""
    by_name = {"key": b.user_key, "sid": b.sid, "session": b.sid, "name": b.attr, "type": b.rel,
               "turn_id": b.turn_id(0), "workflow_id": (b.workflow_ids or ["x"])[0], "attribute": "phone",
               "value": b.phone, "start": b.user_key, "entity": b.user_key, "from": b.user_key, "to": b.org_key,
               "task": b.task, "task_type": b.task_type, "query": b.sentences()[0], "speaker": b.speaker}
    path = {n: v for n, v in by_name.items() if "{" + n in ep.path}
    params = {n: by_name[n] for n in ep.query_params() if n in by_name}
    fields = body_fields(schemas, ep)
    body = {n: v for n, v in by_name.items() if n in fields} if ep.method in {"POST", "PUT", "PATCH"} else None
    return Probe(str(ep), path, params, body)


def body_fields(schemas: dict[str, Any], ep: Endpoint) -> set[str]:
    """The JSON body's top-level field names (refs and optional bodies resolved)."""
    content = ep.operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    names: set[str] = set()
    stack = [content.get("schema", {})]
    while stack:
        schema = stack.pop()
        if "$ref" in schema:
            stack.append(schemas[schema["$ref"].rsplit("/", 1)[-1]])
        stack += schema.get("anyOf", [])
        names |= set(schema.get("properties", {}))
    return names


def _probes(client: TestClient, b: Tenant) -> tuple[list[Probe], list[Probe], list[Probe]]:
    reads, writes = read_probes(b), write_probes(b)
    known = {p.op for p in reads + writes}
    schemas = client.app.openapi()["components"]["schemas"]  # type: ignore[attr-defined]
    extra = [generic_probe(ep, b, schemas) for ep in v1_endpoints(client.app)  # type: ignore[arg-type]
             if str(ep) not in known]
    return reads, extra, writes


def _roles(probe: Probe) -> tuple[str, ...]:
    return ROLES if probe.role is None else (probe.role,)


def test_b_really_holds_100x_more(tenants: Tenants, store: Store) -> None:
    counts = {t.ns: cypher(store, "MATCH (t:Turn {ns: $ns}) RETURN count(t) AS n", ns=t.ns)[0]["n"]
              for t in (tenants.a, tenants.b)}
    assert counts == {tenants.a.ns: A_TURNS, tenants.b.ns: B_TURNS}


def test_every_operation_is_probed(tenants: Tenants) -> None:
    """The probe tables name real operations (a renamed route must not leave a probe testing nothing)."""
    served = {str(ep) for ep in v1_endpoints(tenants.client.app)}  # type: ignore[arg-type]
    reads, extra, writes = _probes(tenants.client, tenants.b)
    assert {p.op for p in reads + writes} <= served
    assert {p.op for p in reads + extra + writes} == served and len(served) >= 28


def test_declarations_of_b_do_not_apply_to_a(tenants: Tenants) -> None:
    """A name is free in every namespace: A reads the default, not what B declared (no canary can show
    a boolean). Runs before the leak probes make A declare the same names (tests run in file order)."""
    client, keys, a, b = tenants.client, tenants.keys, tenants.a, tenants.b
    for ns, who, many_attr in ((b.ns, "b", True), (a.ns, "a", False)):
        h = _headers(keys, who, "agent")
        assert client.get(f"/v1/{ns}/attributes/{b.attr}", headers=h).json()["many"] is many_attr
        assert client.get(f"/v1/{ns}/relation-types/{b.rel}", headers=h).json()["many"] is not many_attr


def test_every_operation_refuses_a_foreign_namespace_with_no_data(tenants: Tenants, store: Store) -> None:
    client, keys, b = tenants.client, tenants.keys, tenants.b
    endpoints = {str(ep): ep for ep in v1_endpoints(client.app)}  # type: ignore[arg-type]
    reads, extra, writes = _probes(client, b)
    drain_touches()
    drain_answers()  # B's own recalls above: their usage records are B's, written in the background
    before = all_property_text(store, b.ns)
    minimal = [Probe(op, body={} if ep.method in {"POST", "PUT", "PATCH"} else None) for op, ep in endpoints.items()]
    for probe in minimal + reads + extra + writes:
        for role in ROLES:
            r = _call(client, endpoints[probe.op], probe, b.ns, _headers(keys, "a", role))
            assert r.status_code == 403, (probe, role, r.text)
            body = r.json()
            assert set(body) == {"error"} and body["error"]["code"] == "forbidden_namespace", (probe, body)
            assert not leaks(r.text, b, probe.sent()), (probe, role, r.text)
    drain_touches()
    drain_answers()
    assert all_property_text(store, b.ns) == before  # nothing written, nothing touched


def _turn_ids(obj: Any, tenant: Tenant) -> set[str]:
    """Every id of one of the tenant's turns anywhere in a response."""
    text = json.dumps(obj)
    return {tenant.turn_id(i) for i in range(B_TURNS) if json.dumps(tenant.turn_id(i)) in text}


def test_a_still_finds_all_of_its_own(tenants: Tenants) -> None:
    """B's 300 turns with the same vocabulary crowd the shared indexes: A must still get its own."""
    client, a, h = tenants.client, tenants.a, _headers(tenants.keys, "a", "agent")
    mine = {a.turn_id(i) for i in range(A_TURNS)}
    assert _turn_ids(client.get(f"/v1/{a.ns}/sessions/{a.sid}/window", headers=h).json(), a) == mine
    res = client.post(f"/v1/{a.ns}/search", json={"query": a.sentences()[0], "k": A_TURNS}, headers=h)
    assert res.status_code == 200 and _turn_ids(res.json(), a) == mine, res.text
    entity = client.get(f"/v1/{a.ns}/entities/{a.user_key}", headers=h).json()
    assert entity["name"] == a.name and a.secret in json.dumps(entity)
    found = client.get(f"/v1/{a.ns}/lookup", params={"attribute": "phone", "value": a.phone}, headers=h).json()
    assert [e["key"] for e in found["entities"]] == [a.user_key]
    g = client.get(f"/v1/{a.ns}/graph", params={"start": a.user_key, "depth": 5}, headers=h).json()
    assert sorted(n["key"] for n in g["nodes"]) == sorted([a.user_key, a.org_key]) and len(g["edges"]) == 1
    flows = client.get(f"/v1/{a.ns}/workflows", params={"task_type": a.task_type}, headers=h)
    assert a.action in flows.text, flows.text


def test_no_operation_shows_a_the_data_of_b(tenants: Tenants, store: Store) -> None:
    client, keys, a, b = tenants.client, tenants.keys, tenants.a, tenants.b
    endpoints = {str(ep): ep for ep in v1_endpoints(client.app)}  # type: ignore[arg-type]
    reads, extra, writes = _probes(client, b)
    for probe in reads:  # the probe hits B's data: B sees it
        if probe.twin:
            bodies = (_call(client, endpoints[probe.op], probe, b.ns, _headers(keys, "b", r)).text
                      for r in _roles(probe))  # the first role that sees B's data is enough
            assert any(leaks(body, b, probe.sent()) for body in bodies), probe
    drain_touches()
    drain_answers()  # B's own recalls above: their usage records are B's, written in the background
    before = all_property_text(store, b.ns)
    seen: set[str] = set()
    for probe in reads + extra + writes:
        for role in _roles(probe):
            r = _call(client, endpoints[probe.op], probe, a.ns, _headers(keys, "a", role))
            assert r.status_code < 500, (probe, role, r.text)
            if probe.expect is not None:
                assert r.status_code == probe.expect, (probe, role, r.text)
            assert not leaks(r.text, b, probe.sent()), (probe, role, leaks(r.text, b, probe.sent()), r.text)
        seen.add(probe.op)
    assert seen == set(endpoints)
    drain_touches()
    drain_answers()
    assert all_property_text(store, b.ns) == before  # A's calls wrote nothing in B, touched nothing
