"""graphmem_client against the real app (real Neo4j, real model): one method per endpoint group, the
error envelope raised as GraphmemAPIError, retries on 503 with Retry-After, Idempotency-Key on writes
(the same on every retry), the async client over httpx.ASGITransport, and a client that imports
nothing from the server side."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import Request
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from graphmem_client import AsyncClient, Client, GraphmemAPIError
from tenancy import keyed_client

pytestmark = pytest.mark.neo4j
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def sent(client: TestClient) -> list[httpx.Request]:
    """Every request the TestClient sends, as sent."""
    seen: list[httpx.Request] = []
    client.event_hooks = {"request": [seen.append], "response": []}
    return seen


@pytest.fixture
def mem(client: TestClient, ns: Namespace) -> Iterator[Client]:
    with Client(namespace=ns.name, http=client, backoff=0.01) as c:
        yield c


def test_one_method_per_endpoint_group(mem: Client) -> None:
    assert mem.healthz() == {"status": "ok"}
    assert mem.wait_ready(timeout=120)["status"] == "ready"
    # entities and facts, with valid time and an as-of read
    assert mem.put_entity("U-001", type="user", name="Ana", attributes={"phone": "+1 415-555-0142"})["key"] == "U-001"
    mem.assert_fact("U-001", "city", "Shanghai", valid_from="2026-01-01T00:00:00Z")
    mem.assert_fact("U-001", "city", "Beijing", valid_from="2026-07-01T00:00:00Z", reason="moved")
    then = mem.read_entity("U-001", valid_at="2026-03-01T00:00:00Z")
    assert then["attributes"]["city"] == "Shanghai", then
    assert mem.read_entity("U-001")["attributes"]["city"] == "Beijing"
    assert [e["key"] for e in mem.lookup("phone", "4155550142")["entities"]] == ["U-001"]
    assert len(mem.read_history("U-001", attribute="city")["versions"]) >= 2
    # conversation, search and recall
    mem.post_turn("s1", "My order ORD-48213 is late, can I get a refund?", speaker="Ana")
    mem.post_turn("s1", "I have opened refund R-9 for ORD-48213.", role="assistant", speaker="Bot")
    assert [t["speaker"] for t in mem.get_window("s1")["turns"]] == ["Ana", "Bot"]
    assert mem.search("refund for the late order", session="s1")["hits"]
    answer = mem.recall("ORD-48213", session="s1")
    assert "ORD-48213" in answer["context"] and answer["route"]
    # workflows
    steps = [{"action": "lookup_order", "args": {"order_id": "ORD-1"}}, {"action": "refund", "args": {"order_id": "ORD-1"}}]
    mem.post_trajectory("Refund order ORD-1", steps, "success", task_type="refund_order")
    found = mem.match(task_type="refund_order")["workflows"]
    assert found and [s["action"] for s in found[0]["steps"]] == ["lookup_order", "refund"], found
    # privacy (the open app serves admin)
    assert mem.erase_entity("U-001", reason="asked")["key"] == "U-001"
    assert mem.erasures()["erasures"]


def test_error_answers_raise_the_envelope(mem: Client) -> None:
    with pytest.raises(GraphmemAPIError) as missing:
        mem.read_entity("nobody")
    assert (missing.value.status, missing.value.code) == (404, "unknown_entity")
    assert missing.value.request_id
    mem.put_entity("U-2", type="user")
    with pytest.raises(GraphmemAPIError) as bad:
        mem.assert_fact("U-2", "city", "Paris", valid_from="2026-07-01T00:00:00Z", valid_to="2026-07-01T00:00:00Z")
    assert bad.value.status == 422 and "valid_to" in bad.value.fields, bad.value.details


def test_writes_carry_an_idempotency_key_reads_do_not(mem: Client, sent: list[httpx.Request]) -> None:
    mem.put_entity("U-3", type="user")
    mem.assert_fact("U-3", "plan", "pro")
    mem.assert_fact("U-3", "plan", "max", idempotency_key="plan-change-1")
    mem.recall("plan of U-3")
    keys = {(r.method, r.url.path): r.headers.get("idempotency-key") for r in sent}
    fact_keys = [r.headers.get("idempotency-key") for r in sent if r.url.path.endswith("/facts")]
    assert fact_keys[0] and len(fact_keys[0]) == 32 and fact_keys[1] == "plan-change-1"
    assert keys[("POST", f"/v1/{mem.namespace}/recall")] is None
    assert keys[("PUT", f"/v1/{mem.namespace}/entities/U-3")] is None


def test_503_is_retried_after_its_retry_after_with_the_same_key(client: TestClient, mem: Client,
                                                               sent: list[httpx.Request]) -> None:
    answers = iter([503, 503, 200, 503, 503, 503, 503])

    async def flaky(request: Request) -> JSONResponse:
        status = next(answers)
        if status == 503:
            return JSONResponse({"error": {"code": "store_unavailable", "message": "down", "details": {}}},
                                status_code=503, headers={"Retry-After": "0"})
        return JSONResponse({"ok": True})

    client.app.add_api_route("/flaky", flaky, methods=["POST"])  # type: ignore[attr-defined]
    assert mem.request("POST", "/flaky", json={}, write=True) == {"ok": True}
    tried = [r.headers["idempotency-key"] for r in sent]
    assert len(tried) == 3 and len(set(tried)) == 1
    with pytest.raises(GraphmemAPIError) as down:  # retries=3: four answers, then the last one raised
        mem.request("POST", "/flaky", json={})
    assert (down.value.status, down.value.code, down.value.retry_after) == (503, "store_unavailable", 0.0)


def test_no_answer_is_one_error_type() -> None:
    with Client("http://127.0.0.1:9", retries=1, backoff=0.01) as nowhere:
        with pytest.raises(GraphmemAPIError) as err:
            nowhere.healthz()
    assert err.value.status is None and err.value.code == "unreachable"


def test_api_keys(settings: Settings, store: Store, ns: Namespace) -> None:
    with keyed_client(settings, store, {"agent": ("agent", [ns.name])}) as (tc, keys):
        good = Client(api_key=keys.tokens["agent"], namespace=ns.name, http=tc)
        assert good.put_entity("U-4", type="user")["key"] == "U-4"
        with pytest.raises(GraphmemAPIError) as denied:
            good.erase_entity("U-4", reason="agents may not erase")
        assert denied.value.status == 403
        with pytest.raises(GraphmemAPIError) as unknown:
            Client(api_key="not-a-key-0123456789", namespace=ns.name, http=tc).read_entity("U-4")
        assert (unknown.value.status, unknown.value.code) == (401, "invalid_key")


def test_async_client_over_asgi(settings: Settings, store: Store, ns: Namespace) -> None:
    app = create_app(settings, store)

    async def run() -> tuple[dict[str, Any], dict[str, Any], GraphmemAPIError]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://graphmem") as http:
            async with AsyncClient(namespace=ns.name, http=http) as mem:
                await mem.put_entity("U-5", type="user", attributes={"email": "Ana@Example.com"})
                turn = await mem.post_turn("s5", "Please send the invoice to ana@example.com", speaker="Ana")
                found = await mem.lookup("email", "ana@example.com")
                try:
                    await mem.get_window("no-such-session")
                except GraphmemAPIError as exc:
                    return turn, found, exc
        raise AssertionError("an unknown session answered")

    turn, found, err = asyncio.run(run())
    assert turn["id"] and [e["key"] for e in found["entities"]] == ["U-5"]
    assert (err.status, err.code) == (404, "unknown_session")


def test_the_client_imports_nothing_from_the_server_side() -> None:
    probe = ("import sys, graphmem_client; "
             "print(sorted({m.split('.')[0] for m in sys.modules} & "
             "{'graphmem', 'api', 'graphmem_tools', 'neo4j', 'fastapi', 'starlette', 'torch'}))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stdout + out.stderr
