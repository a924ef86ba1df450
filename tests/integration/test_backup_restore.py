"""Backup and restore of the managed Neo4j (`graphmem db backup/restore`, issue 34): what the store answered
as of any moment before the backup, it answers the same after a restore, in its own home over later writes
and an erasure (except whom the replaced store had erased: erased again), and in a new home with another
password. Each uses its own managed Neo4j: a backup stops the server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.errors import LocalNeo4jError
from graphmem.localdb import LocalNeo4j, free_port
from graphmem.privacy import restore_keeping_erasures
from graphmem.settings import Settings
from graphmem.store import open_store
from graphmem_tools.cli import cli

pytestmark = pytest.mark.neo4j

NS = "/v1/acme"


def _home(path: Path) -> Settings:
    return Settings(_env_file=None, home=path, bolt_port=free_port(), http_port=free_port())  # type: ignore[call-arg]


def _client_settings(local: LocalNeo4j) -> Settings:
    info = local.running()
    assert info is not None
    return Settings(_env_file=None, neo4j_uri=info.bolt_uri, neo4j_user=info.user,  # type: ignore[call-arg]
                    neo4j_password=info.password, open=True)  # type: ignore[arg-type]


def _answers(local: LocalNeo4j, known_at: str) -> dict[str, Any]:
    """As-of reads on both axes, the history, a lookup, a turn search and the workflow list."""
    s = _client_settings(local)
    with open_store(s) as store, TestClient(create_app(s, store)) as c:
        def get(path: str, **params: Any) -> Any:
            r = c.get(NS + path, params=params)
            assert r.status_code in (200, 404), r.text
            body = r.json()
            return body if r.status_code == 200 else body["error"]["code"]

        return {
            "then": get("/entities/c-1001", valid_at=known_at, known_at=known_at),
            "as_of_valid": get("/entities/c-1001", valid_at="2024-06-01T00:00:00Z", known_at=known_at),
            "history": get("/entities/c-1001/history"),
            "lookup": get("/lookup", attribute="phone", value="+351 912 345 678", valid_at=known_at,
                          known_at=known_at),
            "window": get("/sessions/s1/window"),
            "search": sorted(h["id"] + h["text"] for h in c.post(NS + "/search", json={
                "query": "moving to Porto", "k": 3}).json()["hits"]),
        }


def _write(local: LocalNeo4j) -> str:
    s = _client_settings(local)
    with open_store(s) as store, TestClient(create_app(s, store)) as c:
        assert c.put(NS + "/entities/c-1001", json={"type": "customer", "name": "Maria Lopez", "attributes": {
            "phone": "+351 912 345 678"}}).status_code in (200, 201)
        for body in ({"entity": "c-1001", "attribute": "city", "value": "Lisbon", "valid_from": "2024-01-01"},
                     {"entity": "c-1001", "attribute": "city", "value": "Porto", "valid_from": "2025-03-01"}):
            assert c.post(NS + "/facts", json=body).status_code in (200, 201)
        for text in ("Maria Lopez said she is moving to Porto in March", "the parcel arrived this morning"):
            assert c.post(NS + "/sessions/s1/turns", json={"role": "user", "text": text}).status_code in (200, 201)
        after: str = c.get(NS + "/entities/c-1001").json()["valid_at"]  # the server's clock after the writes
        return after


def _change(local: LocalNeo4j) -> None:
    s = _client_settings(local)
    with open_store(s) as store, TestClient(create_app(s, store)) as c:
        c.post(NS + "/facts", json={"entity": "c-1001", "attribute": "city", "value": "Faro"})
        c.post(NS + "/sessions/s1/turns", json={"role": "user", "text": "now I live in Faro"})
        assert c.request("DELETE", NS + "/entities/c-1001", json={"reason": "request"}).status_code == 200


@pytest.fixture(scope="module")
def first(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalNeo4j]:
    local = LocalNeo4j(_home(tmp_path_factory.mktemp("backup-home")))
    local.start()
    try:
        yield local
    finally:
        local.stop()


def test_a_restore_answers_what_the_store_answered_at_the_backup(first: LocalNeo4j, tmp_path: Path,
                                                                 tmp_path_factory: pytest.TempPathFactory) -> None:
    known_at = _write(first)
    before = _answers(first, known_at)
    assert before["then"]["attributes"]["city"] == "Porto"  # the fixture holds what it should
    assert before["as_of_valid"]["attributes"]["city"] == "Lisbon"

    dump = first.backup(tmp_path)
    assert dump.name == "graphmem-neo4j.dump" and dump.stat().st_mode & 0o077 == 0
    assert first.running() is not None  # started again after the dump
    with pytest.raises(LocalNeo4jError, match="--force"):
        first.backup(dump)

    _change(first)
    assert _answers(first, known_at) != before  # the later writes and the erasure show

    with pytest.raises(LocalNeo4jError, match="--force"):
        first.restore(dump)
    again = restore_keeping_erasures(first, lambda: open_store(_client_settings(first)), dump, force=True)
    assert first.running() is not None
    assert [(r.ns, r.key, r.purged_before) for r in again] == [("acme", "c-1001", False)]
    after = _answers(first, known_at)  # the dump predates the erasure: the person is erased again, the rest is back
    assert after["then"] == after["as_of_valid"] == after["history"] == "unknown_entity"
    assert after["lookup"]["entities"] == [] and "Porto" not in str(after["search"])
    assert "moving to Porto" not in str(after["window"]) and "parcel arrived" in str(after["window"])

    other = LocalNeo4j(_home(tmp_path_factory.mktemp("restore-home")))
    try:
        other.restore(dump)  # a new home: nothing to overwrite, its own password
        other.start()
        assert other.password() != first.password()
        assert _answers(other, known_at) == before
    finally:
        other.stop()


def test_the_commands_refuse_a_server_they_do_not_manage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:1")
    monkeypatch.setenv("GRAPHMEM_HOME", str(tmp_path))
    out = CliRunner().invoke(cli, ["db", "backup", str(tmp_path / "x.dump")])
    assert out.exit_code == 1 and "managed Neo4j only" in out.output and "neo4j-admin database dump" in out.output
    assert not (tmp_path / "x.dump").exists()
