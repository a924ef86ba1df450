"""`graphmem serve` and `graphmem keys`: who may call the service.

`serve` runs open (every caller admin) only when asked (`--open`, GRAPHMEM_OPEN) and only on loopback;
otherwise it needs a key somewhere (GRAPHMEM_API_KEYS, the keys file, Neo4j). On a first start, with no
key anywhere, it creates one admin key and prints it once with the lines that use it, so the README's
first command gives a served, key-protected API. `keys` writes the keys to Neo4j (graphmem.access.keystore), where every replica sees
a change within a second, and keeps the keys file (GRAPHMEM_KEYS_FILE, default $GRAPHMEM_HOME/keys.json,
the one `serve` imports) in step as an export.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from ipaddress import ip_address
from pathlib import Path
from typing import Any

import click

from graphmem_tools.common import friendly, settings
from graphmem.errors import GraphmemError
from graphmem.settings import Settings, load_settings
from graphmem.store import connection_for



# --- the service ----------------------------------------------------------------------------
def _loopback(host: str) -> bool:
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


CREATE_KEY = "graphmem keys create --role admin --ns '*'"


def prepare_serve(host: str | None = None, port: int | None = None, open_access: bool = False) -> Settings:
    """Settings `serve` runs with, after refusing what must not run: an open service (every caller admin)
    unless asked for (`--open`, GRAPHMEM_OPEN) and on loopback. With no key anywhere (GRAPHMEM_API_KEYS,
    the keys file, Neo4j) this is a first start: one admin key is created and printed once. Only when
    Neo4j cannot be read to know that does it refuse, saying how to go on."""
    overrides: dict[str, Any] = {}
    if host:
        overrides["host"] = host
    if port:
        overrides["port"] = port
    if open_access:
        overrides["open"] = True
    s = load_settings(**overrides)
    if s.open:
        if not _loopback(s.host):
            raise click.ClickException(f"refusing to serve on {s.host} open to every caller: --open "
                                       f"(GRAPHMEM_OPEN) is for 127.0.0.1 only; create keys with `{CREATE_KEY}`")
        return s
    from graphmem.access.auth import Keyring
    from graphmem.access.keystore import create_key, ensure_schema, export_keys, list_keys, local_records
    from graphmem.store import open_store

    if Keyring(local_records(s.api_keys, s.keys_path)).active:
        return s
    try:
        with open_store(s, apply_schema=False, wait=1.0) as store:  # a managed one is started first
            if any(not r.revoked for r in list_keys(store)):  # another replica or host created them
                return s
            ensure_schema(store)
            key, _ = create_key(store, "admin", ["*"], "first start")
            export_keys(store, s.keys_path)
    except GraphmemError as exc:
        raise click.ClickException(
            f"refusing to serve on {s.host} without API keys (none in GRAPHMEM_API_KEYS, {s.keys_path} or "
            f"Neo4j, which could not be read: {exc}).\n  Create one:  {CREATE_KEY}\n"
            "  or, for local development only, serve every caller as admin:  graphmem serve --open") from exc
    click.echo(first_start_message(key, s))
    return s


def first_start_message(key: str, s: Settings) -> str:
    """What a first start prints, once: the admin key and the lines that use it."""
    url = f"http://{s.host}:{s.port}"
    client = (f"from graphmem_client import Client; import os; print(Client('{url}', "
              "api_key=os.environ['GRAPHMEM_API_KEY'], namespace='demo').recall('hello'))")
    return "\n".join([
        "",
        "graphmem: first start. No API key was configured, so one admin key (every namespace) was created.",
        f"It is shown only this once: graphmem keeps only its hash (in Neo4j and in {s.keys_path}, mode 0600).",
        "",
        f"GRAPHMEM_API_KEY={key}",
        "",
        "Use it:",
        f"  export GRAPHMEM_API_KEY={key}",
        f'  curl -H "Authorization: Bearer $GRAPHMEM_API_KEY" {url}/v1/demo/entities/U-1',
        f'  python3 -c "{client}"',
        "Keys for agents (one role, some namespaces):  graphmem keys create --role agent --ns demo",
        "",
    ])


@click.command()
@click.option("--host", default=None, help="bind address (default GRAPHMEM_HOST or 127.0.0.1)")
@click.option("--port", default=None, type=int, help="port (default GRAPHMEM_PORT or 8000)")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 1),
              help="processes: one (uvicorn needs an import string for more, and each would run its own background "
                   "workers); for more, run more `graphmem serve` processes, each on its own port")
@click.option("--open", "open_access", is_flag=True,
              help="no keys: every caller is admin (GRAPHMEM_OPEN=true); loopback only, for development")
@friendly
def serve(host: str | None, port: int | None, workers: int, open_access: bool) -> None:
    """Run the REST API with uvicorn, on the managed local Neo4j unless NEO4J_URI is set. On a first start
    (no key in GRAPHMEM_API_KEYS, the keys file or Neo4j) it creates one admin key and prints it once."""
    import uvicorn

    from api.logs import configure

    s = prepare_serve(host, port, open_access)
    configure(s.log_level)
    if s.open:
        click.echo(f"serving OPEN on {s.host}: every caller is admin", err=True)
    if s.managed:
        from graphmem.localdb import LocalNeo4j

        info = LocalNeo4j(s).start()
        click.echo(f"Neo4j ready at {info.bolt_uri}; Browser at {info.browser_url}", err=True)
    _refuse_a_store_it_cannot_serve(s)
    from api.app import create_app

    # access_log off: its lines carry raw paths (entity keys, ?reason=); api.app logs route templates instead
    uvicorn.run(create_app(s, serving=True), host=s.host, port=s.port, log_config=None, access_log=False)


def _refuse_a_store_it_cannot_serve(s: Settings) -> None:
    """A store written by another embedding model (ModelMismatch) or by a newer release (StoreTooNew) stops
    `serve` here with one line, not in uvicorn's start-up traceback. Neo4j not answering yet is the
    service's own business: it waits."""
    from graphmem.errors import StoreUnavailable
    from graphmem.store import check_embedding_model, open_store, refuse_newer, schema_version

    try:
        with open_store(s, apply_schema=False, wait=5.0) as store:
            refuse_newer(schema_version(store))
            check_embedding_model(store)
    except StoreUnavailable:
        pass


# --- API keys -------------------------------------------------------------------------------
@click.group()
def keys() -> None:
    """API keys, stored hashed in Neo4j (every replica sees a change within a second) and exported to the
    keys file that `serve` imports (GRAPHMEM_KEYS_FILE, default $GRAPHMEM_HOME/keys.json)."""


@contextmanager
def _keys_store(s: Settings) -> Iterator[Any]:
    """The store the keys commands write (starting the managed Neo4j when no NEO4J_URI is set); only the
    keys' two constraints are applied, not the whole schema."""
    from graphmem.access.keystore import ensure_schema
    from graphmem.store import open_store

    with open_store(s, apply_schema=False) as store:
        ensure_schema(store)
        yield store


def _export(store: Any, s: Settings) -> None:
    from graphmem.access.keystore import export_keys

    n = export_keys(store, s.keys_path)
    click.echo(f"{n} keys -> {s.keys_path}", err=True)


@keys.command("create")
@click.option("--role", type=click.Choice(["agent", "auditor", "compliance", "admin"]), required=True)
@click.option("--ns", "namespaces", multiple=True, required=True, help="namespace, repeatable; * for all")
@click.option("--name", default="", help="a label for the key")
@friendly
def keys_create(role: str, namespaces: tuple[str, ...], name: str) -> None:
    """Create a key; it is printed once and stored only as a hash."""
    from graphmem.access.keystore import create_key

    s = settings()
    with _keys_store(s) as store:
        key, rec = create_key(store, role, list(namespaces), name)
        click.echo(key)
        click.echo(f"id {rec.key_id} role {rec.role} namespaces {','.join(sorted(rec.namespaces))} -> Neo4j",
                   err=True)
        _export(store, s)


@keys.command("list")
@friendly
def keys_list() -> None:
    """Key ids, roles, namespaces (never the keys), as Neo4j holds them."""
    from graphmem.access.keystore import list_keys

    with _keys_store(settings()) as store:
        for r in list_keys(store):
            click.echo(f"{r.key_id}  {r.role:<10} {','.join(sorted(r.namespaces)):<30} "
                       f"{'revoked' if r.revoked else 'active':<8} {r.name}")


@keys.command("revoke")
@click.argument("key_id")
@friendly
def keys_revoke(key_id: str) -> None:
    """Revoke the key whose id starts with KEY_ID (every replica refuses it within a second)."""
    from graphmem.access.keystore import revoke_key

    s = settings()
    with _keys_store(s) as store:
        click.echo(f"revoked {revoke_key(store, key_id)}")
        _export(store, s)


@keys.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@friendly
def keys_import(path: Path) -> None:
    """Upsert the keys of a keys file into Neo4j (a revocation in it revokes; nothing is un-revoked)."""
    from graphmem.access.auth import KeysFile
    from graphmem.access.keystore import import_keys

    s = settings()
    with _keys_store(s) as store:
        click.echo(f"{import_keys(store, KeysFile(path).load())} keys changed")
        _export(store, s)


@keys.command("export")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@friendly
def keys_export(path: Path) -> None:
    """Write every key in Neo4j (hashes only, revoked ones too) to PATH, mode 0600."""
    from graphmem.access.keystore import export_keys

    with _keys_store(settings()) as store:
        click.echo(f"{export_keys(store, path)} keys -> {path}")


# --- the service in its own process, for a measurement ------------------------------------------------
class RestServer:
    """The service as it is deployed: `graphmem serve` in its own process on a free loopback port (its own
    interpreter, so the client's work here never competes with it for one GIL), on the same Neo4j."""

    def __init__(self, settings: Settings, *, floor: bool = False, replay: bool = False) -> None:
        # floor: the framework's floor instead of the service (graphmem_tools.bench._floor), on the same terms;
        # replay: the service with its reads answered from memory once switched (graphmem_tools.bench._replay)
        self.argv = ["graphmem_tools.bench._floor"] if floor else ["graphmem_tools.bench._replay"] if replay else [
            "graphmem_tools", "serve", "--port"]
        self.ready = "/openapi.json" if floor else "/readyz"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        # explicitly open, on loopback only: the bench times the lookup path, as it always did without keys
        self.env = {**os.environ, "GRAPHMEM_PORT": str(self.port), "GRAPHMEM_HOST": "127.0.0.1",
                    "GRAPHMEM_OPEN": "true"}
        if settings.neo4j_uri is None:  # the managed server this process already uses
            uri, auth = connection_for(settings)
            self.env.update({"NEO4J_URI": uri, "NEO4J_USER": auth[0] if auth else "",
                             "NEO4J_PASSWORD": auth[1] if auth else ""})
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> "RestServer":
        import httpx

        self.proc = subprocess.Popen([sys.executable, "-m", *self.argv, str(self.port)],
                                     env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}{self.ready}", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.__exit__()
                raise click.ClickException(f"{' '.join(self.argv)} did not become ready within 120 s")
            time.sleep(0.2)

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
