"""`graphmem tenants`: the operators' tenant routes as commands (admin work on the configured store)."""

from __future__ import annotations

import time

import click

from graphmem_tools.common import friendly, settings
from graphmem_tools.progress import bar, quiet_option


@click.group("tenants")
def command() -> None:
    """Namespaces: list them, export one, import an export into a new one, delete one whole (the admin
    routes GET /v1/namespaces, GET /v1/{ns}/export, POST /v1/{ns}/import and DELETE /v1/{ns})."""


@command.command("list")
@friendly
def list_() -> None:
    """Every namespace holding memory, with what it holds and its last write."""
    from graphmem import tenants
    from graphmem.store import open_store

    with open_store(settings()) as store:
        found = tenants.list_namespaces(store)
    for n in found:
        counts = ", ".join(f"{v} {k}" for k, v in n.counts.items())
        click.echo(f"{n.name}: {counts}; last write {n.last_write or 'unknown'}")
    click.echo(f"{len(found)} namespaces")


@command.command("delete")
@click.argument("namespace")
@click.option("--yes", is_flag=True, help="do not ask for confirmation")
@quiet_option
@friendly
def delete(namespace: str, yes: bool, quiet: bool) -> None:
    """Delete NAMESPACE whole, for good (offboarding), in batches; resumes a deletion left running."""
    from graphmem import tenants
    from graphmem.store import open_store
    from graphmem.types import Namespace

    ns = Namespace.parse(namespace)
    if not yes:
        click.confirm(f"Delete every record of namespace {ns.name!r} for good?", abort=True)
    started = time.monotonic()
    with open_store(settings()) as store:
        tenants.start_deletion(store, ns, by="cli", run=False)
        with bar(desc=f"deleting {ns.name}", unit="record", quiet=quiet) as progress:
            while True:
                d = tenants.delete_namespace(store, ns, max_batches=1)
                progress.n = d.deleted if d else 0
                progress.refresh()
                if d is None or d.state == "done":
                    break
    click.echo(f"namespace {ns.name} deleted: {d.deleted if d else 0} records in {time.monotonic() - started:.1f}s")


@command.command("export")
@click.argument("namespace")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="the NDJSON file to write (default: NAMESPACE.ndjson); - for standard output")
@click.option("--vectors/--no-vectors", default=True, show_default=True,
              help="include the vectors (without them the import embeds again with its store's model)")
@click.option("--force", is_flag=True, help="overwrite the output file")
@quiet_option
@friendly
def export(namespace: str, output: str | None, vectors: bool, force: bool, quiet: bool) -> None:
    """Export NAMESPACE as NDJSON (what GET /v1/{ns}/export streams): every node and relationship with its
    bitemporal stamps; what an erasure hid is never in it."""
    import sys
    from pathlib import Path

    from graphmem import tenants
    from graphmem.store import open_store
    from graphmem.types import Namespace

    ns = Namespace.parse(namespace)
    path = Path(output or f"{ns.name}.ndjson")
    if output != "-" and path.exists() and not force:
        raise click.ClickException(f"{path} exists: pass --force to overwrite it")
    started, nodes, rels = time.monotonic(), 0, 0
    with open_store(settings()) as store, (
            open(path, "wb") if output != "-" else sys.stdout.buffer) as out, \
            bar(desc=f"exporting {ns.name}", unit="line", quiet=quiet) as progress:
        for line in tenants.export_ndjson(store, ns, vectors=vectors):
            out.write(line)
            nodes += line.count(b'\n{"node"') + line.startswith(b'{"node"')
            rels += line.count(b'\n{"rel"') + line.startswith(b'{"rel"')
            progress.update(line.count(b"\n"))
    seconds = time.monotonic() - started
    if output != "-":
        click.echo(f"namespace {ns.name} exported to {path}: {nodes} nodes, {rels} "
                   f"relationships in {seconds:.1f}s")


@command.command("import")
@click.argument("namespace")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@quiet_option
@friendly
def import_(namespace: str, file: str, quiet: bool) -> None:
    """Import an export FILE into NAMESPACE, which must hold nothing (what POST /v1/{ns}/import does). Run it
    again after a stop: it resumes; after the end it writes nothing."""
    from graphmem import tenants
    from graphmem.store import open_store
    from graphmem.types import Namespace

    ns = Namespace.parse(namespace)
    with open(file, "rb") as f:
        total = sum(1 for _ in f) - 2  # the header and the end line
    with open_store(settings()) as store, open(file, "rb") as lines, \
            bar(total=max(total, 0), desc=f"importing into {ns.name}", unit="line", quiet=quiet) as progress:
        result = tenants.import_namespace(store, ns, lines, by="cli", progress=progress.update)
    click.echo(f"namespace {ns.name} from {result.source} ({result.export_id}): {result.state}, {result.nodes} nodes, "
               f"{result.relationships} relationships, {result.embedded} vectors embedded"
               f"{', resumed' if result.resumed else ''} in {result.seconds:.1f}s")
