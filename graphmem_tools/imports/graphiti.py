"""`graphmem import graphiti`: read a Graphiti (graphiti-core) graph READ ONLY from its own Neo4j, for one
or more group ids, and import it into a graphmem namespace (`graphmem.imports`; the mapping table is in
`graphmem/imports/mapping.py` and the README, "Coming from Graphiti").

Everything is mapped and checked before anything is written: a graph with an unmappable record is
reported (each record, with why) and nothing is written; the command then exits with status 1.
Re-running is idempotent, keyed by Graphiti uuids.
"""

from __future__ import annotations

import os

import click

from graphmem_tools.common import friendly, settings
from graphmem_tools.progress import bar, quiet_option


@click.command("graphiti")
@click.option("--uri", default=lambda: os.environ.get("GRAPHITI_NEO4J_URI"), required=True,
              help="Graphiti's Neo4j (default GRAPHITI_NEO4J_URI)")
@click.option("--user", default=lambda: os.environ.get("GRAPHITI_NEO4J_USER", "neo4j"), show_default="neo4j",
              help="default GRAPHITI_NEO4J_USER")
@click.option("--password", default=lambda: os.environ.get("GRAPHITI_NEO4J_PASSWORD", ""),
              help="default GRAPHITI_NEO4J_PASSWORD")
@click.option("--group-id", "group_ids", multiple=True, required=True, help="a Graphiti group id (repeatable)")
@click.option("--namespace", "--ns", "namespace", required=True, help="the graphmem namespace to import into")
@quiet_option
@friendly
def command(uri: str, user: str, password: str, group_ids: tuple[str, ...], namespace: str, quiet: bool) -> None:
    """Import Graphiti entity nodes, edges and episodes into a namespace (needs graphmem[graphiti])."""
    from graphmem.imports import import_graph
    from graphmem.store import open_store
    from graphmem.types import Namespace
    from graphmem_tools import graphiti_source

    ns = Namespace.parse(namespace)
    click.echo(f"reading groups {', '.join(group_ids)} from {uri} ...", err=True)
    graph = graphiti_source.read(uri, user, password, group_ids)
    with open_store(settings()) as store, bar(desc=f"import into {ns.name}", unit="rec", quiet=quiet) as progress:
        report = import_graph(store, ns, graph=graph, progress=progress)
    for line in report.lines():
        click.echo(line)
    if not report.ok:
        raise SystemExit(1)
