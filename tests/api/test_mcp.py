"""`graphmem mcp` through the SDK's in-memory client, its tools calling the real app (real Neo4j and model)
through graphmem_client: the tool list and typed input schemas, remember then recall, a fact then an
as-of read, an error answer as a tool error, and the HTTP transport refusing a request without a key."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from mcp import Client as MCPClient

from api.app import create_app
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from graphmem_tools.mcp import RequireBearer, build_server

pytestmark = pytest.mark.neo4j
TOOLS = {"remember", "recall", "assert_fact", "retract_fact", "lookup", "read_entity", "record_trajectory",
         "find_workflow"}


def _payload(result: Any) -> Any:
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def test_tools_against_the_real_app(settings: Settings, store: Store, ns: Namespace) -> None:
    app = create_app(settings, store)

    async def run() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://graphmem") as http:
            async with MCPClient(build_server(namespace=ns.name, http=http)) as mcp:
                listed = (await mcp.list_tools()).tools
                out["tools"] = {t.name: t for t in listed}
                out["remember"] = await mcp.call_tool("remember", {"session": "s1", "speaker": "Ana",
                                                                   "text": "Please ship order ORD-48213 to Lyon"})
                out["recall"] = await mcp.call_tool("recall", {"query": "where should ORD-48213 go?",
                                                               "session": "s1"})
                out["fact"] = await mcp.call_tool("assert_fact", {"entity": "U-001", "attribute": "city",
                                                                  "value": "Lyon", "entity_type": "user",
                                                                  "valid_from": "2026-01-01T00:00:00Z"})
                out["then"] = await mcp.call_tool("read_entity", {"key": "U-001", "valid_at": "2026-02-01T00:00:00Z"})
                out["before"] = await mcp.call_tool("read_entity", {"key": "U-001", "valid_at": "2025-06-01T00:00:00Z"})
                out["missing"] = await mcp.call_tool("read_entity", {"key": "nobody"})
        return out

    out = asyncio.run(run())
    tools = out["tools"]
    assert set(tools) >= TOOLS
    for name in TOOLS:
        assert len(tools[name].description or "") > 60, name
        assert "ctx" not in tools[name].input_schema["properties"], name
    assert tools["recall"].input_schema["required"] == ["query"]
    assert tools["record_trajectory"].input_schema["properties"]["outcome"]["enum"] == ["success", "failure"]
    assert not out["remember"].is_error and _payload(out["remember"])["id"]
    recalled = _payload(out["recall"])
    assert "ORD-48213" in recalled["context"] and recalled["route"]
    assert not out["fact"].is_error, out["fact"].content
    assert _payload(out["then"])["attributes"]["city"] == "Lyon"
    assert out["before"].is_error or "city" not in _payload(out["before"]).get("attributes", {})
    assert out["missing"].is_error and "unknown_entity" in out["missing"].content[0].text


def test_http_transport_needs_a_bearer_key() -> None:
    app = RequireBearer(build_server(url="http://127.0.0.1:9").streamable_http_app())

    async def post() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as http:
            return await http.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"})

    r = asyncio.run(post())
    assert r.status_code == 401 and r.json()["error"]["code"] == "missing_key"
