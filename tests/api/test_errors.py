"""The error contract: one envelope for every failure, the right status for each cause, 503 with
Retry-After while Neo4j is away, and recovery without restarting graphmem once it is back."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.settings import Settings
from graphmem.store import Store, expected_schema
from graphmem.types import Namespace
from tenancy import cypher

pytestmark = pytest.mark.neo4j


def assert_envelope(body: object, code: str) -> dict[str, object]:
    """The pinned error shape: exactly {"error": {"code", "message", "details"}}."""
    assert isinstance(body, dict) and list(body) == ["error"], body
    err = body["error"]
    assert isinstance(err, dict) and set(err) == {"code", "message", "details"}, err
    assert err["code"] == code, err
    assert isinstance(err["message"], str) and err["message"]
    assert isinstance(err["details"], (dict, list))
    return err


def test_error_envelope_is_pinned(client: TestClient, ns: Namespace) -> None:
    r = client.request("DELETE", f"/v1/{ns.name}/entities/nobody", params={"reason": "x"})
    assert r.status_code == 404
    err = assert_envelope(r.json(), "unknown_entity")
    assert r.json() == {"error": {"code": "unknown_entity", "message": f"no entity 'nobody' in namespace '{ns.name}'",
                                  "details": {"key": "nobody"}}}
    assert err["details"] == {"key": "nobody"}


def test_openapi_documents_the_envelope_for_every_error(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    assert doc["components"]["schemas"]["ErrorEnvelope"]["required"] == ["error"]
    seen = 0
    for path, item in doc["paths"].items():
        for method, op in item.items():
            for code, response in op["responses"].items():
                if code[0] in "45":
                    seen += 1
                    assert response["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/ErrorEnvelope"}, (method, path, code)
            if path.startswith("/v1/"):
                assert {"401", "403", "422", "503"} <= set(op["responses"]), (method, path)
    assert seen > 10


def test_malformed_json_is_400(client: TestClient, ns: Namespace) -> None:
    r = client.post(f"/v1/{ns.name}/purge", content=b'{"older_than_days": ', headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert_envelope(r.json(), "malformed_json")


def test_invalid_and_unknown_fields_are_422_naming_each(client: TestClient, ns: Namespace) -> None:
    r = client.post(f"/v1/{ns.name}/purge", json={"older_than_days": -1, "bogus": 1})
    assert r.status_code == 422
    err = assert_envelope(r.json(), "invalid_input")
    named = {f["field"] for f in err["details"]["fields"]}  # type: ignore[index]
    assert named == {"older_than_days", "bogus"}
    r = client.get(f"/v1/{ns.name}/erasures", params={"limit": 0})
    assert r.status_code == 422 and assert_envelope(r.json(), "invalid_input")["details"]["fields"][0]["field"] == "limit"  # type: ignore[index]
    r = client.request("DELETE", f"/v1/{ns.name}/entities/U-1")
    assert r.status_code == 422
    assert assert_envelope(r.json(), "missing_reason")["details"]["fields"][0]["field"] == "reason"  # type: ignore[index]


def test_unknown_session_is_404_and_duplicate_turn_is_409(client: TestClient, ns: Namespace) -> None:
    r = client.get(f"/v1/{ns.name}/sessions/nope/window")
    assert r.status_code == 404 and assert_envelope(r.json(), "unknown_session")
    turn = {"role": "user", "text": "hello", "id": "D1:1"}
    assert client.post(f"/v1/{ns.name}/sessions/s1/turns", json=turn).status_code == 201
    r = client.post(f"/v1/{ns.name}/sessions/s2/turns", json=turn)
    assert r.status_code == 409 and assert_envelope(r.json(), "duplicate_turn")
    r = client.get(f"/v1/{ns.name}/entities/nobody")
    assert r.status_code == 404 and assert_envelope(r.json(), "unknown_entity")


def test_unknown_route_and_method_use_the_envelope(client: TestClient, ns: Namespace) -> None:
    r = client.get(f"/v1/{ns.name}/no-such-thing")
    assert r.status_code == 404 and assert_envelope(r.json(), "not_found")
    r = client.put(f"/v1/{ns.name}/erasures", json={})
    assert r.status_code == 405 and assert_envelope(r.json(), "method_not_allowed")


def test_body_over_the_limit_is_413_and_writes_nothing(settings: Settings, store: Store, ns: Namespace) -> None:
    app = create_app(settings.model_copy(update={"max_body_bytes": 2048}), store)
    with TestClient(app) as client:
        big = b'{"older_than_days": 1, "pad": "' + b"x" * 5000 + b'"}'
        r = client.post(f"/v1/{ns.name}/purge", content=big, headers={"content-type": "application/json"})
        assert r.status_code == 413
        assert assert_envelope(r.json(), "payload_too_large")["details"] == {"limit": 2048}
        r = client.post(f"/v1/{ns.name}/purge", content=big,
                        headers={"content-type": "application/json", "Idempotency-Key": "big-1"})
        assert r.status_code == 413
    assert cypher(store, "MATCH (n {ns: $ns}) RETURN count(n) AS n", ns=ns.name)[0]["n"] == 0


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_neo4j_unreachable_is_503_with_retry_after(settings: Settings) -> None:
    down = settings.model_copy(update={"neo4j_uri": f"bolt://127.0.0.1:{_closed_port()}", "neo4j_max_retry_time": 0.5})
    with TestClient(create_app(down)) as client:
        r = client.get("/readyz")
        assert r.status_code == 503 and int(r.headers["Retry-After"]) > 0
        assert_envelope(r.json(), "store_unavailable")
        r = client.get("/v1/tenant-a/erasures")
        assert r.status_code == 503 and int(r.headers["Retry-After"]) > 0
        assert_envelope(r.json(), "store_unavailable")
        r = client.post("/v1/tenant-a/purge", json={}, headers={"Idempotency-Key": "k-1"})
        assert r.status_code == 503 and int(r.headers["Retry-After"]) > 0
        assert client.get("/healthz").status_code == 200


def _shape(r: object) -> tuple[object, ...]:
    """What every error response shares, whichever layer answered it."""
    body = r.json()  # type: ignore[attr-defined]
    err = body["error"]
    return (r.headers["content-type"], tuple(body), tuple(sorted(err)), type(err["code"]),  # type: ignore[attr-defined]
            type(err["message"]), type(err["details"]))


def test_every_way_out_renders_one_envelope(settings: Settings, store: Store, ns: Namespace) -> None:
    """The exception handler, the body-limit middleware, the idempotency middleware and /readyz all
    answer through api.errors.render: same envelope, same headers, same wording for the same error."""
    big = b'{"older_than_days": 1, "pad": "' + b"x" * 5000 + b'"}'
    answers: dict[str, tuple[object, int, str]] = {}
    with TestClient(create_app(settings.model_copy(update={"max_body_bytes": 2048}), store)) as client:
        base = f"/v1/{ns.name}"
        answers["handler"] = (client.get(f"{base}/entities/nobody"), 404, "unknown_entity")
        answers["validation handler"] = (client.get(f"{base}/erasures", params={"limit": 0}), 422, "invalid_input")
        answers["body limit"] = (client.post(f"{base}/purge", content=big,
                                             headers={"content-type": "application/json"}), 413, "payload_too_large")
        # no Content-Length (chunked): only the idempotency middleware, reading the body, sees the size
        answers["idempotency body limit"] = (client.post(
            f"{base}/purge", content=iter([big[:1000], big[1000:]]),
            headers={"content-type": "application/json", "Idempotency-Key": "big-2"}), 413, "payload_too_large")
        answers["idempotency key"] = (client.post(f"{base}/purge", json={"older_than_days": 1},
                                                  headers={"Idempotency-Key": "two words"}),
                                      422, "invalid_idempotency_key")
        assert client.post(f"{base}/purge", json={"older_than_days": 1},
                           headers={"Idempotency-Key": "same-1"}).status_code == 200
        answers["idempotency reuse"] = (client.post(f"{base}/purge", json={"older_than_days": 2},
                                                    headers={"Idempotency-Key": "same-1"}),
                                        422, "idempotency_key_reused")
    down = settings.model_copy(update={"neo4j_uri": f"bolt://127.0.0.1:{_closed_port()}", "neo4j_max_retry_time": 0.5})
    with TestClient(create_app(down)) as client:
        answers["readyz"] = (client.get("/readyz"), 503, "store_unavailable")
        answers["dependency"] = (client.get("/v1/tenant-a/erasures"), 503, "store_unavailable")
        answers["idempotency unavailable"] = (client.post("/v1/tenant-a/purge", json={},
                                                          headers={"Idempotency-Key": "k-2"}), 503, "store_unavailable")
    shapes = set()
    for path, (r, status, code) in answers.items():
        assert r.status_code == status, (path, r.text)  # type: ignore[attr-defined]
        assert_envelope(r.json(), code)  # type: ignore[attr-defined]
        assert ("retry-after" in r.headers) == (status == 503), path  # type: ignore[attr-defined]
        shapes.add(_shape(r))
    assert len(shapes) == 1, shapes
    limits = {answers[p][0].json()["error"]["message"] for p in ("body limit", "idempotency body limit")}  # type: ignore[attr-defined]
    assert limits == {"request body over 2048 bytes"}


class TcpProxy:
    """A switchable TCP forwarder in front of the real Neo4j, to take it away and bring it back."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = _closed_port()
        self._server: socket.socket | None = None
        self._conns: list[socket.socket] = []
        self._lock = threading.Lock()

    def start(self) -> None:
        srv = socket.socket()
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(("127.0.0.1", self.port))
        srv.listen(16)
        self._server = srv
        threading.Thread(target=self._accept, args=(srv,), daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            try:
                self._server.shutdown(socket.SHUT_RDWR)  # wakes the thread blocked in accept()
            except OSError:
                pass
            self._server.close()
            self._server = None
        with self._lock:
            for c in self._conns:
                try:
                    c.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                c.close()
            self._conns.clear()

    def _accept(self, srv: socket.socket) -> None:
        while True:
            try:
                client, _ = srv.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self._lock:
                self._conns += [client, upstream]
            threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


@pytest.fixture
def proxy(settings: Settings) -> Iterator[TcpProxy]:
    host, _, port = (settings.neo4j_uri or "").split("://", 1)[1].partition(":")
    p = TcpProxy((host, int(port or 7687)))
    yield p
    p.stop()


def test_recovers_when_neo4j_comes_back_without_a_restart(settings: Settings, proxy: TcpProxy, ns: Namespace) -> None:
    via_proxy = settings.model_copy(update={"neo4j_uri": f"bolt://127.0.0.1:{proxy.port}", "neo4j_max_retry_time": 0.5})
    app = create_app(via_proxy)
    with TestClient(app) as client:
        assert client.get("/readyz").status_code == 503  # nothing listens yet
        assert client.get(f"/v1/{ns.name}/erasures").status_code == 503
        proxy.start()
        _wait_until_answers(client)  # the store's circuit is open: it half-opens with one probe a second
        assert client.get(f"/v1/{ns.name}/erasures").json() == {"erasures": [], "purges": []}
        proxy.stop()  # Neo4j goes away under a running, connected app
        r = client.get(f"/v1/{ns.name}/erasures")
        assert r.status_code == 503 and "Retry-After" in r.headers
        assert not _neo4j_answers(client)
        proxy.start()
        deadline = time.monotonic() + 20
        while client.get(f"/v1/{ns.name}/erasures").status_code != 200:
            assert time.monotonic() < deadline, "did not reconnect"
            time.sleep(0.2)
        assert _neo4j_answers(client)


def _wait_until_answers(client: TestClient, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while not _neo4j_answers(client):
        assert time.monotonic() < deadline, "did not reconnect"
        time.sleep(0.2)


def _neo4j_answers(client: TestClient) -> bool:
    """/readyz without the schema check: in the shared development database another engineer's index may
    exist under another name, which /readyz rightly reports; here only the connection matters."""
    r = client.get("/readyz")
    return r.status_code == 200 or r.json()["error"]["code"] == "schema_missing"


def test_store_holder_connects_lazily_and_applies_the_schema(settings: Settings) -> None:
    from api.middleware import StoreHolder

    holder = StoreHolder(settings, None)
    assert holder.store is None and holder.owned
    store = holder.connect()
    try:
        assert holder.schema_ok and expected_schema(store) >= {"erasure_key", "idempotency_key", "tombstone_key"}
        assert holder.connect() is store
    finally:
        store.close()


def _field(r: object) -> set[str]:
    body = r.json()  # type: ignore[attr-defined]
    return {f["field"] for f in body["error"]["details"].get("fields", [])}


def test_limits_are_clear_4xx_naming_the_field(settings: Settings, store: Store, ns: Namespace) -> None:
    """Batch size, k, traversal depth and text length, on the endpoints that take them."""
    small = settings.model_copy(update={"max_batch": 3, "max_text_chars": 50, "max_k": 100})
    with TestClient(create_app(small, store)) as client:
        paths = {path for path in client.get("/openapi.json").json()["paths"]}
        base = f"/v1/{ns.name}"
        checked = []
        if "/v1/{ns}/facts/batch" in paths:
            facts = [{"entity": "U-1", "attribute": "a", "value": i} for i in range(4)]
            r = client.post(f"{base}/facts/batch", json={"facts": facts})
            assert r.status_code == 422 and r.json()["error"]["code"] == "limit_exceeded" and _field(r) == {"facts"}
            checked.append("batch")
        if "/v1/{ns}/graph" in paths:
            client.put(f"{base}/entities/U-1", json={"type": "user"})
            for depth in (0, 6):
                r = client.get(f"{base}/graph", params={"start": "U-1", "depth": depth})
                assert r.status_code == 422 and _field(r) == {"depth"}, r.text
            checked.append("depth")
        if "/v1/{ns}/recall" in paths:
            r = client.post(f"{base}/recall", json={"query": "x", "k": 101})
            assert r.status_code == 422 and _field(r) == {"k"}
            r = client.post(f"{base}/recall", json={"query": "x" * 20_001})
            assert r.status_code == 422 and _field(r) == {"query"}
            checked.append("recall k and text")
        if "/v1/{ns}/search" in paths:
            r = client.post(f"{base}/search", json={"query": "x", "k": 101})
            assert r.status_code == 422 and _field(r) == {"k"}
            checked.append("search k")
        if "/v1/{ns}/sessions/{sid}/turns" in paths:
            r = client.post(f"{base}/sessions/s1/turns", json={"role": "user", "text": "y" * 51})
            assert r.status_code == 422 and _field(r) == {"text"}, r.text
            checked.append("turn text")
        r = client.request("DELETE", f"{base}/entities/U-1", json={"reason": "r" * 1001})
        assert r.status_code == 422 and _field(r) == {"reason"}
        assert checked, "no limited endpoint served"
        assert cypher(store, "MATCH (n {ns: $ns}) WHERE NOT n:Entity RETURN count(n) AS n", ns=ns.name)[0]["n"] == 0


def test_an_unexpected_exception_is_answered_once_and_the_connection_stays_usable(
        settings: Settings, store: Store, ns: Namespace, caplog: pytest.LogCaptureFixture) -> None:
    """A bug in a route (any exception graphmem does not know) gets the pinned 500 envelope, on a real
    uvicorn, exactly once: the exception does not go on to the server (which logs "Exception in ASGI
    application" and closes the connection), so the client's kept-alive connection serves its next
    request, and the log names the route, never the exception's message (it may hold memory values)."""
    import http.client

    from live import serving

    app = create_app(settings.model_copy(update={"open": True}), store)

    phone = "+351 912 345 678"

    def crash(ns: str) -> None:
        raise RuntimeError(f"a bug holding Maria Lopez's phone {phone}")

    app.add_api_route("/v1/{ns}/test-crash", crash, methods=["POST"])
    with caplog.at_level("DEBUG"), serving(settings, store, app=app) as url:
        host, port = url.removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            conn.request("POST", f"/v1/{ns.name}/test-crash", body=b"{}",
                         headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            body = r.read()
            assert r.status == 500 and r.getheader("connection") != "close"
            assert_envelope(json.loads(body), "internal_error")
            sock = conn.sock
            time.sleep(0.3)  # a server that closes after the exception has done so by now
            conn.request("GET", f"/v1/{ns.name}/entities/nobody")
            again = conn.getresponse()
            again.read()
            assert again.status == 404 and conn.sock is sock  # the same connection, not a new one
        finally:
            conn.close()
    logged = "\n".join(rec.getMessage() for rec in caplog.records)
    assert "Exception in ASGI application" not in logged
    assert "unexpected error on POST /v1/{ns}/test-crash: RuntimeError" in logged
    assert phone not in "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records
                                                 if r.levelno >= 20)
