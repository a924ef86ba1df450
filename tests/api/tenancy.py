"""Helpers for the auth, isolation, erasure and idempotency tests: apps with API keys, the /v1 routes
the app serves (so that endpoints added later are covered without editing the tests), raw Cypher
for seeding and for checking what is really stored."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.auth import hash_key
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
    """A TestClient on an app with `keys` = {name: (role, [namespaces or "*"])} configured."""
    tokens = {name: f"{name}-{uuid.uuid4().hex}" for name in keys}
    spec = ";".join(f"{tokens[n]}:{role}:{','.join(nss)}" for n, (role, nss) in keys.items())
    app = create_app(settings.model_copy(update={"api_keys": spec, **overrides}), store)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, Keys(tokens)


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
    records, _, _ = store._driver.execute_query(query, params, database_=store.settings.neo4j_database)
    return [dict(r) for r in records]


def all_property_text(store: Store, ns: str) -> str:
    """Every property of every node and relationship touching the namespace, as one string."""
    nodes = cypher(store, "MATCH (n {ns: $ns}) RETURN labels(n) AS l, properties(n) AS p", ns=ns)
    rels = cypher(store, "MATCH (n {ns: $ns})-[r]-() RETURN DISTINCT type(r) AS t, properties(r) AS p", ns=ns)
    return repr(nodes) + repr(rels)
