"""`graphmem`: run the service, manage the local Neo4j, the schema, keys, benchmarks and evaluations.

A thin caller of the library, like the API. Benchmarks live in `graphmem_tools/bench/<name>.py` and
evaluations in `graphmem_tools/evals/<name>.py`; each exposes a click `command` and is found by name.
"""

from __future__ import annotations

import importlib
import json
import logging
import pkgutil
import time
from pathlib import Path
from typing import Any, Literal

import click

from graphmem_tools import mcp as mcp_server
from graphmem_tools import reembed as reembed_command
from graphmem_tools import service
from graphmem_tools import tenants as tenants_command
from graphmem_tools.common import friendly, settings



@click.group()
@click.version_option(package_name="graphmem")
def cli() -> None:
    """graphmem: memory for AI agents, a bitemporal knowledge graph on Neo4j."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")


# --- the managed local Neo4j ----------------------------------------------------------------
@cli.group()
def db() -> None:
    """The managed local Neo4j (used when NEO4J_URI is not set)."""


@db.command("install")
@friendly
def db_install() -> None:
    """Resolve the Neo4j and Browser jars with Maven into the user cache."""
    from graphmem.localdb import LocalNeo4j

    local = LocalNeo4j(settings())
    click.echo(f"Neo4j jars in {local.install(quiet=False)}")


@db.command("start")
@friendly
def db_start() -> None:
    """Start the server in the background (or reuse the running one) and wait until Bolt answers."""
    from graphmem.localdb import LocalNeo4j

    started = time.monotonic()
    info = LocalNeo4j(settings()).start()
    click.echo(f"Neo4j {info.version} running (pid {info.pid}) after {time.monotonic() - started:.1f}s\n"
               f"  bolt:    {info.bolt_uri}\n  browser: {info.browser_url}\n"
               f"  user:    {info.user}\n  password: {info.password}")


@db.command("stop")
@friendly
def db_stop() -> None:
    """Shut the server down cleanly (SIGTERM, then wait)."""
    from graphmem.localdb import LocalNeo4j

    click.echo("stopped" if LocalNeo4j(settings()).stop() else "not running")


@db.command("status")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@friendly
def db_status(as_json: bool) -> None:
    """Running or not, pid, ports, version, data folder, credentials for Neo4j Browser."""
    from graphmem.localdb import LocalNeo4j

    local = LocalNeo4j(settings())
    status = local.status()
    if status["running"]:
        info = local.running()
        assert info is not None
        status["password"] = info.password
    if as_json:
        click.echo(json.dumps(status, indent=2))
    else:
        for k, v in status.items():
            click.echo(f"{k:>14}: {v}")


@db.command("logs")
@click.option("-n", "lines", default=40, show_default=True)
@friendly
def db_logs(lines: int) -> None:
    """The last lines of the server's log."""
    from graphmem.localdb import LocalNeo4j

    click.echo(LocalNeo4j(settings()).log_tail(lines))


@db.command("backup")
@click.argument("path", type=click.Path(dir_okay=True, path_type=Path))
@click.option("--force", is_flag=True, help="overwrite an existing file")
@friendly
def db_backup(path: Path, force: bool) -> None:
    """Dump the managed store to PATH with Neo4j's own tool (a folder gets graphmem-neo4j.dump). The server
    stops for the dump and starts again; a server you run yourself is backed up with its own tools (README)."""
    from graphmem.localdb import LocalNeo4j

    _managed_only("backup")
    started = time.monotonic()
    out = LocalNeo4j(settings()).backup(path, force=force)
    click.echo(f"backed up to {out} ({out.stat().st_size / 1e6:.1f} MB) in {time.monotonic() - started:.1f}s")


@db.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="replace the store that exists (what it holds now is lost)")
@friendly
def db_restore(path: Path, force: bool) -> None:
    """Load a dump made by `graphmem db backup` in place of the managed store. The server stops for the load
    and starts again when it was running. Whom the replaced store had erased is erased again in the restored one."""
    from graphmem.localdb import LocalNeo4j

    from graphmem.privacy import restore_keeping_erasures
    from graphmem.store import open_store

    _managed_only("restore")
    started = time.monotonic()
    s = settings()
    again = restore_keeping_erasures(LocalNeo4j(s), lambda: open_store(s), path, force=force)
    click.echo(f"restored {path} in {time.monotonic() - started:.1f}s")
    for r in again:
        click.echo(f"erased again (the replaced store had erased it): {r.ns}/{r.key}"
                   + (f"; it had been purged: run `graphmem purge --ns {r.ns} --older-than-days 0`"
                      if r.purged_before else ""))


def _managed_only(what: str) -> None:
    if not settings().managed:
        raise click.ClickException(
            f"NEO4J_URI is set: `graphmem db {what}` works on the managed Neo4j only. Back up a server you run with "
            "`neo4j-admin database dump` (or your cloud's snapshots); see the README, \"Backup and restore\".")


# --- schema ---------------------------------------------------------------------------------
@cli.group()
def schema() -> None:
    """Constraints and indexes (cypher/schema/)."""


@schema.command("apply")
@friendly
def schema_apply() -> None:
    """Apply every schema statement (idempotent) and wait for the indexes to come online."""
    from graphmem.store import apply_schema, open_store

    with open_store(settings(), apply_schema=False) as store:
        for name in apply_schema(store):
            click.echo(f"applied {name}")


@schema.command("show")
@friendly
def schema_show() -> None:
    """The store's schema version, and each expected constraint or index and whether the database has it."""
    from graphmem.store import SCHEMA_VERSION, expected_schema, missing_schema, open_store, schema_version

    with open_store(settings(), apply_schema=False) as store:
        found = schema_version(store)
        if found.version is None:
            click.echo(f"schema version: none recorded (data from before versions); this release: {SCHEMA_VERSION}")
        else:
            click.echo(f"schema version: {found.version} (recorded {found.migrated_at} by {found.by}); "
                       f"this release: {SCHEMA_VERSION}")
        for number, what in found.pending:
            click.echo(f"  pending migration {number}: {what} (graphmem schema migrate)")
        missing = missing_schema(store)
        for name in sorted(expected_schema(store)):
            click.echo(f"{'MISSING' if name in missing else 'ok':>8}  {name}")


@schema.command("migrate")
@click.option("--ns", "namespace", default=None, help="one namespace (default: every namespace)")
@friendly
def schema_migrate(namespace: str | None) -> None:
    """Rewrite old RELATES {type} relations as typed relationships, caption old attribute values, give old
    turns their reach text and namespaces their name stamp (idempotent)."""
    from graphmem.store import SCHEMA_VERSION, migrate, open_store
    from graphmem.types import Namespace

    with open_store(settings()) as store:
        done = migrate(store, None if namespace is None else Namespace.parse(namespace))
    click.echo(f"relations retyped: {done.migrated}; attribute values captioned: {done.captioned}; "
               f"turns given their reach text: {done.reach_texts}; namespaces with a name stamp: {done.stamped}")
    if namespace is None:
        click.echo(f"schema version: {SCHEMA_VERSION}")
    for type_, n in sorted(done.left.items()):
        click.echo(f"left as RELATES (type {type_!r} is not accepted): {n}")


@cli.group()
def cypher() -> None:
    """The named Cypher statements, as they run (view fragments expanded)."""


@cypher.command("list")
@click.argument("prefix", default="")
@friendly
def cypher_list(prefix: str) -> None:
    """Every statement name (optionally those starting with PREFIX, e.g. `exact/`)."""
    from graphmem.infra.queries import load_queries

    for name in sorted(load_queries()):
        if name.startswith(prefix):
            click.echo(name)


@cypher.command("show")
@click.argument("name")
@friendly
def cypher_show(name: str) -> None:
    """One statement with its view fragments expanded, ready to paste into Neo4j Browser (set its
    parameters first with `:param`)."""
    import re

    from graphmem.infra.queries import load_queries

    queries = load_queries()
    if name not in queries:
        near = [n for n in sorted(queries) if name.split("/")[-1] in n][:10]
        raise click.ClickException(f"no statement {name!r}" + (f"; did you mean {', '.join(near)}?" if near else
                                                                "; `graphmem cypher list` names them all"))
    text = queries[name]
    params = sorted(set(re.findall(r"\$(\w+)", re.sub(r"//.*", "", text))))
    click.echo(f"// parameters: {', '.join('$' + p for p in params)}")
    click.echo(text)


# --- the service and its API keys (graphmem_tools/service.py) -------------------------------------
cli.add_command(service.serve)
cli.add_command(reembed_command.reembed)
cli.add_command(service.keys)
cli.add_command(mcp_server.command)
cli.add_command(tenants_command.command)


# --- benchmarks and evaluations, discovered by module -------------------------------------------
class _Discovered(click.Group):
    def __init__(self, package: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.package = package

    def _names(self) -> list[str]:
        try:
            pkg = importlib.import_module(self.package)
        except ModuleNotFoundError:
            return []
        return sorted(m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_"))

    def list_commands(self, ctx: click.Context) -> list[str]:
        return self._names()

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self._names():
            return None
        return getattr(importlib.import_module(f"{self.package}.{name}"), "command", None)


cli.add_command(_Discovered("graphmem_tools.bench", name="bench", help="Benchmarks: ratios measured side by side."))
cli.add_command(_Discovered("graphmem_tools.evals", name="eval", help="Evaluations on real data sets."))
cli.add_command(_Discovered("graphmem_tools.imports", name="import", help="Imports of other memory graphs."))
cli.add_command(_Discovered("graphmem_tools.checks", name="check", help="Randomized checks of the whole service."))


# --- privacy: physical purge of old erasures ------------------------------------------------------
@cli.command("purge")
@click.option("--ns", "namespace", required=True, help="the namespace to purge erased data in")
@click.option("--older-than-days", type=float, default=None,
              help="retention period in days (default GRAPHMEM_RETENTION_DAYS); 0 purges every erasure")
@friendly
def purge_erased(namespace: str, older_than_days: float | None) -> None:
    """Remove for good what was erased longer ago than the retention period, leaving tombstones."""
    from graphmem import privacy
    from graphmem.store import open_store
    from graphmem.types import Namespace

    ns = Namespace.parse(namespace)
    with open_store(settings()) as store:
        result = privacy.purge(store, ns, by="cli", older_than_days=older_than_days)
    click.echo(f"purge {result.id}: {result.entities} entities, {result.turns} turns, "
               f"{result.summaries} summaries, {result.attributes} attribute values removed from {ns.name}")


# --- workflows: offline induction -----------------------------------------------------------------
@cli.group()
def workflows() -> None:
    """Workflow memory: workflows induced from agents' trajectories."""


@workflows.command("induce")
@click.option("--ns", "namespace", required=True, help="the namespace whose trajectories to induce from")
@click.option("--task-type", default=None, help="only this task_type's workflow")
@click.option("--llm", is_flag=True, help="let the configured LLM (GRAPHMEM_LLM_BASE_URL) name, describe and "
                                          "re-pick the steps of each workflow")
@friendly
def workflows_induce(namespace: str, task_type: str | None, llm: bool) -> None:
    """Offline induction from every stored trajectory, in one transaction, with a progress bar."""
    from tqdm import tqdm

    from graphmem.channels import workflow
    from graphmem.store import open_store
    from graphmem.types import Namespace

    ns = Namespace.parse(namespace)
    s = settings()
    refine = workflow.refiner_from_settings(s) if llm else None
    with open_store(s) as store, tqdm(desc="induce, then write, each group", unit="step") as bar:
        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.n = done  # a retried transaction starts over: set, do not add
            bar.refresh()

        report = workflow.induce_workflows(store, ns, task_type=task_type, refine=refine, progress=progress)
    counts: dict[str, int] = {}
    for c in report.changes:
        counts[c.change] = counts.get(c.change, 0) + 1
    click.echo(f"{report.trajectories} trajectories, {report.groups} groups: "
               + (", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no workflow"))


# --- auditing: pictures of a timeline -------------------------------------------------------------
@cli.command("timeline")
@click.argument("key")
@click.option("--ns", "namespace", required=True, help="the entity's namespace")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="file to write, .svg or .png (default KEY.svg)")
@click.option("--view", type=click.Choice(["audit", "application", "compliance"]), default="audit", show_default=True,
              help="audit: every version, corrections and retractions marked; application: the believed timeline")
@click.option("--attribute", default=None, help="one attribute only")
@friendly
def timeline(key: str, namespace: str, output: str | None, view: str, attribute: str | None) -> None:
    """Draw an entity's versions, valid time against transaction time (what GET /timeline.svg serves)."""
    from graphmem.channels.changes import timeline_picture
    from graphmem.store import open_store
    from graphmem.types import Namespace, check_view

    ns = Namespace.parse(namespace)
    path = output or f"{key}.svg"
    fmt: Literal["svg", "png"] = "png" if path.lower().endswith(".png") else "svg"
    with open_store(settings()) as store:
        image = timeline_picture(store, ns, key=key, view=check_view("admin", view), fmt=fmt, attribute=attribute)
    with open(path, "wb") as out:
        out.write(image)
    click.echo(f"{path}: {len(image)} bytes ({fmt})")


def main() -> None:  # pragma: no cover
    cli()
