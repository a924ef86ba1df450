"""One Neo4j per test session, one namespace per test.

The server comes from, in order: NEO4J_URI (with NEO4J_USER/NEO4J_PASSWORD); a Docker engine via
testcontainers (`neo4j:5.26-community`); else the managed local server (graphmem.localdb) on free
ports in a temporary home, stopped at the end of the session.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest
from hypothesis import settings as hsettings

from graphmem.settings import Settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# Numeric dates in questions follow the locale's country (graphmem.recall.timephrases.dates); the phrase
# tables are written for none (slashes month first, dashes day first), whatever this machine's locale is.
for _var in ("GRAPHMEM_DATE_ORDER", "LC_ALL", "LC_TIME"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"

hsettings.register_profile("dev", max_examples=25, deadline=None)
hsettings.register_profile("ci", max_examples=25, deadline=None, derandomize=True, print_blob=True)
hsettings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def _docker_available() -> bool:
    try:
        import docker  # type: ignore[import-not-found]

        docker.from_env().ping()
        return True
    except Exception:
        return False


@pytest.fixture(scope="session")
def neo4j_server() -> Iterator[dict[str, str]]:
    """Connection settings (as environment-style names) for the session's Neo4j; NEO4J_BROWSER_URL is its Neo4j
    Browser ("" when unknown: with NEO4J_URI, unless NEO4J_BROWSER_URL is set too)."""
    if os.environ.get("NEO4J_URI"):
        yield {"NEO4J_URI": os.environ["NEO4J_URI"], "NEO4J_USER": os.environ.get("NEO4J_USER", "neo4j"),
               "NEO4J_PASSWORD": os.environ.get("NEO4J_PASSWORD", ""),
               "NEO4J_BROWSER_URL": os.environ.get("NEO4J_BROWSER_URL", "")}
        return
    if _docker_available():
        from testcontainers.neo4j import Neo4jContainer  # type: ignore[import-not-found]

        from graphmem.localdb import VECTOR_MERGE_FACTOR

        container = Neo4jContainer("neo4j:5.26-community", password="graphmem-test").with_env(
            "NEO4J_internal_dbms_index_vector_standard__merge__factor", str(VECTOR_MERGE_FACTOR)).with_env(
            "NEO4J_browser_remote__content__hostname__whitelist", "localhost,127.0.0.1")  # as the managed one
        with container as c:
            browser = f"http://{c.get_container_host_ip()}:{c.get_exposed_port(7474)}/browser/"
            yield {"NEO4J_URI": c.get_connection_url(), "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": "graphmem-test",
                   "NEO4J_BROWSER_URL": browser}
        return
    from graphmem.localdb import LocalNeo4j, free_port

    home = Path(tempfile.mkdtemp(prefix="graphmem-test-"))
    local = LocalNeo4j(Settings(_env_file=None, home=home, bolt_port=free_port(), http_port=free_port()))  # type: ignore[call-arg]
    info = local.start()
    try:
        yield {"NEO4J_URI": info.bolt_uri, "NEO4J_USER": info.user, "NEO4J_PASSWORD": info.password,
               "NEO4J_BROWSER_URL": info.browser_url}
    finally:
        local.stop()


@pytest.fixture(scope="session")
def settings(neo4j_server: dict[str, str]) -> Settings:
    """`open=True`: an app built from these serves every caller as admin, as asked explicitly (a keyed
    app is closed unless told so); apps with keys (tenancy.keyed_client) set `open=False`."""
    return Settings(_env_file=None, neo4j_uri=neo4j_server["NEO4J_URI"],  # type: ignore[call-arg]
                    neo4j_user=neo4j_server["NEO4J_USER"], neo4j_password=neo4j_server["NEO4J_PASSWORD"],
                    open=True)


@pytest.fixture(scope="session")
def store(settings: Settings) -> Iterator[Store]:
    with open_store(settings) as s:
        yield s


@pytest.fixture
def ns(store: Store) -> Iterator[Namespace]:
    namespace = Namespace(f"test-{uuid4().hex[:12]}")
    yield namespace
    purge_namespace(store, namespace.name)


@pytest.fixture
def client(settings: Settings, store: Store) -> Iterator["object"]:
    """A TestClient on an open app: every caller is admin, because the session's settings ask for it."""
    from fastapi.testclient import TestClient

    from api.app import create_app

    with TestClient(create_app(settings, store)) as c:
        yield c
