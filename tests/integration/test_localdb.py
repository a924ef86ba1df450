"""The managed local Neo4j: start, reuse, status, stop, and the faults a new user meets first."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import pytest

from graphmem.errors import ConfigError
from graphmem.localdb import LocalNeo4j, LocalNeo4jError, _alive, free_port
from graphmem.settings import Settings

pytestmark = pytest.mark.neo4j


def _local(tmp_path: Path, **kw: object) -> LocalNeo4j:
    s = Settings(_env_file=None, home=tmp_path, bolt_port=kw.pop("bolt_port", free_port()),  # type: ignore[call-arg]
                 http_port=kw.pop("http_port", free_port()), **kw)
    return LocalNeo4j(s)


def _probe_outage(local: LocalNeo4j, info: object) -> None:
    """/readyz and /v1 requests answer 503 with Retry-After while Neo4j is down, and recover
    when it is back, without restarting graphmem."""
    from fastapi.testclient import TestClient

    from api.app import create_app

    s = Settings(_env_file=None, neo4j_uri=info.bolt_uri, neo4j_password=info.password,  # type: ignore[attr-defined, call-arg]
                 neo4j_max_retry_time=1.0, open=True)
    with TestClient(create_app(s)) as client:
        deadline = time.monotonic() + 180  # ready once the model is loaded (at once if this process has it)
        while client.get("/readyz").status_code != 200:
            assert time.monotonic() < deadline, "never ready"
            time.sleep(0.5)
        local.stop()
        down = client.get("/readyz")
        assert down.status_code == 503 and down.headers["Retry-After"]
        assert down.json()["error"]["code"]
        req = client.get("/v1/outage/entities/U-1")
        assert req.status_code == 503 and req.headers["Retry-After"]
        assert req.json()["error"]["code"] == "store_unavailable"
        local.start()
        assert client.get("/readyz").status_code == 200
        assert client.get("/v1/outage/entities/U-1").status_code == 404


def test_start_reuse_status_stop(tmp_path: Path) -> None:
    local = _local(tmp_path)
    info = local.start()
    try:
        assert _alive(info.pid)
        _probe_outage(local, info)
        info = local.running()  # type: ignore[assignment]
        assert info is not None
        assert oct(local.password_file.stat().st_mode & 0o777) == "0o600"
        again = local.start()  # starting twice reuses the running server
        assert again.pid == info.pid
        status = local.status()
        assert status["running"] is True and status["pid"] == info.pid
        assert status["bolt"] == f"bolt://127.0.0.1:{info.bolt_port}"
        assert str(status["version"]).startswith("5.26.")
    finally:
        assert local.stop() is True
    assert not _alive(info.pid), "stop must leave no Java process of ours"
    assert local.status()["running"] is False
    assert local.stop() is False


def test_vector_index_segments_are_merged(tmp_path: Path) -> None:
    """A vector index fed one transaction at a time, with a search after each, stays in few Lucene
    segments: each search walks one HNSW graph per segment, and Neo4j's default merge factor (50) let a
    turn-by-turn store reach some 70 of them (here it would keep all 45; merged, 3 are left). The segments
    are counted on disk after a clean stop, which commits the index."""
    import neo4j

    local = _local(tmp_path)
    info = local.start()
    try:
        with neo4j.GraphDatabase.driver(info.bolt_uri, auth=("neo4j", info.password)) as driver:
            driver.execute_query("CREATE VECTOR INDEX probe FOR (n:Probe) ON (n.v) OPTIONS {indexConfig: "
                                 "{`vector.dimensions`: 4, `vector.similarity_function`: 'cosine'}}")
            driver.execute_query("CALL db.awaitIndexes(60)")
            for i in range(45):  # each search after a write makes Lucene flush a segment of one vector
                driver.execute_query("CREATE (:Probe {v: $v})", v=[1.0, float(i), 2.0, 3.0])
                driver.execute_query("CALL db.index.vector.queryNodes('probe', 1, [1.0, 1.0, 1.0, 1.0]) "
                                     "YIELD node RETURN node")
    finally:
        assert local.stop() is True
    segments = list((local.home / "data" / "databases" / "neo4j" / "schema" / "index" / "vector-2.0")
                    .rglob("*.si"))
    assert segments, "the vector index files were not found"
    assert len(segments) <= 12, f"{len(segments)} segments"


def test_port_in_use_names_port_and_setting(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        local = _local(tmp_path, bolt_port=port)
        with pytest.raises(LocalNeo4jError) as err:
            local.start()
    assert str(port) in str(err.value) and "GRAPHMEM_BOLT_PORT" in str(err.value)
    assert err.value.code == "port_in_use"


def test_failed_start_shows_the_log(tmp_path: Path) -> None:
    local = _local(tmp_path, pagecache="not-a-size", start_timeout=90.0)
    auth = local.home / "data" / "dbms" / "auth.ini"  # past the password step: fail in the server itself
    auth.parent.mkdir(parents=True)
    auth.touch()
    with pytest.raises(LocalNeo4jError) as err:
        local.start()
    text = str(err.value)
    assert "did not start" in text and "last" in text and "pagecache" in text
    assert local.running() is None or not _alive(local.running().pid)  # type: ignore[union-attr]


def test_missing_java_or_maven_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    local = LocalNeo4j(Settings(_env_file=None, home=tmp_path), jars_dir=tmp_path / "jars")  # type: ignore[call-arg]
    with pytest.raises(ConfigError) as err:
        local.install()
    assert "java" in str(err.value) and "install" in str(err.value)
    assert os.environ["PATH"] == str(empty)
