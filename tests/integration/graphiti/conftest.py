"""A second Neo4j for Graphiti graphs (graphiti-core's :Entity/:RELATES_TO would mix with graphmem's):
GRAPHITI_NEO4J_URI/_USER/_PASSWORD when set, else a managed server started once per session and stopped
at its end (`graphmem_tools.graphiti_source.graphiti_server`, reusable by benchmarks)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem_tools.graphiti_source import GraphitiServer, graphiti_server  # sets GRAPHITI_TELEMETRY_ENABLED

pytest.importorskip("graphiti_core")


@pytest.fixture(scope="session")
def graphiti_neo4j() -> Iterator[GraphitiServer]:
    with graphiti_server() as server:
        yield server
