"""Graphiti (graphiti-core) graphs: read one READ ONLY into `graphmem.imports` records, build one (tests,
benchmarks), and run a Neo4j of its own for it.

Graphiti's labels (:Entity, :Episodic, :MENTIONS, :RELATES_TO) collide with graphmem's, so a Graphiti
graph lives in its own Neo4j: `graphiti_server()` gives one (GRAPHITI_NEO4J_URI/_USER/_PASSWORD, else a
managed `graphmem.localdb` server on free ports in a temporary home, stopped on exit).

Reading goes through graphiti-core's own classes (`EntityNode/EntityEdge/EpisodicNode.get_by_group_ids`
on its `Neo4jDriver`), paged by uuid. graphiti-core is an optional extra (`pip install graphmem[graphiti]`);
its telemetry is switched off before it is imported, here and only here.
"""

from __future__ import annotations

import os

os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"  # before graphiti_core is imported: never phone home

import asyncio  # noqa: E402
import logging  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from datetime import datetime, timedelta, timezone  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, TypeVar  # noqa: E402

from graphmem.errors import ConfigError  # noqa: E402
from graphmem.imports import SourceEdge, SourceEpisode, SourceGraph, SourceNode  # noqa: E402

PAGE = 5000
DIM = 384  # graphmem's embedder (all-MiniLM-L6-v2)
T = TypeVar("T")


@dataclass(frozen=True)
class GraphitiServer:
    uri: str
    user: str
    password: str


def _graphiti() -> Any:
    try:
        import graphiti_core  # noqa: F401
    except ImportError as e:  # pragma: no cover - the extra is missing
        raise ConfigError("graphiti-core is not installed: pip install 'graphmem[graphiti]'") from e
    return graphiti_core


def driver(uri: str, user: str, password: str) -> Any:
    """graphiti-core's own Neo4jDriver on the Graphiti database."""
    _graphiti()
    from graphiti_core.driver.neo4j_driver import Neo4jDriver

    return Neo4jDriver(uri, user, password)


async def _pages(fetch: Callable[[str | None], Any], uuid: Callable[[Any], str]) -> list[Any]:
    """Every item of a `get_by_group_ids` query, PAGE at a time (they come ordered by uuid, descending)."""
    from graphiti_core.errors import GroupsEdgesNotFoundError, GroupsNodesNotFoundError

    out: list[Any] = []
    cursor: str | None = None
    while True:
        try:
            page = await fetch(cursor)
        except (GroupsEdgesNotFoundError, GroupsNodesNotFoundError):
            page = []
        out += page
        if len(page) < PAGE:
            return out
        cursor = uuid(page[-1])


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def _maybe(value: datetime | None) -> datetime | None:
    return None if value is None else _aware(value)


async def read_graph(drv: Any, group_ids: Sequence[str]) -> SourceGraph:
    """The entity nodes, entity edges and episodes of the groups, as `graphmem.imports` records."""
    from graphiti_core.edges import EntityEdge
    from graphiti_core.nodes import EntityNode, EpisodicNode

    groups = list(group_ids)
    # graphiti-core's edge query names a property its bulk writer never sets (`reference_time`): the server then
    # warns on every page (one multi-line log record per 1,000 edges, read as noise in the import's output)
    notifications = logging.getLogger("neo4j.notifications")
    level = notifications.level
    notifications.setLevel(logging.ERROR)
    try:
        nodes = await _pages(lambda c: EntityNode.get_by_group_ids(drv, groups, limit=PAGE, uuid_cursor=c),
                             lambda n: n.uuid)
        edges = await _pages(lambda c: EntityEdge.get_by_group_ids(drv, groups, limit=PAGE, uuid_cursor=c),
                             lambda e: e.uuid)
        episodes = await _pages(lambda c: EpisodicNode.get_by_group_ids(drv, groups, limit=PAGE, uuid_cursor=c),
                                lambda e: e.uuid)
    finally:
        notifications.setLevel(level)
    return SourceGraph(
        tuple(groups),
        tuple(SourceNode(n.uuid, n.name, n.group_id, tuple(n.labels), _aware(n.created_at), n.summary or "",
                         dict(n.attributes or {})) for n in nodes),
        tuple(SourceEdge(e.uuid, e.group_id, e.source_node_uuid, e.target_node_uuid, e.name, e.fact,
                         _aware(e.created_at), _maybe(e.valid_at), _maybe(e.invalid_at), _maybe(e.expired_at),
                         dict(e.attributes or {})) for e in edges),
        tuple(SourceEpisode(e.uuid, e.name, e.group_id, e.content, getattr(e.source, "value", str(e.source)),
                            e.source_description, _aware(e.valid_at), _aware(e.created_at)) for e in episodes))


def read(uri: str, user: str, password: str, group_ids: Sequence[str]) -> SourceGraph:
    """`read_graph` on a fresh driver, from synchronous code (the CLI)."""
    async def go() -> SourceGraph:
        drv = driver(uri, user, password)
        try:
            return await read_graph(drv, group_ids)
        finally:
            await drv.close()

    return asyncio.run(go())


def unit_vector(i: int = 0) -> list[float]:
    """A cheap stand-in embedding (the import never reads Graphiti's embeddings)."""
    v = [0.0] * DIM
    v[i % DIM] = 1.0
    return v


async def save_graph(drv: Any, *, nodes: Sequence[Any] = (), edges: Sequence[Any] = (),
                     episodes: Sequence[Any] = (), batch: int = 2000) -> None:
    """Write graphiti-core objects with its own bulk save (`add_nodes_and_edges_bulk`), `batch` nodes or
    edges per transaction. Missing embeddings get `unit_vector` (no model, no LLM)."""
    from graphiti_core.utils.bulk_utils import add_nodes_and_edges_bulk

    for i, n in enumerate(nodes):
        if n.name_embedding is None:
            n.name_embedding = unit_vector(i)
    for i, e in enumerate(edges):
        if e.fact_embedding is None:
            e.fact_embedding = unit_vector(i)
    await add_nodes_and_edges_bulk(drv, list(episodes), [], [], [], None)  # type: ignore[arg-type]
    for i in range(0, len(nodes), batch):  # batched too: 20,000 nodes with embeddings overflow a small heap
        await add_nodes_and_edges_bulk(drv, [], [], list(nodes[i:i + batch]), [], None)  # type: ignore[arg-type]
    for i in range(0, len(edges), batch):
        await add_nodes_and_edges_bulk(drv, [], [], [], list(edges[i:i + batch]), None)  # type: ignore[arg-type]


def run(uri: str, user: str, password: str, work: Callable[[Any], Any]) -> Any:
    """Run `await work(driver)` on a fresh graphiti driver, from synchronous code (fixtures, benches)."""
    async def go() -> Any:
        drv = driver(uri, user, password)
        try:
            return await work(drv)
        finally:
            await drv.close()

    return asyncio.run(go())


def synthetic(group_id: str, *, edges: int, nodes: int | None = None, episodes: int = 0,
              start: datetime | None = None) -> tuple[list[Any], list[Any], list[Any]]:
    """A generated Graphiti graph (nodes, edges, episodes) of one group: people working at companies over
    time; every 10th edge ended (`invalid_at`), every 20th expired (`expired_at`)."""
    from graphiti_core.edges import EntityEdge
    from graphiti_core.nodes import EntityNode, EpisodeType, EpisodicNode

    t0 = start or datetime(2024, 1, 1, tzinfo=timezone.utc)
    count = nodes or max(2, edges // 5)
    ns = [EntityNode(name=f"{'Person' if i % 2 else 'Company'} {i}", group_id=group_id,
                     labels=["Person" if i % 2 else "Company"], created_at=t0 + timedelta(seconds=i),
                     summary=f"node {i}") for i in range(count)]
    people, firms = ns[1::2], ns[0::2]
    es = []
    for i in range(edges):  # pairs (i mod P, i div P): distinct while edges <= P * C
        a, b = people[i % len(people)], firms[(i // len(people)) % len(firms)]
        created = t0 + timedelta(seconds=count + i)
        valid = created - timedelta(days=30)
        es.append(EntityEdge(group_id=group_id, source_node_uuid=a.uuid, target_node_uuid=b.uuid,
                             name="WORKS_AT", fact=f"{a.name} works at {b.name} (#{i})", created_at=created,
                             valid_at=valid, invalid_at=valid + timedelta(days=10) if i % 10 == 9 else None,
                             expired_at=created + timedelta(hours=1) if i % 20 == 19 else None))
    eps = [EpisodicNode(name=f"episode {i}", group_id=group_id, source=EpisodeType.message,
                        source_description="generated", content=f"user: message {i}",
                        valid_at=t0 + timedelta(minutes=i), created_at=t0 + timedelta(minutes=i))
           for i in range(episodes)]
    return ns, es, eps


@contextmanager
def graphiti_server(heap: str = "512m", pagecache: str = "128m") -> Iterator[GraphitiServer]:
    """A Neo4j for Graphiti graphs: GRAPHITI_NEO4J_URI (with _USER, _PASSWORD) when set, else a managed
    server (`graphmem.localdb`) in a temporary home on free ports, stopped and removed on exit."""
    if os.environ.get("GRAPHITI_NEO4J_URI"):
        yield GraphitiServer(os.environ["GRAPHITI_NEO4J_URI"], os.environ.get("GRAPHITI_NEO4J_USER", "neo4j"),
                             os.environ.get("GRAPHITI_NEO4J_PASSWORD", ""))
        return
    from graphmem.localdb import LocalNeo4j, free_port
    from graphmem.settings import Settings

    home = Path(tempfile.mkdtemp(prefix="graphiti-neo4j-"))
    bolt = free_port()
    http = free_port()
    while http == bolt:
        http = free_port()
    local = LocalNeo4j(Settings(_env_file=None, home=home, bolt_port=bolt, http_port=http,  # type: ignore[call-arg]
                                heap=heap, pagecache=pagecache))
    try:
        info = local.start()
        yield GraphitiServer(info.bolt_uri, info.user, info.password)
    finally:
        local.stop()
        shutil.rmtree(home, ignore_errors=True)
