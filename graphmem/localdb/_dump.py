"""Backup and restore of the managed Neo4j with Neo4j's own offline tools (`neo4j-admin database dump`
and `load`), run from the same jars as the server.

Community Neo4j dumps and loads a database only while the DBMS is down, so both stop the managed
server when it runs and start it again afterwards (also when the tool failed: a failed backup must not
leave the service without its store). Only the `neo4j` database is dumped: everything graphmem holds,
API keys included, lives there; the `system` database (the Neo4j user and its password) stays the
home's own, so a backup restores into another home with that home's password.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from graphmem.errors import LocalNeo4jError

if TYPE_CHECKING:
    from graphmem.localdb import LocalNeo4j

DATABASE = "neo4j"


def _admin(local: LocalNeo4j, *args: str) -> None:
    from graphmem.localdb import ADMIN, _need

    java = _need("java", "install a Java 17 runtime (Debian: apt-get install openjdk-17-jre-headless)")
    local.install()
    local._write_conf()  # the tool reads the data folder from the home's neo4j.conf
    cp = f"{local.home / 'plugins'}/*:{local.lib}/*"
    proc = subprocess.run([java, "-cp", cp, ADMIN, *args], env=local._env(), capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise LocalNeo4jError(f"neo4j-admin {' '.join(args[:2])} failed:\n{tail}")


def _offline(local: LocalNeo4j, job: Callable[[], None]) -> bool:
    """Run `job` with the server down; start it again when it was running. True when it was."""
    was_running = local.running() is not None
    if was_running:
        local.stop()
    try:
        job()
    finally:
        if was_running:
            local.start()
    return was_running


def backup(local: LocalNeo4j, path: Path, *, force: bool = False) -> Path:
    """Dump the store into the file `path` (a folder gets `graphmem-neo4j.dump` inside it)."""
    path = Path(path)
    if path.is_dir():
        path = path / "graphmem-neo4j.dump"
    if path.exists() and not force:
        raise LocalNeo4jError(f"{path} exists; pass --force to overwrite it", code="exists")
    if not (local.home / "data" / "databases" / DATABASE).exists():
        raise LocalNeo4jError(f"the managed Neo4j under {local.home} holds no database yet: nothing to back up",
                              code="no_database")
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".graphmem-dump-") as tmp:
        _offline(local, lambda: _admin(local, "database", "dump", DATABASE, f"--to-path={tmp}",
                                       "--overwrite-destination=true"))
        dumped = Path(tmp) / f"{DATABASE}.dump"
        if not dumped.exists():
            raise LocalNeo4jError(f"neo4j-admin wrote no {dumped.name} into {tmp}")
        dumped.chmod(0o600)  # a dump holds every value in the store
        dumped.replace(path)
    return path


def restore(local: LocalNeo4j, path: Path, *, force: bool = False) -> None:
    """Replace the store's database with the dump in `path`; refuses to replace one that exists without
    `force`."""
    path = Path(path)
    if not path.is_file():
        raise LocalNeo4jError(f"no dump file at {path}", code="not_found")
    if (local.home / "data" / "databases" / DATABASE).exists() and not force:
        raise LocalNeo4jError(f"the managed Neo4j under {local.home} already holds a database; pass --force to "
                              "replace it with the dump (what it holds now is lost)", code="exists")
    with tempfile.TemporaryDirectory(prefix="graphmem-load-") as tmp:
        shutil.copyfile(path, Path(tmp) / f"{DATABASE}.dump")
        _offline(local, lambda: _admin(local, "database", "load", DATABASE, f"--from-path={tmp}",
                                       "--overwrite-destination=true"))
