"""Helpers for the auth, isolation, erasure and idempotency tests: apps with API keys, the /v1 routes
the app serves (so that endpoints added later are covered without editing the tests), raw Cypher
for seeding and for checking what is really stored."""

from __future__ import annotations

import re
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.access.auth import hash_key, parse_env_keys
from graphmem.access.keystore import import_keys
from graphmem.settings import Settings
from graphmem.store import Store

#: POST routes that only read (their callers may be auditors or compliance)
READ_POSTS = {"/v1/{ns}/search", "/v1/{ns}/recall"}
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


@dataclass
class Keys:
    """Plain API keys by name, and the app that knows them."""

    tokens: dict[str, str]

    def auth(self, name: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[name]}"}

    def key_id(self, name: str) -> str:
        return hash_key(self.tokens[name])[:12]


@contextmanager
def keyed_client(settings: Settings, store: Store, keys: dict[str, tuple[str, list[str]]],
                 **overrides: Any) -> Iterator[tuple[TestClient, Keys]]:
    """A TestClient on an app with `keys` = {name: (role, [namespaces or "*"])} stored in Neo4j as
    `graphmem keys create` stores them (closed: not open, no keys file, no GRAPHMEM_API_KEYS, whose start
    would revoke the env keys of apps alive beside it). The keys are deleted from Neo4j on exit."""
    tokens = {name: f"{name}-{uuid.uuid4().hex}" for name in keys}
    spec = ";".join(f"{tokens[n]}:{role}:{','.join(nss)}" for n, (role, nss) in keys.items())
    import_keys(store, [replace(r, source="managed") for r in parse_env_keys(spec)])
    no_file = Path(tempfile.gettempdir()) / f"graphmem-no-keys-{uuid.uuid4().hex}.json"
    app = create_app(settings.model_copy(update={"api_keys": None, "open": False, "keys_file": no_file,
                                                 **overrides}), store)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client, Keys(tokens)
    finally:
        drop_keys(store, [hash_key(t) for t in tokens.values()])


def drop_keys(store: Store, hashes: list[str]) -> None:
    """Delete test keys from Neo4j (keys span namespaces: purging a namespace leaves them) and move the
    keyring's version, so that every live keyring forgets them."""
    cypher(store, "MATCH (a:ApiKey) WHERE a.hash IN $hashes DETACH DELETE a", hashes=hashes)
    cypher(store, "MERGE (r:ApiKeyring {name: 'api'}) SET r.version = coalesce(r.version, 0) + 1")


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str  # template, e.g. /v1/{ns}/entities/{key}
    operation: dict[str, Any]

    @property
    def writes(self) -> bool:
        return self.method in WRITE_METHODS and self.path not in READ_POSTS

    def url(self, ns: str, **values: str) -> str:
        """The path with `{ns}` and every other parameter filled (unknown ones get `x-1`)."""
        def fill(m: re.Match[str]) -> str:
            name = m.group(1).split(":")[0]
            return ns if name == "ns" else values.get(name, "x-1")
        return re.sub(r"\{([^}]+)\}", fill, self.path)

    def query_params(self) -> set[str]:
        return {p["name"] for p in self.operation.get("parameters", []) if p.get("in") == "query"}

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


def v1_endpoints(app: FastAPI) -> list[Endpoint]:
    """Every namespaced endpoint the app serves (read from its OpenAPI document, so that endpoints
    other areas add later are covered too)."""
    out = []
    for path, item in app.openapi()["paths"].items():
        if path.startswith("/v1/{ns}"):
            for method, operation in item.items():
                out.append(Endpoint(method.upper(), path, operation))
    return sorted(out, key=str)


def call(client: TestClient, ep: Endpoint, ns: str, headers: dict[str, str], **values: str) -> Any:
    """Call an endpoint with a minimal body; auth and namespace checks come before body validation."""
    kwargs: dict[str, Any] = {"headers": headers}
    if ep.method in {"POST", "PUT", "PATCH"}:
        kwargs["json"] = {}
    return client.request(ep.method, ep.url(ns, **values), **kwargs)


def cypher(store: Store, query: str, **params: Any) -> list[dict[str, Any]]:
    """Raw Cypher, for tests only: seeding what no endpoint writes yet, and checking what is stored."""
    records, _, _ = store._driver.execute_query(query, params, database_=store.services.settings.neo4j_database)
    return [dict(r) for r in records]


def all_property_text(store: Store, ns: str) -> str:
    """Every property of every node and relationship touching the namespace, as one string, once the
    background writers (marks of use, keyword statistics, summary text) wrote what is pending."""
    from graphmem.channels.conversation import drain_folds
    from graphmem.channels.search import drain_stats, drain_touches

    drain_touches()
    drain_stats()
    drain_folds()
    nodes = cypher(store, "MATCH (n {ns: $ns}) RETURN labels(n) AS l, properties(n) AS p", ns=ns)
    rels = cypher(store, "MATCH (n {ns: $ns})-[r]-() RETURN DISTINCT type(r) AS t, properties(r) AS p", ns=ns)
    return repr(nodes) + repr(rels)


# --- twin tenants for the isolation tests: distinct ids, and canaries that show a leak ---------------

@dataclass
class Tenant:
    """One tenant of an isolation test and everything it writes through the API.

    Twin tenants share the vocabulary (the same kinds of sentences and attribute names) but no value.
    With identical ids on both sides, as the tests once had, a leak looked like a correct answer.
    `tag` is in every id and name the other tenant may send as a parameter (entity keys, session and
    turn ids, email, attribute and relation type names, task types), so a response holding it names
    this tenant's data; `secret` is in every value the tenant writes that nobody else ever sends
    (attribute values, relation properties, turn texts and metadata, trajectory steps, reasons,
    sources), so finding it in another tenant's response is a leak whatever the request was."""

    ns: str
    person: str  # "Vera Quinn": names and turn texts read like a real tenant's
    city: str
    tag: str = field(default_factory=lambda: f"q{uuid.uuid4().hex[:6]}")  # not hex: in no uuid or number
    secret: str = field(default_factory=lambda: f"cnry{uuid.uuid4().hex[:12]}")
    phone: str = field(default_factory=lambda: "+86 139 %04d %04d" % divmod(uuid.uuid4().int % 10**8, 10**4))
    workflow_ids: list[str] = field(default_factory=list)  # filled by seed_tenant: keys and version ids

    user_key: str = field(init=False)  # the ids below all carry the tag
    org_key: str = field(init=False)
    gone_key: str = field(init=False)  # erased at seeding
    order: str = field(init=False)
    name: str = field(init=False)
    email: str = field(init=False)
    sid: str = field(init=False)
    speaker: str = field(init=False)
    attr: str = field(init=False)  # an attribute declared many-valued
    rel: str = field(init=False)  # a relation type declared single-valued
    task_type: str = field(init=False)
    action: str = field(init=False)

    def __post_init__(self) -> None:
        t, u, first = self.tag, self.tag.upper(), self.person.split()[0]
        self.user_key, self.org_key, self.gone_key, self.order = f"CU-{u}", f"ORG-{u}", f"GONE-{u}", f"ORD-{u}"
        self.name, self.email = f"{self.person} {u}", f"{first.lower()}.{t}@example.org"
        self.sid, self.speaker, self.attr, self.rel = f"chat-{t}", f"{first}-{t}", f"note_{t}", f"USES_{u}"
        self.task_type, self.action = f"refund_{t}", f"refund_tool_{t}"

    @property
    def task(self) -> str:
        return f"Refund order {self.order} for {self.email}"

    def turn_id(self, i: int) -> str:
        return f"{self.tag}:t{i}"

    def traj_id(self, i: int) -> str:
        return f"run-{self.tag}-{i}"

    def sentences(self) -> list[str]:
        """Turn texts without the secret: what another tenant may search and recall with."""
        return [f"My order {self.order} has not arrived yet, phone {self.phone}",
                f"The parcel for {self.user_key} should go to {self.city}, not Beijing",
                f"Please change the delivery address of {self.user_key} to 88 {self.city} Road",
                f"I prefer email at {self.email} for updates, this is {self.name}",
                f"Can you refund {self.order} if it does not arrive by Friday?"]

    def text(self, i: int) -> str:
        s = self.sentences()
        return f"{s[i % len(s)]} [{self.secret}]"

    @property
    def marks(self) -> list[str]:
        """What no other tenant's response may hold, lower case (phones also as the stored digits)."""
        return [self.tag, self.secret, self.phone.lower(), re.sub(r"\D", "", self.phone)]


def seed_tenant(client: TestClient, t: Tenant, agent: dict[str, str], dpo: dict[str, str], turns: int) -> None:
    """Write through the real API a canary into every field a tenant can write: entities (keys, names,
    attribute values, a past and a retracted version, sources, reasons), declarations, a relation
    with properties, an erased entity, `turns` turns of one session (folded into summaries past the
    window), and four trajectories with their workflow."""
    def ok(r: Any, *codes: int) -> Any:
        assert r.status_code in (codes or (200, 201)), r.text
        return r.json()

    base, s = f"/v1/{t.ns}", t.secret
    ok(client.put(f"{base}/attributes/{t.attr}", json={"many": True}, headers=agent))
    ok(client.put(f"{base}/relation-types/{t.rel}", json={"many": False}, headers=agent))
    for key, type_, name, attrs in [
            (t.user_key, "user", t.name, {"phone": t.phone, "email": t.email, "city": t.city, t.attr: f"gold {s}"}),
            (t.org_key, "org", f"{t.city} Logistics {t.tag}", {t.attr: f"vendor {s}"}),
            (t.gone_key, "user", f"Gone {t.tag}", {"email": f"gone.{t.tag}@example.org"})]:
        ok(client.put(f"{base}/entities/{key}", json={"type": type_, "name": name, "attributes": attrs,
                                                      "source": f"crm {s}", "reason": f"signup {s}"}, headers=agent))
    ok(client.delete(f"{base}/entities/{t.gone_key}", params={"reason": f"gdpr {s}"}, headers=dpo))
    ok(client.post(f"{base}/facts/batch", headers=agent, json={"facts": [
        {"entity": t.user_key, "attribute": "tier", "value": f"silver-{s}", "valid_from": "2020-01-01",
         "valid_to": "2021-01-01", "source": f"import {s}"},
        {"entity": t.user_key, "attribute": "plan", "value": f"plus-{s}", "reason": f"upsell {s}"}]}))
    ok(client.post(f"{base}/facts/retract", json={"entity": t.user_key, "attribute": "plan",
                                                  "reason": f"downgrade {s}"}, headers=agent))
    ok(client.post(f"{base}/relations", json={"from": t.user_key, "type": t.rel, "to": t.org_key,
                                              "properties": {"note": f"contract {s}"}, "reason": f"deal {s}"},
                   headers=agent))
    rows = [{"role": "user" if i % 2 == 0 else "assistant", "text": t.text(i), "id": t.turn_id(i),
             "speaker": t.speaker, "metadata": {"note": s}} for i in range(turns)]
    for start in range(0, turns, 250):
        ok(client.post(f"{base}/sessions/{t.sid}/turns/batch", json={"turns": rows[start:start + 250]},
                       headers=agent), 201)
    for i in range(4):
        run: dict[str, Any] = {"id": t.traj_id(i), "task": t.task, "task_type": t.task_type,
                               "outcome": "success" if i < 3 else "failure",
                               "steps": [{"action": "lookup_order", "args": {"order": t.order, "note": s}},
                                         {"action": t.action, "args": {"why": f"refund {s}"}}]}
        if i == 3:
            run["error"] = f"timeout {s}"
        change = ok(client.post(f"{base}/trajectories", json=run, headers=agent), 201)["workflow"]
        if change:
            t.workflow_ids += [w for w in (change["key"], change["id"]) if w not in t.workflow_ids]


def strings(obj: Any) -> list[str]:
    """Every string in a JSON value (keys too): what a caller sent."""
    if isinstance(obj, dict):
        return [s for k, v in obj.items() for s in (k, *strings(v))]
    if isinstance(obj, list):
        return [s for v in obj for s in strings(v)]
    return [obj] if isinstance(obj, str) else []


def leaks(body: str, owner: Tenant, sent: list[str]) -> list[str]:
    """The owner's canaries in a response body once what the caller sent is taken out: an error or
    an answer may echo the id it was given (not a leak); anything else of the owner's is one. The
    owner's `secret` is never sent, so it is found wherever it is."""
    text, forms = body.lower(), set()
    for value in sent:
        for piece in (value, *re.findall(r"[\w.@+:/-]+", value)):
            forms |= {piece.lower(), *([d] if len(d := re.sub(r"\D", "", piece)) >= 7 else [])}
        # a word of what was sent, echoed as a JSON string of its own (search lists its query's terms)
        forms |= {f'"{word}"' for word in re.findall(r"[a-z0-9]+", value.lower())}
    # forms shorter than 3 characters (a `depth` of "5") are no echo worth removing: taken out, they cut every
    # mark holding that character (the tag `q5fe230`), and the owner's own data then looked leak-free
    for form in sorted(forms, key=len, reverse=True):
        text = text.replace(form, "") if len(form) >= 3 else text
    return [m for m in owner.marks if m in text]
