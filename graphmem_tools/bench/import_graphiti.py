"""`graphmem bench import_graphiti`: the import rate of `graphmem import graphiti` on a generated Graphiti
graph (`graphiti_source.synthetic`: people working at companies, every 10th edge ended, every 20th
expired), built with graphiti-core's bulk writer in a Neo4j of its own, imported into a fresh namespace
of the configured graphmem Neo4j, then imported again (which must write nothing: its time is printed too);
the namespace is purged afterwards. Needs graphmem[graphiti].
"""

from __future__ import annotations

import time
from typing import Any
from uuid import uuid4

import click

from graphmem_tools.common import friendly, settings
from graphmem_tools.progress import bar, quiet_option


@click.command("import_graphiti")
@click.option("--edges", default=10_000, show_default=True, help="Graphiti entity edges to generate")
@click.option("--episodes", default=100, show_default=True, help="Graphiti episodes to generate")
@quiet_option
@friendly
def command(edges: int, episodes: int, quiet: bool) -> None:
    """Import rate (edges/s) of a generated Graphiti graph."""
    from graphmem.imports import import_graph
    from graphmem.store import open_store, purge_namespace
    from graphmem.types import Namespace
    from graphmem_tools import graphiti_source as gs

    group = f"bench-{uuid4().hex[:8]}"
    nodes, es, eps = gs.synthetic(group, edges=edges, episodes=episodes)
    with gs.graphiti_server() as server:
        t0 = time.perf_counter()

        async def save(drv: Any) -> None:
            await gs.save_graph(drv, nodes=nodes, edges=es, episodes=eps)

        gs.run(server.uri, server.user, server.password, save)
        click.echo(f"graphiti graph: {len(nodes)} nodes, {len(es)} edges, {len(eps)} episodes saved in "
                   f"{time.perf_counter() - t0:.1f}s")
        t1 = time.perf_counter()
        graph = gs.read(server.uri, server.user, server.password, [group])
        click.echo(f"read through graphiti-core in {time.perf_counter() - t1:.1f}s")
    ns = Namespace(f"bench-import-{uuid4().hex[:8]}")
    with open_store(settings()) as store:
        try:
            with bar(desc=f"import into {ns.name}", unit="rec", quiet=quiet) as progress:
                report = import_graph(store, ns, graph=graph, progress=progress)
            for line in report.lines():
                click.echo(line)
            again = import_graph(store, ns, graph=graph)
            wrote = sum(c.written for c in again.counts.values())
            click.echo(f"second import: {again.seconds:.1f}s, {wrote} written"
                       + ("" if wrote == 0 and again.ok else " (expected nothing)"))
        finally:
            purge_namespace(store, ns.name)
