"""`graphmem tenants`: the operators' tenant routes as commands (admin work on the configured store)."""

from __future__ import annotations

import time

import click

from graphmem_tools.common import friendly, settings
from graphmem_tools.progress import bar, quiet_option


@click.group("tenants")
def command() -> None:
    """Namespaces: list them, delete one whole (what GET /v1/namespaces and DELETE /v1/{ns} do)."""


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
