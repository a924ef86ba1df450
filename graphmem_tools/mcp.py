"""`graphmem mcp`: an MCP server (official `mcp` SDK) giving an agent its memory as tools.

Every tool calls the graphmem REST API through `graphmem_client` (URL `GRAPHMEM_URL`, namespace
`GRAPHMEM_NAMESPACE`). Over stdio (Claude Desktop, Cursor) the key is `GRAPHMEM_API_KEY`. Over streamable
HTTP every request must carry `Authorization: Bearer <graphmem API key>`: the server forwards it to the REST
API, which checks it, so the MCP endpoint is behind the same keys, roles and namespaces as REST.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

import click
import httpx
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field
from starlette.types import ASGIApp, Receive, Scope, Send

from graphmem_client import AsyncClient, GraphmemAPIError

Time = Annotated[str | None, Field(description="ISO-8601 with a zone, e.g. 2026-07-01T09:00:00Z; default now")]
INSTRUCTIONS = (
    "graphmem is this agent's long-term memory, a temporal knowledge graph. Store each conversation turn with "
    "`remember`; before answering, call `recall` with the user's question (and the session id) and use its "
    "`context`. Record durable facts with `assert_fact` (with valid_from when the fact became true), look "
    "identifiers up exactly with `lookup`, read an entity as of a past time with `read_entity`. After a task, "
    "report the run with `record_trajectory`; before a task, ask `find_workflow` for a proven procedure.")


class Step(BaseModel):
    action: str = Field(min_length=1, max_length=200, description="the tool or action name, e.g. lookup_order")
    args: dict[str, Any] = Field(default_factory=dict, description="its arguments as a JSON object")


def _bearer(ctx: Context | None) -> str | None:
    headers = ctx.headers if ctx is not None else None
    value = (headers or {}).get("authorization") or ""
    return value[7:].strip() if value[:7].lower() == "bearer " else None


def build_server(url: str | None = None, namespace: str | None = None, api_key: str | None = None,
                 http: httpx.AsyncClient | None = None) -> MCPServer:
    """The MCP server; `http` (e.g. over httpx.ASGITransport) replaces the connection to `url` in tests."""
    default_key = api_key if api_key is not None else os.environ.get("GRAPHMEM_API_KEY")
    server = MCPServer("graphmem", instructions=INSTRUCTIONS, version="0.1.0")

    async def call(ctx: Context | None, work: Callable[[AsyncClient], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        key = _bearer(ctx) or default_key  # over HTTP the caller's own key; over stdio the configured one
        client = AsyncClient(url, api_key=key, namespace=namespace, http=http, retries=2)
        try:
            return await work(client)
        except GraphmemAPIError as exc:
            raise ToolError(f"graphmem answered {exc.status} {exc.code}: {exc.message}"
                            + (f" (details: {exc.details})" if exc.details else "")) from exc
        finally:
            await client.aclose()

    @server.tool()
    async def remember(session: Annotated[str, Field(description="the conversation's id; the same for every turn")],
                       text: Annotated[str, Field(description="what was said, verbatim")],
                       role: Annotated[str, Field(description="user, assistant, system or tool")] = "user",
                       speaker: Annotated[str | None, Field(description="who said it, e.g. the user's name")] = None,
                       at: Time = None, ctx: Context | None = None) -> dict[str, Any]:
        """Store one conversation turn. It is embedded, linked to the previous turn and to the entities and
        identifiers it mentions, and later folded into the session's summary. Returns the turn's id."""
        return await call(ctx, lambda c: c.post_turn(session, text, role=role, speaker=speaker, at=at))

    @server.tool()
    async def recall(query: Annotated[str, Field(description="the question to answer, in the user's words")],
                     session: Annotated[str | None, Field(description="the current session id: its recent "
                                                                         "turns are read first")] = None,
                     entity: Annotated[str | None, Field(description="an entity key the question is about")] = None,
                     valid_at: Time = None, known_at: Time = None,
                     budget_tokens: Annotated[int | None, Field(ge=1, le=100_000, description="cut the context "
                                                                "to this many tokens")] = None,
                     ctx: Context | None = None) -> dict[str, Any]:
        """Everything memory holds that bears on a question: identifiers looked up exactly, current facts,
        workflows, the session's recent turns and summary, and semantically similar past turns. Use
        `context` (prompt-ready lines, most important first); `route` says which channels answered and why."""
        found = await call(ctx, lambda c: c.recall(query, session=session, entity=entity, valid_at=valid_at,
                                                   known_at=known_at, budget_tokens=budget_tokens))
        return {"context": found["context"], "route": found["route"], "valid_at": found["valid_at"],
                "known_at": found["known_at"]}

    @server.tool()
    async def assert_fact(entity: Annotated[str, Field(description="the entity's key, e.g. U-001 or ana@example.com")],
                          attribute: Annotated[str, Field(description="lower_snake name, e.g. city, phone, plan")],
                          value: Annotated[str | int | float | bool, Field(description="the value")],
                          valid_from: Time = None,
                          valid_to: Annotated[str | None, Field(description="when it stops being true (ISO-8601); "
                                                                            "default open")] = None,
                          reason: Annotated[str | None, Field(description="why, kept in the history")] = None,
                          entity_type: Annotated[str, Field(description="the type given to the entity if it does "
                                                                        "not exist yet, e.g. user")] = "entity",
                          ctx: Context | None = None) -> dict[str, Any]:
        """Record that an entity's attribute has a value from `valid_from` (default now) until `valid_to`.
        Nothing is overwritten: the previous value's version is closed and stays in the history, and a past
        interval corrects the past. Creates the entity if it does not exist."""
        async def work(c: AsyncClient) -> dict[str, Any]:
            try:
                return await c.assert_fact(entity, attribute, value, valid_from=valid_from, valid_to=valid_to,
                                           reason=reason, source="mcp")
            except GraphmemAPIError as exc:
                if exc.code != "unknown_entity":
                    raise
            await c.put_entity(entity, type=entity_type, source="mcp")
            return await c.assert_fact(entity, attribute, value, valid_from=valid_from, valid_to=valid_to,
                                       reason=reason, source="mcp")
        return await call(ctx, work)

    @server.tool()
    async def retract_fact(entity: Annotated[str, Field(description="the entity's key")],
                           attribute: Annotated[str, Field(description="the attribute name")],
                           value: Annotated[str | int | float | bool | None, Field(
                               description="for a many-valued attribute, the one value to retract")] = None,
                           valid_from: Annotated[str | None, Field(description="when it stopped being true "
                                                                               "(ISO-8601); default now")] = None,
                           reason: Annotated[str | None, Field(description="why")] = None,
                           ctx: Context | None = None) -> dict[str, Any]:
        """Record that an attribute's value stopped being true at `valid_from` (default now). Its history stays."""
        return await call(ctx, lambda c: c.retract_fact(entity, attribute, value=value, valid_from=valid_from,
                                                        reason=reason, source="mcp"))

    @server.tool()
    async def lookup(attribute: Annotated[str, Field(description="the identifier's attribute, e.g. phone, email, "
                                                                 "order_id")],
                     value: Annotated[str, Field(description="the exact value in any spelling (phones and emails "
                                                             "are normalised)")],
                     valid_at: Time = None, ctx: Context | None = None) -> dict[str, Any]:
        """Find the entities whose attribute equals a value exactly (never by similarity): who has this
        phone, which order has this id. Returns `entities` with their current attributes."""
        return await call(ctx, lambda c: c.lookup(attribute, value, valid_at=valid_at))

    @server.tool()
    async def read_entity(key: Annotated[str, Field(description="the entity's key")],
                          valid_at: Annotated[str | None, Field(description="what was true at this time (ISO-8601); "
                                                                            "default now")] = None,
                          known_at: Annotated[str | None, Field(description="as memory believed it at this time "
                                                                            "(ISO-8601); default now")] = None,
                          ctx: Context | None = None) -> dict[str, Any]:
        """Read an entity's attributes as they were true at `valid_at`, as memory believed them at
        `known_at` (both default now): "where did U-001 live in March, as we knew it then?"."""
        return await call(ctx, lambda c: c.read_entity(key, valid_at=valid_at, known_at=known_at))

    @server.tool()
    async def record_trajectory(task: Annotated[str, Field(description="the task as it was asked")],
                                steps: Annotated[list[Step], Field(min_length=1, description="the actions taken, "
                                                                                              "in order")],
                                outcome: Literal["success", "failure"],
                                task_type: Annotated[str | None, Field(description="a stable name for this kind of "
                                                                                   "task, e.g. refund_order")] = None,
                                error: Annotated[str | None, Field(description="what went wrong (failures "
                                                                               "only)")] = None,
                                ctx: Context | None = None) -> dict[str, Any]:
        """Report a finished run of a task. Successful runs of a task type are induced into a reusable
        workflow (parameters abstracted, consensus steps, risk points where runs failed)."""
        plain = [s.model_dump() for s in steps]
        return await call(ctx, lambda c: c.post_trajectory(task, plain, outcome, task_type=task_type, error=error))

    @server.tool()
    async def find_workflow(task: Annotated[str | None, Field(description="the task at hand, in words")] = None,
                            task_type: Annotated[str | None, Field(description="the task type, matched "
                                                                               "exactly")] = None,
                            k: Annotated[int, Field(ge=1, le=20, description="how many workflows")] = 3,
                            ctx: Context | None = None) -> dict[str, Any]:
        """Find proven procedures for a task: by task_type exactly, else by similarity of the task text.
        Each workflow has its steps (with {parameters}), success rate, support and risk points."""
        if task is None and task_type is None:
            raise ToolError("give task or task_type")
        return await call(ctx, lambda c: c.match(task=task, task_type=task_type, k=k))

    return server


class RequireBearer:
    """The streamable HTTP app answers 401 to a request without `Authorization: Bearer <key>`; the key
    itself is checked by the REST API on each tool call."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            auth = dict(scope.get("headers", [])).get(b"authorization", b"")
            if not auth.lower().startswith(b"bearer ") or not auth[7:].strip():
                from api.errors import render  # the one place that renders the error envelope
                from graphmem.errors import Unauthorized

                answer = render(Unauthorized("send Authorization: Bearer <graphmem API key>", code="missing_key"))
                answer.headers["WWW-Authenticate"] = "Bearer"
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


@click.command("mcp")
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio for Claude Desktop and Cursor; http for streamable HTTP at /mcp")
@click.option("--url", default=None, help="the graphmem REST API (default $GRAPHMEM_URL or http://127.0.0.1:8000)")
@click.option("--namespace", default=None, help="default $GRAPHMEM_NAMESPACE")
@click.option("--host", default="127.0.0.1", show_default=True, help="http only")
@click.option("--port", default=8765, show_default=True, type=int, help="http only")
def command(transport: str, url: str | None, namespace: str | None, host: str, port: int) -> None:
    """Serve graphmem's memory as MCP tools (remember, recall, assert_fact, retract_fact, lookup,
    read_entity, record_trajectory, find_workflow), calling the REST API. Over HTTP each request needs a
    graphmem API key as its bearer token; over stdio the key is $GRAPHMEM_API_KEY."""
    server = build_server(url, namespace)
    if transport == "stdio":
        server.run("stdio")
        return
    import uvicorn

    uvicorn.run(RequireBearer(server.streamable_http_app(host=host)), host=host, port=port, log_config=None)
