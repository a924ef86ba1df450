"""The Graphiti side of `graphmem bench graphiti` and `graphmem eval names --graphiti`: its own Neo4j, its
graph, its search recipes.

Graphiti (graphiti-core) labels its nodes `:Entity` and `:Episodic`, as graphmem labels its own `:Entity`:
on one server the two would mix. So Graphiti gets a second managed Neo4j 5.26 (`graphmem.localdb`, free
loopback ports, a home of its own under the cache), unless `--graphiti-uri` names one.

Graphiti is given what it would have built itself, with no LLM: entity nodes, fact edges
(`EntityEdge`, the fact text and its embedding) and episodes, saved with its own bulk writer
`add_nodes_and_edges_bulk`. Its edge invalidation is set as its contradiction resolution would set it
(the older edge gets `invalid_at` = the newer edge's `valid_at` and `expired_at` = the newer one's
`created_at`). Its embedder is graphmem's (the same all-MiniLM-L6-v2 on both sides). Its LLM client and
cross-encoder are constructed (Graphiti requires them) and never called by the recipes used here.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

T = TypeVar("T")

# set before graphiti-core is imported: its telemetry must never reach for the internet
os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

NOT_EXERCISED = ("entity and fact extraction from episodes (LLM)", "LLM-judged edge invalidation / deduplication",
                 "cross-encoder reranking (an LLM or reranker model)", "community summaries (LLM)")


@dataclass(frozen=True)
class Version:
    """One value of one person's attribute over [valid_from, valid_to), recorded at `recorded`."""

    person: str
    attribute: str
    value: str
    valid_from: datetime
    valid_to: datetime | None
    recorded: datetime
    superseded: datetime | None


@contextmanager
def graphiti_server(uri: str | None, user: str, password: str | None) -> Iterator[tuple[str, str, str]]:
    """(uri, user, password) of the Neo4j Graphiti writes to: the one named, else the managed one of
    `graphmem_tools.graphiti_source` (GRAPHITI_NEO4J_URI, or its own server on free loopback ports)."""
    if uri:
        yield uri, user, password or ""
        return
    from graphmem_tools.graphiti_source import graphiti_server as own

    with own(heap="1g", pagecache="512m") as server:
        yield server.uri, server.user, server.password


class Loop:
    """One event loop for every Graphiti call (its driver is async), driven from the bench's sync code."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        self.loop.close()


def _embedder() -> Any:
    from graphiti_core.embedder.client import EmbedderClient

    from graphmem.embedding import get_embedder

    class MiniLM(EmbedderClient):
        """graphmem's embedder behind Graphiti's interface: the same model on both sides."""

        async def create(self, input_data: Any) -> list[float]:
            text = input_data if isinstance(input_data, str) else str(input_data)
            return list(get_embedder().embed([text])[0])

        async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
            return [list(v) for v in get_embedder().embed(list(input_data_list))]

    return MiniLM()


class GraphitiSide:
    """A Graphiti instance on its own Neo4j, with graphmem's embedder and no LLM calls."""

    def __init__(self, uri: str, user: str, password: str) -> None:
        os.environ.setdefault("OPENAI_API_KEY", "unused-no-llm-is-called")  # its default clients want one
        from graphiti_core import Graphiti

        self.loop = Loop()
        self.embedder = _embedder()
        self.graphiti = Graphiti(uri, user, password, embedder=self.embedder)
        self.loop.run(self.graphiti.build_indices_and_constraints())

    def close(self) -> None:
        self.loop.run(self.graphiti.close())  # type: ignore[no-untyped-call]
        self.loop.close()

    def save_facts(self, group: str, versions: list[Version], embeddings: list[list[float]] | None) -> int:
        """People and values as entity nodes, each version as a fact edge, bulk-saved in one transaction.
        `embeddings` (one per version) are the fact embeddings its search needs; None leaves them out."""
        from graphiti_core.edges import EntityEdge
        from graphiti_core.nodes import EntityNode
        from graphiti_core.utils.bulk_utils import add_nodes_and_edges_bulk

        zero = [0.0] * 384  # the name embedding a node needs; node search is not measured
        nodes: dict[str, EntityNode] = {}

        def node(name: str, label: str) -> EntityNode:
            if name not in nodes:
                nodes[name] = EntityNode(name=name, group_id=group, labels=["Entity", label], summary="",
                                         name_embedding=zero, created_at=versions[0].recorded)
            return nodes[name]

        edges = []
        for i, v in enumerate(versions):
            src, dst = node(v.person, "Person"), node(v.value, "Plan")
            edges.append(EntityEdge(
                source_node_uuid=src.uuid, target_node_uuid=dst.uuid, group_id=group, name=f"HAS_{v.attribute.upper()}",
                fact=fact_text(v), episodes=[], created_at=v.recorded, valid_at=v.valid_from, invalid_at=v.valid_to,
                expired_at=v.superseded, fact_embedding=embeddings[i] if embeddings is not None else None))
        self.loop.run(add_nodes_and_edges_bulk(self.graphiti.driver, [], [], list(nodes.values()), edges,
                                               self.embedder))
        return len(edges)

    def save_episodes(self, group: str, turns: Iterable[tuple[str, str, datetime]]) -> int:
        """Conversation turns as raw episodes (`name` = the dialog id), the way `add_episode` stores them
        before its LLM steps."""
        from graphiti_core.nodes import EpisodeType, EpisodicNode
        from graphiti_core.utils.bulk_utils import add_nodes_and_edges_bulk

        episodes = [EpisodicNode(name=ident, group_id=group, source=EpisodeType.message, source_description="chat",
                                 content=text, valid_at=at, created_at=at)
                    for ident, text, at in turns]
        self.loop.run(add_nodes_and_edges_bulk(self.graphiti.driver, episodes, [], [], [], self.embedder))
        return len(episodes)

    def search_facts(self, group: str, query: str, *, current: bool = False, as_of: datetime | None = None,
                     vector: list[float] | None = None, limit: int = 10) -> list[Any]:
        """`EDGE_HYBRID_SEARCH_RRF` (BM25 + cosine over fact edges, RRF). `current` adds the filter a caller
        must build for the present (`invalid_at IS NULL`, `expired_at IS NULL`); `as_of` the one for a past
        instant (valid_at <= t and (invalid_at IS NULL or invalid_at > t), not expired)."""
        from graphiti_core.search.search_config_recipes import EDGE_HYBRID_SEARCH_RRF
        from graphiti_core.search.search_filters import ComparisonOperator as Op
        from graphiti_core.search.search_filters import DateFilter, SearchFilters

        filters = SearchFilters()
        if current:
            filters = SearchFilters(invalid_at=[[DateFilter(comparison_operator=Op.is_null)]],
                                    expired_at=[[DateFilter(comparison_operator=Op.is_null)]])
        elif as_of is not None:
            filters = SearchFilters(
                valid_at=[[DateFilter(date=as_of, comparison_operator=Op.less_than_equal)]],
                invalid_at=[[DateFilter(comparison_operator=Op.is_null)],
                            [DateFilter(date=as_of, comparison_operator=Op.greater_than)]])
        config = EDGE_HYBRID_SEARCH_RRF.model_copy(update={"limit": limit})
        results = self.loop.run(self.graphiti.search_(query, config=config, group_ids=[group],
                                                      search_filter=filters, query_vector=vector))
        return list(results.edges)

    def search_episodes(self, group: str, query: str, limit: int = 10) -> list[str]:
        """Episode search as Graphiti offers it (BM25 over episode content, its only episode method): the
        names (dialog ids) of the top `limit` episodes."""
        from graphiti_core.search.search_config import EpisodeReranker, EpisodeSearchConfig, SearchConfig
        from graphiti_core.search.search_config import EpisodeSearchMethod

        config = SearchConfig(episode_config=EpisodeSearchConfig(search_methods=[EpisodeSearchMethod.bm25],
                                                                 reranker=EpisodeReranker.rrf), limit=limit)
        results = self.loop.run(self.graphiti.search_(query, config=config, group_ids=[group]))
        return [e.name for e in results.episodes]


def fact_text(v: Version) -> str:
    return f"{v.person} has the {v.value} {v.attribute}"
