"""Keys and roles over REST, for every /v1 endpoint the app serves: 401 without or with a wrong key,
403 (never 404) for a namespace or a role the key lacks, views limited by role; 401 before the body is
read; keys kept in Neo4j, so that replicas agree within a second, and the keys file `serve` imports."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.access import keystore
from graphmem.access.auth import KeyRecord, KeysFile, hash_key, make_record
from graphmem.errors import Unauthorized
from graphmem.settings import Settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.cli import cli
from graphmem_tools.service import prepare_serve
from tenancy import Keys, call, cypher, drop_keys, keyed_client, v1_endpoints

pytestmark = pytest.mark.neo4j


@pytest.fixture
def other_ns(store: Store) -> Iterator[Namespace]:
    namespace = Namespace(f"test-{uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


@pytest.fixture
def keyed(settings: Settings, store: Store, ns: Namespace, other_ns: Namespace) -> Iterator[tuple[TestClient, Keys]]:
    with keyed_client(settings, store, {
        "agent": ("agent", [ns.name]), "auditor": ("auditor", [ns.name]),
        "compliance": ("compliance", [ns.name]), "admin": ("admin", ["*"]),
        "other": ("agent", [other_ns.name]),
    }) as pair:
        yield pair


def _is_envelope(body: object, code: str) -> bool:
    return isinstance(body, dict) and set(body) == {"error"} and body["error"]["code"] == code


def test_every_endpoint_needs_a_known_key(keyed: tuple[TestClient, Keys], ns: Namespace) -> None:
    client, keys = keyed
    endpoints = v1_endpoints(client.app)  # type: ignore[arg-type]
    assert len(endpoints) >= 3
    for ep in endpoints:
        for headers, code in [({}, "missing_key"), ({"Authorization": "Bearer not-a-real-key-0123456789"}, "invalid_key"),
                              ({"Authorization": f"Basic {keys.tokens['agent']}"}, "invalid_key")]:
            r = call(client, ep, ns.name, headers)
            assert r.status_code == 401, (str(ep), headers, r.text)
            assert _is_envelope(r.json(), code), (str(ep), r.text)


def test_a_namespace_the_key_lacks_is_403_never_404(keyed: tuple[TestClient, Keys], ns: Namespace,
                                                    other_ns: Namespace) -> None:
    client, keys = keyed
    for ep in v1_endpoints(client.app):  # type: ignore[arg-type]
        for name in ("agent", "auditor", "compliance"):
            r = call(client, ep, other_ns.name, keys.auth(name))
            assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_namespace"), (str(ep), name, r.text)
        r = call(client, ep, ns.name, keys.auth("other"))
        assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_namespace"), (str(ep), r.text)


def test_auditors_and_compliance_never_write_memory(keyed: tuple[TestClient, Keys], ns: Namespace) -> None:
    client, keys = keyed
    erase_or_purge = {"DELETE /v1/{ns}/entities/{key}", "POST /v1/{ns}/purge"}
    writes = [ep for ep in v1_endpoints(client.app) if ep.writes]  # type: ignore[arg-type]
    assert {str(ep) for ep in writes} >= erase_or_purge
    for ep in writes:
        r = call(client, ep, ns.name, keys.auth("auditor"))
        assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_role"), (str(ep), r.text)
        if str(ep) not in erase_or_purge:
            r = call(client, ep, ns.name, keys.auth("compliance"))
            assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_role"), (str(ep), r.text)
    assert cypher(client.app.state.store, "MATCH (n {ns: $ns}) RETURN count(n) AS n", ns=ns.name)[0]["n"] == 0  # type: ignore[attr-defined]


def test_agents_neither_erase_nor_purge_nor_read_the_compliance_view(keyed: tuple[TestClient, Keys],
                                                                     ns: Namespace) -> None:
    client, keys = keyed
    agent = keys.auth("agent")
    r = client.request("DELETE", f"/v1/{ns.name}/entities/U-1", json={"reason": "x"}, headers=agent)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden_role"
    r = client.post(f"/v1/{ns.name}/purge", json={}, headers=agent)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden_role"
    for name in ("agent", "auditor"):
        r = client.get(f"/v1/{ns.name}/erasures", headers=keys.auth(name))
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden_view", name
    for name in ("compliance", "admin"):
        r = client.get(f"/v1/{ns.name}/erasures", headers=keys.auth(name))
        assert r.status_code == 200 and r.json() == {"erasures": [], "purges": []}, name


def test_view_parameter_beyond_the_role_is_403(keyed: tuple[TestClient, Keys], ns: Namespace) -> None:
    client, keys = keyed
    with_view = [ep for ep in v1_endpoints(client.app) if "view" in ep.query_params()]  # type: ignore[arg-type]
    for ep in with_view:
        for name, view in [("agent", "audit"), ("agent", "compliance"), ("auditor", "compliance"),
                           ("compliance", "audit")]:
            r = client.request(ep.method, ep.url(ns.name), params={"view": view}, headers=keys.auth(name),
                               json={} if ep.method in {"POST", "PUT"} else None)
            assert r.status_code == 403 and _is_envelope(r.json(), "forbidden_view"), (str(ep), name, view, r.text)


def test_compliance_and_admin_erase_and_the_record_names_the_key_id(keyed: tuple[TestClient, Keys], ns: Namespace,
                                                                   store: Store) -> None:
    client, keys = keyed
    cypher(store, "UNWIND ['U-1', 'U-2'] AS k CREATE (:Entity {ns: $ns, key: k, type: 'user'})", ns=ns.name)
    r = client.delete(f"/v1/{ns.name}/entities/U-1", params={"reason": "request"}, headers=keys.auth("compliance"))
    assert r.status_code == 200 and r.json()["erased_by"] == keys.key_id("compliance")
    r = client.delete(f"/v1/{ns.name}/entities/U-2", params={"reason": "request"}, headers=keys.auth("admin"))
    assert r.status_code == 200 and r.json()["erased_by"] == keys.key_id("admin")
    stored = cypher(store, "MATCH (e:Entity {ns: $ns}) RETURN e.key AS key, e.erased_by AS by ORDER BY key",
                    ns=ns.name)
    assert stored == [{"key": "U-1", "by": keys.key_id("compliance")}, {"key": "U-2", "by": keys.key_id("admin")}]
    assert keys.tokens["admin"] not in repr(stored)


def test_admin_key_spans_namespaces(keyed: tuple[TestClient, Keys], other_ns: Namespace) -> None:
    client, keys = keyed
    r = client.get(f"/v1/{other_ns.name}/erasures", headers=keys.auth("admin"))
    assert r.status_code == 200


def test_bad_namespace_name_is_422_after_auth(keyed: tuple[TestClient, Keys]) -> None:
    client, keys = keyed
    r = client.get("/v1/Bad_NS/erasures", headers=keys.auth("admin"))
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_namespace"
    assert r.json()["error"]["details"]["fields"][0]["field"] == "ns"
    assert client.get("/v1/Bad_NS/erasures").status_code == 401


# --- keys that lock: shared by replicas through Neo4j, changed without a restart -------------------------
def _closed(settings: Settings, tmp: Path, **update: object) -> Settings:
    return settings.model_copy(update={"open": False, "api_keys": None, "keys_file": tmp / "keys.json", **update})


def _until(client: TestClient, ns: Namespace, key: str, accepted: bool, limit: float = 3.0) -> float:
    """Seconds until `client` accepts (404: authenticated, no such entity) or refuses (401) `key`, counted
    to the start of the first request that did (not to its answer: a first read may be slow)."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        sent = time.monotonic()
        r = client.get(f"/v1/{ns.name}/entities/E-1", headers={"Authorization": f"Bearer {key}"})
        if (r.status_code == 404) if accepted else (r.status_code == 401):
            return sent - started
        assert r.status_code in (401, 404), r.text
        time.sleep(0.02)
    raise AssertionError(f"key still {'refused' if accepted else 'accepted'} after {limit}s")


def test_replicas_agree_within_a_second(settings: Settings, store: Store, ns: Namespace, tmp_path: Path) -> None:
    """Two apps (two keyrings, two drivers) on one database: a key created through one is accepted by the
    other, and a revocation through one is honoured by both, within a second, without a restart."""
    with open_store(settings, apply_schema=False) as store_two, \
            TestClient(create_app(_closed(settings, tmp_path / "one"), store)) as one, \
            TestClient(create_app(_closed(settings, tmp_path / "two"), store_two)) as two:
        key, rec = keystore.create_key(store, "agent", [ns.name], "replica-test")
        try:
            created = _until(two, ns, key, accepted=True)
            assert one.get(f"/v1/{ns.name}/entities/E-1", headers={"Authorization": f"Bearer {key}"}).status_code == 404
            keystore.revoke_key(store_two, rec.key_id)
            revoked_two = _until(two, ns, key, accepted=False)
            revoked_one = _until(one, ns, key, accepted=False)
            print(f"\nnew key accepted by the other replica after {created * 1000:.0f} ms; revocation honoured "
                  f"after {revoked_two * 1000:.0f} ms (same replica) and {revoked_one * 1000:.0f} ms (other)")
            assert max(created, revoked_one, revoked_two) < 1.0
        finally:
            drop_keys(store, [rec.key_hash])


def test_the_file_keys_create_writes_is_the_one_serve_reads(settings: Settings, store: Store, ns: Namespace,
                                                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"GRAPHMEM_HOME": str(tmp_path), "GRAPHMEM_API_KEYS": "", "GRAPHMEM_OPEN": "false",
           "NEO4J_URI": settings.neo4j_uri or "", "NEO4J_PASSWORD": _password(settings),
           "NEO4J_USER": settings.neo4j_user}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("GRAPHMEM_KEYS_FILE", raising=False)
    runner = CliRunner()
    made = runner.invoke(cli, ["keys", "create", "--role", "admin", "--ns", ns.name, "--name", "probe"])
    assert made.exit_code == 0, made.output
    key = made.stdout.strip().splitlines()[0]
    digest = hash_key(key)
    try:
        assert digest in (tmp_path / "keys.json").read_text() and key not in (tmp_path / "keys.json").read_text()
        listed = runner.invoke(cli, ["keys", "list"])
        assert digest[:12] in listed.stdout and "active" in listed.stdout and key not in listed.stdout
        served = prepare_serve()
        assert served.keys_path == tmp_path / "keys.json" and not served.open
        drop_keys(store, [digest])  # now only the file knows the key: serve must import it
        with TestClient(create_app(served, store)) as client:
            assert client.get(f"/v1/{ns.name}/entities/E-1", headers={"Authorization": f"Bearer {key}"}).status_code == 404
            assert client.get(f"/v1/{ns.name}/entities/E-1").status_code == 401
            bad = runner.invoke(cli, ["keys", "revoke", "abc"])
            assert bad.exit_code != 0 and "6 hex digits" in bad.output
            assert runner.invoke(cli, ["keys", "revoke", digest[:12]]).exit_code == 0
            assert '"revoked": true' in (tmp_path / "keys.json").read_text()  # the file kept in step
            delays = {"revoked through the CLI": _until(client, ns, key, accepted=False)}
            again = runner.invoke(cli, ["keys", "revoke", digest[:12]])
            assert again.exit_code != 0 and "no active key" in again.output
            # an edit by hand: a key added to the file works within a second, without a restart
            hand_key, hand = make_record("agent", [ns.name], "by hand")
            kf = KeysFile(tmp_path / "keys.json")
            kf.save([*kf.load(), hand])
            delays["added to the file by hand"] = _until(client, ns, hand_key, accepted=True)
            kf.save([r.revoke() if r.key_hash == hand.key_hash else r for r in kf.load()])
            delays["revoked in the file by hand"] = _until(client, ns, hand_key, accepted=False)
            print("\n" + "; ".join(f"{what}: {d * 1000:.0f} ms" for what, d in delays.items()))
            assert max(delays.values()) < 1.0, delays
            kf.save([r for r in kf.load() if r.key_hash != digest] + [KeyRecord(digest, "admin", frozenset({ns.name}))])
            time.sleep(0.7)  # a re-import of the key as active does not bring a revoked key back
            assert client.get(f"/v1/{ns.name}/entities/E-1", headers={"Authorization": f"Bearer {key}"}).status_code == 401
        exported = runner.invoke(cli, ["keys", "export", str(tmp_path / "out.json")])
        assert exported.exit_code == 0 and digest in (tmp_path / "out.json").read_text()
        assert runner.invoke(cli, ["keys", "import", str(tmp_path / "out.json")]).stdout.startswith("0 keys changed")
    finally:
        drop_keys(store, [digest, hash_key(hand_key)] if "hand_key" in locals() else [digest])


def test_serve_finds_keys_only_neo4j_holds(settings: Settings, store: Store, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHMEM_HOME", str(tmp_path))
    monkeypatch.setenv("GRAPHMEM_API_KEYS", "")
    monkeypatch.setenv("NEO4J_URI", settings.neo4j_uri or "")
    monkeypatch.setenv("NEO4J_USER", settings.neo4j_user)
    monkeypatch.setenv("NEO4J_PASSWORD", _password(settings))
    monkeypatch.delenv("GRAPHMEM_KEYS_FILE", raising=False)
    _, rec = keystore.create_key(store, "auditor", ["*"], "elsewhere")
    try:
        assert not prepare_serve().open  # no file, no env: the key in Neo4j is enough
    finally:
        drop_keys(store, [rec.key_hash])


def test_authentication_comes_before_the_body(keyed: tuple[TestClient, Keys], ns: Namespace) -> None:
    client, keys = keyed
    url, body = f"/v1/{ns.name}/search", b'{"query": "unterminated'
    for headers, status in [({"Authorization": "Bearer not-a-real-key-0123456789"}, 401), ({}, 401),
                            (keys.auth("agent"), 400)]:
        r = client.post(url, content=body, headers={"Content-Type": "application/json", **headers})
        assert r.status_code == status, (headers, r.text)
    r = client.post(url, json={"query": 5}, headers={"Authorization": "Bearer not-a-real-key-0123456789"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "invalid_key"  # before 422, too
    big = iter([b'{"query": "' + b"x" * 700_000, b"x" * 700_000 + b'"}'])  # streamed: no Content-Length
    r = client.post(url, content=big, headers={"Authorization": "Bearer not-a-real-key-0123456789"})
    assert r.status_code == 401  # before a body read past the limit (413)


def test_an_unreachable_neo4j_keeps_the_last_known_keys(settings: Settings, store: Store, ns: Namespace,
                                                        tmp_path: Path) -> None:
    """Neither open up nor lock everyone out: a failed poll leaves the keyring as it was."""
    live = keystore.LiveKeyring(open_access=False, api_keys=None, keys_file=tmp_path / "none.json")
    key, rec = keystore.create_key(store, "agent", [ns.name], "outage")
    try:
        assert live.refresh(store, force=True)
        dead = Store(settings.model_copy(update={"neo4j_max_retry_time": 0.5}), "bolt://127.0.0.1:1", None)
        try:
            started = time.monotonic()
            assert not live.refresh(dead, force=True)
            print(f"\nfailed poll gave up after {(time.monotonic() - started) * 1000:.0f} ms")
        finally:
            dead.close()
        assert live.authenticate(f"Bearer {key}").role == "agent"
        with pytest.raises(Unauthorized):
            live.authenticate(None)
    finally:
        drop_keys(store, [rec.key_hash])


def _password(settings: Settings) -> str:
    """The session server's password (the managed test server's is generated, not in the environment)."""
    return settings.neo4j_password.get_secret_value() if settings.neo4j_password else ""


def test_a_key_removed_from_graphmem_api_keys_is_revoked_at_the_next_start(settings: Settings, store: Store,
                                                                           ns: Namespace, tmp_path: Path) -> None:
    """An operator lists two keys in GRAPHMEM_API_KEYS, later deletes one line and restarts: that key
    answers 401 (on every replica: it is revoked in Neo4j), the other still works, and an export of the
    keys and its re-import (the keys file `serve` keeps) does not bring it back. A process started without
    the variable revokes nothing."""
    kept, dropped = f"kept-{uuid4().hex}", f"dropped-{uuid4().hex}"
    no_file = tmp_path / "none.json"

    def started(api_keys: str | None) -> TestClient:
        return TestClient(create_app(settings.model_copy(update={"api_keys": api_keys, "open": False,
                                                                 "keys_file": no_file}), store),
                          raise_server_exceptions=False)

    def status(client: TestClient, key: str) -> int:
        return client.get(f"/v1/{ns.name}/entities/nobody",
                          headers={"Authorization": f"Bearer {key}"}).status_code

    try:
        with started(f"{kept}:agent:{ns.name};{dropped}:agent:{ns.name}") as first:
            assert status(first, kept) == 404 and status(first, dropped) == 404
            with started(None) as unset:  # a replica without the variable (or `graphmem keys list`)
                assert status(unset, dropped) == 404
            exported = tmp_path / "keys.json"
            keystore.export_keys(store, exported)
            with started(f"{kept}:agent:{ns.name}") as second:  # the line of `dropped` deleted
                assert status(second, kept) == 404
                assert status(second, dropped) == 401
                time.sleep(keystore.REFRESH_SECONDS + 0.1)
                assert status(first, dropped) == 401  # the replica still running learns it too
            keystore.import_keys(store, KeysFile(exported).load())
            with started(f"{kept}:agent:{ns.name}") as third:
                assert status(third, dropped) == 401 and status(third, kept) == 404
        [row] = [r for r in keystore.list_keys(store) if r.key_hash == hash_key(dropped)]
        assert row.revoked and row.source == "env"
    finally:
        drop_keys(store, [hash_key(kept), hash_key(dropped)])
