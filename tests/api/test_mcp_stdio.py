"""`graphmem mcp` over stdio, as Claude Desktop starts it: a subprocess driven by the SDK's stdio client,
its tools calling a real graphmem (uvicorn on a free port, real Neo4j and model): list the tools, remember
a turn, recall it."""

from __future__ import annotations

import asyncio
import json
import tempfile
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from live import PYTHON, ROOT, child_env, serving

pytestmark = pytest.mark.neo4j


def _payload(result: Any) -> Any:
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def test_stdio_server_remembers_then_recalls(settings: Settings, store: Store, ns: Namespace) -> None:
    with serving(settings, store) as url, tempfile.TemporaryFile("w+") as errlog:
        params = StdioServerParameters(command=PYTHON, args=["-m", "graphmem_tools", "mcp"], cwd=str(ROOT),
                                       env=child_env(url, ns.name))

        async def run() -> dict[str, Any]:
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                await asyncio.wait_for(session.initialize(), 30)
                tools = {t.name for t in (await session.list_tools()).tools}
                remembered = await session.call_tool("remember", {"session": "s1", "speaker": "Ana",
                                                                  "text": "Please ship order ORD-77120 to Porto"})
                recalled = await session.call_tool("recall", {"query": "where does ORD-77120 go?", "session": "s1"})
                return {"tools": tools, "remember": remembered, "recall": recalled}

        out = asyncio.run(asyncio.wait_for(run(), 60))
        errlog.seek(0)
        stderr = errlog.read()
    assert {"remember", "recall", "assert_fact", "read_entity"} <= out["tools"], stderr
    assert not out["remember"].is_error and _payload(out["remember"])["id"], out["remember"].content
    context = _payload(out["recall"])["context"]
    assert "ORD-77120" in context and "Porto" in context, context
