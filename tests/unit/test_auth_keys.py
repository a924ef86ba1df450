"""API keys, roles and views without a server: parsing, hashing, the keys file, the keyring before
Neo4j answers, serve's refusals (the keys commands, which write Neo4j, are in tests/api/test_auth.py)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from graphmem.access.auth import KeyRecord, Keyring, KeysFile, Principal, hash_key, make_record, parse_env_keys
from graphmem.access.keystore import LiveKeyring
from graphmem_tools.cli import cli
from graphmem_tools.service import prepare_serve
from graphmem.errors import ConfigError, Forbidden, InvalidInput, StoreUnavailable, Unauthorized
from graphmem.types import Namespace, check_view

AGENT = "agent-key-0123456789abcdef"
ADMIN = "admin-key-0123456789abcdef"


def ring() -> Keyring:
    return Keyring(parse_env_keys(f"{AGENT}:agent:tenant-a,tenant-b;{ADMIN}:admin:*"))


def test_env_keys_are_hashed_and_map_to_role_and_namespaces() -> None:
    records = parse_env_keys(f"{AGENT}:agent:tenant-a,tenant-b;{ADMIN}:admin:*")
    assert [r.role for r in records] == ["agent", "admin"]
    assert records[0].namespaces == frozenset({"tenant-a", "tenant-b"})
    assert records[1].namespaces == frozenset({"*"})
    assert all(AGENT not in repr(r) and ADMIN not in repr(r) for r in records)
    assert records[0].key_hash == hash_key(AGENT) and len(records[0].key_hash) == 64


@pytest.mark.parametrize("spec, words", [
    ("short:agent:a", "at least 16"),
    (f"{AGENT}:boss:a", "unknown role"),
    (f"{AGENT}:agent", "expected key:role"),
    (f"{AGENT}:agent: , ", "at least one namespace"),
])
def test_bad_env_keys_stop_start_up(spec: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        parse_env_keys(spec)


def test_bad_namespace_in_keys_is_refused() -> None:
    with pytest.raises(InvalidInput):
        parse_env_keys(f"{AGENT}:agent:Not_A_Namespace")


def test_authenticate_known_unknown_missing_and_malformed() -> None:
    keyring = ring()
    p = keyring.authenticate(f"Bearer {AGENT}")
    assert (p.role, p.key_id) == ("agent", hash_key(AGENT)[:12])
    assert keyring.authenticate(f"bearer   {ADMIN}").role == "admin"
    for header, code in [(None, "missing_key"), ("", "missing_key"), (f"Basic {AGENT}", "invalid_key"),
                         ("Bearer ", "invalid_key"), ("Bearer not-a-key-0123456789", "invalid_key"),
                         (f"Bearer {AGENT}x", "invalid_key")]:
        with pytest.raises(Unauthorized) as err:
            keyring.authenticate(header)
        assert err.value.code == code and err.value.status == 401


def test_only_an_explicitly_open_keyring_makes_everyone_admin() -> None:
    assert Keyring([], open_access=True).authenticate(None).role == "admin"
    for closed in (Keyring([]), ring(), Keyring([KeyRecord(hash_key(AGENT), "agent", frozenset({"a"}),
                                                           revoked_at="2026-01-01T00:00:00Z")])):
        assert not closed.open
        with pytest.raises(Unauthorized):
            closed.authenticate(None)  # no keys (or only revoked ones) is not an open service
    with pytest.raises(Unauthorized):
        Keyring([KeyRecord(hash_key(AGENT), "agent", frozenset({"a"}), revoked_at="2026-01-01T00:00:00Z")]
                ).authenticate(f"Bearer {AGENT}")


def test_live_keyring_before_neo4j_answers(tmp_path: Path) -> None:
    """Until Neo4j is read: the keys this process was given work, a missing key is 401, and an unknown
    key is 503 (it may be one only Neo4j knows), never an open door."""
    live = LiveKeyring(open_access=False, api_keys=f"{ADMIN}:admin:*", keys_file=tmp_path / "none.json")
    assert live.authenticate(f"Bearer {ADMIN}").role == "admin" and live.due()
    with pytest.raises(Unauthorized):
        live.authenticate(None)
    with pytest.raises(StoreUnavailable):
        live.authenticate(f"Bearer {AGENT}")
    assert LiveKeyring(open_access=True, api_keys=None, keys_file=None).authenticate(None).role == "admin"


def test_namespace_and_role_checks_are_403() -> None:
    p = Principal("abc", "agent", frozenset({"tenant-a"}))
    p.require_namespace(Namespace("tenant-a"))
    with pytest.raises(Forbidden) as err:
        p.require_namespace(Namespace("tenant-b"))
    assert (err.value.status, err.value.code) == (403, "forbidden_namespace")
    p.require_write()
    with pytest.raises(Forbidden) as err:
        p.require_erase()
    assert err.value.code == "forbidden_role"
    auditor = Principal("def", "auditor", frozenset({"*"}))
    auditor.require_namespace(Namespace("anything"))
    with pytest.raises(Forbidden):
        auditor.require_write()
    Principal("c", "compliance").require_erase()
    with pytest.raises(Forbidden):
        Principal("c", "compliance").require_write()


@pytest.mark.parametrize("role, allowed", [
    ("agent", {"application"}),
    ("auditor", {"application", "audit"}),
    ("compliance", {"application", "compliance"}),
    ("admin", {"application", "audit", "compliance"}),
])
def test_views_beyond_the_role_are_403(role: str, allowed: set[str]) -> None:
    for view in ("application", "audit", "compliance"):
        if view in allowed:
            assert check_view(role, view) == view
        else:
            with pytest.raises(Forbidden) as err:
                check_view(role, view)
            assert err.value.status == 403
    with pytest.raises(InvalidInput):
        check_view(role, "everything")
    assert check_view(role, None) in allowed


def test_keys_file_holds_hashes_only_with_mode_0600(tmp_path: Path) -> None:
    kf = KeysFile(tmp_path / "keys.json")
    key, rec = make_record("auditor", ["tenant-a"], "ci")
    kf.save([rec, make_record("agent", ["tenant-b"])[1].revoke()])
    text = kf.path.read_text()
    assert key.startswith("gm_") and key not in text and rec.key_hash in text
    assert stat.S_IMODE(kf.path.stat().st_mode) == 0o600
    loaded = kf.load()
    assert loaded[0] == rec and loaded[1].revoked and loaded[1].revoked_at.endswith("Z")
    assert Keyring(loaded).authenticate(f"Bearer {key}").role == "auditor"
    assert Keyring([rec.revoke()]).active == 0


def test_keys_file_of_the_older_format_and_bad_times(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"keys": [{"key_hash": hash_key(AGENT), "role": "agent", "namespaces": ["a"],
                                          "revoked": True}]}))
    assert KeysFile(path).load()[0].revoked  # a flag without a time still revokes
    path.write_text(json.dumps({"keys": [{"key_hash": hash_key(AGENT), "role": "agent", "namespaces": ["a"],
                                          "created_at": "yesterday"}]}))
    with pytest.raises(ConfigError, match="keys.json"):
        KeysFile(path).load()


def test_corrupt_keys_file_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"keys": [{"role": "agent"}]}))
    with pytest.raises(ConfigError, match="not a graphmem keys file"):
        KeysFile(path).load()


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {"GRAPHMEM_KEYS_FILE": str(tmp_path / "keys.json"), "GRAPHMEM_API_KEYS": "",
            "XDG_CACHE_HOME": str(tmp_path), **extra}


@pytest.mark.parametrize("host", ["0.0.0.0", "10.1.2.3", "example.org"])
def test_serve_beyond_loopback_without_keys_refuses(tmp_path: Path, host: str) -> None:
    result = CliRunner().invoke(cli, ["serve", "--host", host], env=_env(tmp_path, NEO4J_URI="bolt://127.0.0.1:1"))
    assert result.exit_code != 0
    assert "refusing to serve" in result.output and "without API keys" in result.output


def test_serve_with_more_than_one_worker_refuses_before_starting(tmp_path: Path) -> None:
    """uvicorn takes more workers only with the app as an import string, and then exited at start with its own
    message: `serve` says so itself, before anything starts."""
    result = CliRunner().invoke(cli, ["serve", "--open", "--workers", "2"],
                                env=_env(tmp_path, NEO4J_URI="bolt://127.0.0.1:1", GRAPHMEM_HOME=str(tmp_path)))
    assert result.exit_code == 2 and "--workers" in result.output and "1<=x<=1" in result.output


def test_serve_without_keys_and_without_open_refuses_and_says_how_to_create_one(tmp_path: Path) -> None:
    env = _env(tmp_path, NEO4J_URI="bolt://127.0.0.1:1", GRAPHMEM_HOME=str(tmp_path))
    result = CliRunner().invoke(cli, ["serve"], env=env)
    assert result.exit_code != 0 and "without API keys" in result.output
    assert "graphmem keys create --role admin --ns '*'" in result.output and "--open" in result.output
    opened = CliRunner().invoke(cli, ["serve", "--open", "--host", "0.0.0.0"], env=env)
    assert opened.exit_code != 0 and "127.0.0.1 only" in opened.output


def test_serve_settings_open_only_when_asked_and_keyed_when_a_key_is_given(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in _env(tmp_path, NEO4J_URI="bolt://127.0.0.1:1", GRAPHMEM_HOME=str(tmp_path)).items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("GRAPHMEM_KEYS_FILE")
    assert prepare_serve(open_access=True).open
    monkeypatch.setenv("GRAPHMEM_OPEN", "true")
    assert prepare_serve().open
    monkeypatch.delenv("GRAPHMEM_OPEN")
    KeysFile(tmp_path / "keys.json").save([make_record("admin", ["*"])[1]])  # the default file, in GRAPHMEM_HOME
    s = prepare_serve()  # no Neo4j needed: the file holds a key
    assert not s.open and s.keys_path == tmp_path / "keys.json"
