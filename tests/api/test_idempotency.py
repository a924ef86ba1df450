"""Idempotency-Key: a retried POST returns the first answer without a second write, for every replica
(the record lives in Neo4j), scoped to (API key, namespace, route), kept 24 h."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem import idempotency
from graphmem.channels.conversation import NewTurn, add_turn
from graphmem.errors import Conflict, IdempotencyMismatch, StoreUnavailable
from graphmem.instants import utcnow
from graphmem.settings import Settings
from graphmem.store import Store, marking
from graphmem.types import Namespace
from tenancy import cypher, keyed_client

pytestmark = pytest.mark.neo4j


def count(store: Store, ns: Namespace, label: str) -> int:
    rows = cypher(store, "MATCH (n {ns: $ns}) WHERE $label IN labels(n) RETURN count(n) AS n", ns=ns.name, label=label)
    return int(rows[0]["n"])


def post_purge(client: TestClient, ns: Namespace, key: str | None, body: dict[str, Any],
               headers: dict[str, str] | None = None) -> Any:
    h = dict(headers or {})
    if key is not None:
        h["Idempotency-Key"] = key
    return client.post(f"/v1/{ns.name}/purge", json=body, headers=h)


def test_same_key_same_body_one_write_same_answer(client: TestClient, store: Store, ns: Namespace) -> None:
    first = post_purge(client, ns, "retry-1", {"older_than_days": 3})
    second = post_purge(client, ns, "retry-1", {"older_than_days": 3})
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    assert "Idempotency-Replayed" not in first.headers and second.headers["Idempotency-Replayed"] == "true"
    assert count(store, ns, "PurgeRecord") == 1
    assert post_purge(client, ns, None, {"older_than_days": 3}).json()["id"] != first.json()["id"]
    assert count(store, ns, "PurgeRecord") == 2  # without the header every POST runs


def test_same_key_other_body_is_422(client: TestClient, store: Store, ns: Namespace) -> None:
    assert post_purge(client, ns, "retry-2", {"older_than_days": 3}).status_code == 200
    r = post_purge(client, ns, "retry-2", {"older_than_days": 4})
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "idempotency_key_reused" and err["details"]["fields"][0]["field"] == "Idempotency-Key"
    assert count(store, ns, "PurgeRecord") == 1
    # key order and spacing are not a different body
    r = client.post(f"/v1/{ns.name}/purge", content=b'{ "older_than_days" : 3 }',
                    headers={"Idempotency-Key": "retry-2", "content-type": "application/json"})
    assert r.status_code == 200 and r.headers["Idempotency-Replayed"] == "true"


def test_concurrent_identical_requests_write_once(client: TestClient, store: Store, ns: Namespace) -> None:
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: post_purge(client, ns, "race-1", {"older_than_days": 5}), range(4)))
    assert {a.status_code for a in answers} == {200}
    assert len({a.json()["id"] for a in answers}) == 1
    assert count(store, ns, "PurgeRecord") == 1
    assert count(store, ns, "IdempotencyKey") == 1


def test_scope_is_api_key_namespace_and_route(settings: Settings, store: Store, ns: Namespace) -> None:
    with keyed_client(settings, store, {"c1": ("compliance", [ns.name]), "c2": ("compliance", [ns.name])}) as (
            client, keys):
        a = post_purge(client, ns, "shared", {"older_than_days": 1}, keys.auth("c1"))
        b = post_purge(client, ns, "shared", {"older_than_days": 1}, keys.auth("c2"))
        assert a.status_code == b.status_code == 200 and a.json()["id"] != b.json()["id"]
        assert a.json()["by"] == keys.key_id("c1") and b.json()["by"] == keys.key_id("c2")
        assert count(store, ns, "PurgeRecord") == 2
        again = post_purge(client, ns, "shared", {"older_than_days": 1}, keys.auth("c1"))
        assert again.json() == a.json()


def test_refused_requests_do_not_claim_the_key(settings: Settings, store: Store, ns: Namespace) -> None:
    with keyed_client(settings, store, {"aud": ("auditor", [ns.name]), "dpo": ("compliance", [ns.name])}) as (
            client, keys):
        r = post_purge(client, ns, "k-403", {}, keys.auth("aud"))
        assert r.status_code == 403
        r = post_purge(client, ns, "k-401", {}, {"Authorization": "Bearer wrong-key-0123456789abc"})
        assert r.status_code == 401
        assert count(store, ns, "IdempotencyKey") == 0
        assert post_purge(client, ns, "k-403", {}, keys.auth("dpo")).status_code == 200


def test_a_client_error_is_replayed_not_rerun(client: TestClient, store: Store, ns: Namespace) -> None:
    first = post_purge(client, ns, "bad-1", {"older_than_days": -1})
    again = post_purge(client, ns, "bad-1", {"older_than_days": -1})
    assert first.status_code == again.status_code == 422 and first.json() == again.json()
    assert count(store, ns, "PurgeRecord") == 0


def test_malformed_key_is_422_naming_the_header(client: TestClient, ns: Namespace) -> None:
    r = post_purge(client, ns, "has space", {})
    assert r.status_code == 422
    assert r.json()["error"]["details"]["fields"][0]["field"] == "Idempotency-Key"


def test_two_app_replicas_share_the_record(settings: Settings, store: Store, ns: Namespace) -> None:
    with TestClient(create_app(settings, store)) as one, TestClient(create_app(settings)) as two:
        a = post_purge(one, ns, "replica-1", {"older_than_days": 2})
        b = post_purge(two, ns, "replica-1", {"older_than_days": 2})
        assert a.json() == b.json() and b.headers["Idempotency-Replayed"] == "true"
    assert count(store, ns, "PurgeRecord") == 1


@pytest.fixture
def scope(ns: Namespace) -> Iterator[idempotency.Scope]:
    yield idempotency.Scope(ns, "key-1", "POST /v1/x/facts", "abc")


def test_records_expire_after_24_hours(store: Store, scope: idempotency.Scope) -> None:
    t0 = utcnow() - timedelta(hours=25)
    first = idempotency.claim(store, scope, request_hash="h1", now=t0)
    assert first.claimed
    idempotency.complete(store, scope, first.token, status=201, response="{}", media_type="application/json")
    with pytest.raises(IdempotencyMismatch):
        idempotency.claim(store, scope, request_hash="h2", now=t0 + timedelta(hours=23))
    later = idempotency.claim(store, scope, request_hash="h2")  # 25 h on: a new request
    assert later.claimed and later.request_hash == "h2" and later.status is None


def test_in_flight_claim_is_waited_for_then_replayed(store: Store, scope: idempotency.Scope) -> None:
    first = idempotency.claim(store, scope, request_hash="h1")
    seen = idempotency.claim(store, scope, request_hash="h1")
    assert not seen.claimed and seen.state == "pending"
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(idempotency.wait_done, store, scope, seen, timeout=10)
        idempotency.complete(store, scope, first.token, status=201, response='{"ok":1}', media_type="application/json")
        done = waiting.result()
    assert done.done and done.status == 201 and done.response == '{"ok":1}'


def test_released_claim_lets_the_retry_run(store: Store, scope: idempotency.Scope) -> None:
    first = idempotency.claim(store, scope, request_hash="h1")
    idempotency.release(store, scope, first.token)
    assert idempotency.claim(store, scope, request_hash="h1").claimed


def test_retried_turn_and_fact_are_written_once(client: TestClient, store: Store, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    turn = {"role": "user", "text": "please call me back tomorrow"}  # no id: without the key a retry adds a turn
    first = client.post(f"{base}/sessions/s1/turns", json=turn, headers={"Idempotency-Key": "turn-1"})
    again = client.post(f"{base}/sessions/s1/turns", json=turn, headers={"Idempotency-Key": "turn-1"})
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert count(store, ns, "Turn") == 1
    written = cypher(store, "MATCH (r:IdempotencyKey {ns: $ns}) RETURN r.written IS NOT NULL AS w", ns=ns.name)
    assert written == [{"w": True}], "the turn's transaction marked its claim (through group commit)"
    client.post(f"{base}/sessions/s1/turns", json=turn)
    assert count(store, ns, "Turn") == 2

    assert client.put(f"{base}/entities/U-1", json={"type": "user"}).status_code == 201
    fact = {"entity": "U-1", "attribute": "city", "value": "Beijing"}
    a = client.post(f"{base}/facts", json=fact, headers={"Idempotency-Key": "fact-1"})
    b = client.post(f"{base}/facts", json=fact, headers={"Idempotency-Key": "fact-1"})
    assert a.status_code == b.status_code == 201 and a.json() == b.json()
    versions = cypher(store, "MATCH (:Entity {ns: $ns, key: 'U-1'})-[v:HAS]->() RETURN count(v) AS n", ns=ns.name)
    assert versions[0]["n"] == 1


# --- failures and leases (issue 16: a key whose request died stayed "in progress" for 24 h) -------------
@pytest.fixture
def short_lease(settings: Settings, store: Store) -> Iterator[Store]:
    """A store of its own whose claims lease for 1 s (the default is 10 s), on the same server."""
    s = Store(settings.model_copy(update={"idempotency_lease_seconds": 1.0}), store.uri, store.auth)
    yield s
    s.close()


def failing_app(store: Store, calls: list[str], *, sleep: float = 0.0) -> TestClient:
    """The real app plus three routes that fail or stall after the key was claimed: the release path
    runs only when a request claimed a key and then failed, which no real route does on demand."""
    app = create_app(store.services.settings, store)

    def unavailable(ns: str) -> None:
        calls.append("503")
        raise StoreUnavailable("Neo4j went away mid-request")

    def crash(ns: str) -> None:
        calls.append("500")
        raise RuntimeError("a bug")

    def write_then_crash(ns: str) -> None:
        calls.append("wrote")
        add_turn(store, Namespace(ns), session="s", turn=NewTurn("written, then the process fails"))
        raise RuntimeError("the response is lost after the write committed")

    def slow(ns: str) -> dict[str, int]:
        calls.append("slow")
        time.sleep(sleep)
        return {"n": len(calls)}

    app.add_api_route("/v1/{ns}/test-unavailable", unavailable, methods=["POST"])
    app.add_api_route("/v1/{ns}/test-crash", crash, methods=["POST"])
    app.add_api_route("/v1/{ns}/test-slow", slow, methods=["POST"])
    app.add_api_route("/v1/{ns}/test-write-then-crash", write_then_crash, methods=["POST"])
    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize(("route", "status"), [("test-unavailable", 503), ("test-crash", 500)])
def test_a_failed_request_releases_its_key(store: Store, ns: Namespace, route: str, status: int) -> None:
    calls: list[str] = []
    with failing_app(store, calls) as client:
        r = client.post(f"/v1/{ns.name}/{route}", json={}, headers={"Idempotency-Key": "fails-1"})
        assert r.status_code == status and "Idempotency-Replayed" not in r.headers
        assert count(store, ns, "IdempotencyKey") == 0  # released, not left pending
        again = client.post(f"/v1/{ns.name}/{route}", json={}, headers={"Idempotency-Key": "fails-1"})
        assert again.status_code == status and len(calls) == 2  # the retry ran again, it was not refused 409


def test_an_abandoned_claim_lapses_and_the_retry_runs(store: Store, scope: idempotency.Scope) -> None:
    """A process that claimed a key and died (or lost Neo4j before releasing it) leaves a pending claim
    nobody renews: the same request takes it over once the lease ran out; a different body may not."""
    dead = idempotency.claim(store, scope, request_hash="h1", now=utcnow() - timedelta(seconds=11))
    assert dead.claimed
    with pytest.raises(IdempotencyMismatch):
        idempotency.claim(store, scope, request_hash="h2")
    retry = idempotency.claim(store, scope, request_hash="h1")
    assert retry.claimed and retry.token != dead.token
    idempotency.complete(store, scope, dead.token, status=201, response='{"late":1}', media_type="application/json")
    idempotency.complete(store, scope, retry.token, status=201, response='{"ok":1}', media_type="application/json")
    replay = idempotency.claim(store, scope, request_hash="h1", now=utcnow() + timedelta(hours=1))
    assert not replay.claimed and replay.done and replay.response == '{"ok":1}'  # done: no lease, kept 24 h


def test_a_write_that_committed_is_never_run_again(short_lease: Store, ns: Namespace) -> None:
    """The write and the claim's `written` mark commit in one transaction: a request that wrote and then
    lost its response (its process failed or died) is not run again by a retry, even after its lease
    lapsed; the retry is told so (409 idempotency_unrecorded) and the turn exists once."""
    calls: list[str] = []
    with failing_app(short_lease, calls) as client:
        url, h = f"/v1/{ns.name}/test-write-then-crash", {"Idempotency-Key": "wrote-1"}
        assert client.post(url, json={}, headers=h).status_code == 500
        marked = cypher(short_lease, "MATCH (r:IdempotencyKey {ns: $ns}) RETURN r.written IS NOT NULL AS w", ns=ns.name)
        assert marked == [{"w": True}], "the claim was marked in the write's transaction, and kept"
        again = client.post(url, json={}, headers=h)  # waits out the 1 s lease, then sees the write committed
        assert again.status_code == 409 and again.json()["error"]["code"] == "idempotency_unrecorded", again.text
    assert calls == ["wrote"] and count(short_lease, ns, "Turn") == 1


def test_a_write_whose_claim_was_taken_over_is_not_applied(store: Store, scope: idempotency.Scope) -> None:
    """A slow request whose lease lapsed and was taken over by its retry must not write as well."""
    slow = idempotency.claim(store, scope, request_hash="h1", now=utcnow() - timedelta(seconds=11))
    retry = idempotency.claim(store, scope, request_hash="h1")
    assert retry.claimed and retry.token != slow.token
    with marking(idempotency.mark_written(scope, slow.token)), pytest.raises(Conflict) as lost:
        add_turn(store, scope.ns, session="s", turn=NewTurn("the slow request's turn"))
    assert lost.value.code == "idempotency_claim_lost" and count(store, scope.ns, "Turn") == 0
    with marking(idempotency.mark_written(scope, retry.token)):
        add_turn(store, scope.ns, session="s", turn=NewTurn("the retry's turn"))
    assert count(store, scope.ns, "Turn") == 1


def test_a_renewed_claim_is_not_taken_over(store: Store, scope: idempotency.Scope) -> None:
    first = idempotency.claim(store, scope, request_hash="h1", now=utcnow() - timedelta(seconds=11))
    assert idempotency.renew(store, scope, first.token)
    seen = idempotency.claim(store, scope, request_hash="h1")
    assert not seen.claimed and not seen.lapsed and seen.state == "pending"


def test_a_waiting_retry_takes_over_when_the_lease_lapses(short_lease: Store, ns: Namespace) -> None:
    where = idempotency.Scope(ns, "key-1", "POST /v1/x/facts", "lapse")
    first = idempotency.claim(short_lease, where, request_hash="h1")  # then its process "dies"
    seen = idempotency.claim(short_lease, where, request_hash="h1")
    assert not seen.claimed
    started = time.monotonic()
    taken = idempotency.wait_done(short_lease, where, seen)  # waits out the 1 s lease, then claims
    assert taken.claimed and taken.token != first.token
    assert 0.5 < time.monotonic() - started < 3.0


def test_a_long_request_renews_its_lease(short_lease: Store, ns: Namespace) -> None:
    """A request working for 2.5 s with a 1 s lease keeps its claim: the concurrent retry replays its answer."""
    calls: list[str] = []
    with failing_app(short_lease, calls, sleep=2.5) as client, ThreadPoolExecutor(2) as pool:
        post = lambda: client.post(f"/v1/{ns.name}/test-slow", json={}, headers={"Idempotency-Key": "long-1"})  # noqa: E731
        first = pool.submit(post)
        time.sleep(0.3)
        second = pool.submit(post)
        a, b = first.result(timeout=30), second.result(timeout=30)
    assert a.status_code == b.status_code == 200 and a.json() == b.json() == {"n": 1}
    assert calls == ["slow"] and b.headers["Idempotency-Replayed"] == "true"
