"""Stateless API replicas (issue #23): two real uvicorn processes on the session's Neo4j, one of them
connected through `neo4j://` (the driver's routing; a single Community server answers with a routing
table naming itself for every role), and a Store opened through `neo4j://` that routes every read with
READ access and every write with WRITE access.

What one replica writes the other reads, with the `Graphmem-Bookmark` header the write answered (and
without it: one server has no replication lag, the header only has to be accepted); a key revoked while
both serve is refused by both within the keyring's poll bound (README "Running several replicas").
Both processes start once for the module (each loads the embedding model: the slow part).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import neo4j
import pytest

from graphmem.access import keystore
from graphmem.bookmarks import HEADER, Causal, carrying
from graphmem.localdb import free_port
from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench.replicas import routed, run_phase

pytestmark = pytest.mark.neo4j
ROOT = Path(__file__).resolve().parents[2]
START_LIMIT = 180.0
REVOCATION_BOUND = 1.0  # seconds: the keyring polls every 0.5 s (graphmem.access.keystore.REFRESH_SECONDS)


@dataclass
class Replica:
    url: str
    proc: subprocess.Popen[bytes]
    log: Path


def _start(env: dict[str, str], tmp: Path, name: str) -> Replica:
    port = free_port()
    log = tmp / f"{name}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "api.app:create_app", "--factory",
                                 "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                                cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT)
    return Replica(f"http://127.0.0.1:{port}", proc, log)


def _wait_ready(replica: Replica, deadline: float) -> None:
    while time.monotonic() < deadline:
        if replica.proc.poll() is not None:
            raise AssertionError(f"replica exited: {replica.log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{replica.url}/readyz", timeout=2.0).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"replica not ready after {START_LIMIT}s: {replica.log.read_text()[-2000:]}")


@pytest.fixture(scope="module")
def replicas(neo4j_server: dict[str, str],
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Replica, Replica]]:
    """Two keyed API processes (keys from Neo4j only: an empty keys file of their own); the second one
    reaches Neo4j through `neo4j://`."""
    tmp = tmp_path_factory.mktemp("replicas")
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GRAPHMEM_", "NEO4J_"))}
    base.update(neo4j_server, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", GRAPHMEM_OPEN="false",
                GRAPHMEM_KEYS_FILE=str(tmp / "keys.json"), PYTHONPATH=str(ROOT))
    one = _start(base, tmp, "one")
    two = _start({**base, "NEO4J_URI": routed(neo4j_server["NEO4J_URI"])}, tmp, "two")
    try:
        deadline = time.monotonic() + START_LIMIT
        _wait_ready(one, deadline)
        _wait_ready(two, deadline)
        yield one, two
    finally:
        for r in (one, two):
            r.proc.terminate()
        for r in (one, two):
            try:
                r.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                r.proc.kill()


@pytest.fixture
def key(store: Store, ns: Namespace) -> Iterator[tuple[str, str]]:
    """An agent key of the test's namespace, kept in Neo4j: (key, key_id)."""
    secret, rec = keystore.create_key(store, "agent", [ns.name], "replica-test")
    yield secret, rec.key_id
    # test keys span namespaces (a purge leaves them): delete, and move the version so keyrings forget it
    store._driver.execute_query("MATCH (a:ApiKey {hash: $hash}) DETACH DELETE a", {"hash": rec.key_hash},
                                database_=store.services.settings.neo4j_database)
    store._driver.execute_query("MATCH (r:ApiKeyring {name: 'api'}) SET r.version = r.version + 1",
                                database_=store.services.settings.neo4j_database)


def _call(replica: Replica, method: str, path: str, key: str, token: str | None = None,
          body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {key}", **({HEADER: token} if token else {})}
    deadline = time.monotonic() + 5.0  # a new key reaches the other keyring within its poll interval
    while True:
        r = httpx.request(method, f"{replica.url}{path}", headers=headers, json=body, timeout=30.0)
        if r.status_code != 401 or time.monotonic() > deadline:
            return r
        time.sleep(0.1)


def test_what_one_replica_writes_the_other_reads(replicas: tuple[Replica, Replica], ns: Namespace,
                                                 key: tuple[str, str]) -> None:
    one, two = replicas
    secret = key[0]
    put = _call(one, "PUT", f"/v1/{ns.name}/entities/U-1", secret, body={"type": "user"})
    assert put.status_code in (200, 201), put.text
    fact = _call(one, "POST", f"/v1/{ns.name}/facts", secret, token=put.headers[HEADER],
                 body={"entity": "U-1", "attribute": "plan", "value": "pro"})
    assert fact.status_code in (200, 201), fact.text
    token = fact.headers[HEADER]
    for sent in (token, None):  # with the header: guaranteed; without: one server has no lag
        read = _call(two, "GET", f"/v1/{ns.name}/entities/U-1", secret, token=sent)
        assert read.status_code == 200, read.text
        assert "pro" in read.text

    turn = _call(two, "POST", f"/v1/{ns.name}/sessions/s-1/turns", secret, token=token,
                 body={"role": "user", "text": "my order A-17 never arrived"})
    assert turn.status_code in (200, 201), turn.text
    window = _call(one, "GET", f"/v1/{ns.name}/sessions/s-1/window", secret, token=turn.headers[HEADER])
    assert window.status_code == 200 and "A-17" in window.text, window.text
    bad = _call(two, "GET", f"/v1/{ns.name}/entities/U-1", secret, token="%%%")
    assert bad.status_code == 400 and bad.json()["error"]["details"]["header"] == HEADER


def test_under_concurrent_load_two_replicas_answer_as_one(replicas: tuple[Replica, Replica], ns: Namespace,
                                                          key: tuple[str, str]) -> None:
    """`graphmem bench replicas`' load, small: writers alternate replicas, each write read back from the other
    with its header; every read shows its write, and afterwards both replicas answer alike and right."""
    one, two = replicas
    _call(one, "GET", f"/v1/{ns.name}/entities/nobody", key[0])  # both keyrings know the key before the load
    _call(two, "GET", f"/v1/{ns.name}/entities/nobody", key[0])
    tally, _, (differ, wrong) = run_phase([one.url, two.url], ns.name, writers=4, ops=6,
                                          auth={"Authorization": f"Bearer {key[0]}"})
    assert tally.errors == [] and tally.steps == 24
    assert tally.own_write_read == tally.steps  # read-your-writes: 100 % with the header
    assert (differ, wrong) == (0, 0)


def test_a_key_revoked_is_refused_by_both_replicas(replicas: tuple[Replica, Replica], store: Store,
                                                   ns: Namespace, key: tuple[str, str]) -> None:
    secret, key_id = key
    for r in replicas:
        assert _call(r, "GET", f"/v1/{ns.name}/entities/U-9", secret).status_code == 404  # accepted
    keystore.revoke_key(store, key_id)
    revoked = time.monotonic()
    waited = {}
    for i, r in enumerate(replicas):
        while True:
            code = httpx.get(f"{r.url}/v1/{ns.name}/entities/U-9", timeout=10.0,
                             headers={"Authorization": f"Bearer {secret}"}).status_code
            if code == 401:
                waited[i] = time.monotonic() - revoked
                break
            assert code == 404 and time.monotonic() - revoked < 5.0, code
            time.sleep(0.05)
    print(f"\nrevocation refused after {waited[0] * 1000:.0f} ms (replica one), {waited[1] * 1000:.0f} ms (two)")
    assert max(waited.values()) < REVOCATION_BOUND


def test_neo4j_routing_reads_ask_for_read_access(settings: Settings) -> None:
    """A Store through `neo4j://`: writes and reads succeed, every read session asks for READ access
    and every write session for WRITE, and the driver holds a routing table for the database."""
    uri = routed(settings.neo4j_uri or "")
    auth = (settings.neo4j_user, settings.neo4j_password.get_secret_value() if settings.neo4j_password else "")
    routed_store = Store(settings, uri, auth)
    ns = Namespace(f"test-routing-{os.getpid()}-{time.monotonic_ns() % 10**9}")
    modes: list[str] = []
    opened = routed_store._session

    def recording(after: frozenset[str] | None = None, **config: Any) -> neo4j.Session:
        modes.append(config.get("default_access_mode", "unset"))
        return opened(after, **config)

    routed_store._session = recording  # type: ignore[method-assign]
    try:
        from graphmem.channels.exact import read_entity
        from graphmem.channels.temporal import assert_fact, put_entity

        causal = Causal()
        with carrying(causal):
            put_entity(routed_store, ns, key="U-1", type="user")
            assert_fact(routed_store, ns, entity="U-1", attribute="plan", value="pro")
            assert modes and set(modes) == {neo4j.WRITE_ACCESS}, modes
            modes.clear()
            entity = read_entity(routed_store, ns, key="U-1")
        assert "pro" in str(entity)
        assert modes and set(modes) == {neo4j.READ_ACCESS}, modes
        assert causal.produced, "the writes' bookmarks were recorded"
        table = routed_store._driver._pool.routing_tables[settings.neo4j_database]
        assert table.readers and table.writers
    finally:
        purge_namespace(routed_store, ns.name)
        routed_store.close()
