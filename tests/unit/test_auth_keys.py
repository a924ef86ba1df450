"""API keys, roles and views without a server: parsing, hashing, the keys file, the CLI, serve's refusal."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from graphmem.auth import KeyRecord, Keyring, KeysFile, Principal, hash_key, parse_env_keys
from graphmem_tools.cli import cli
from graphmem.errors import ConfigError, Forbidden, InvalidInput, Unauthorized
from graphmem.types import Namespace, check_view

AGENT = "agent-key-0123456789abcdef"
ADMIN = "admin-key-0123456789abcdef"


def ring() -> Keyring:
    return Keyring.from_settings(f"{AGENT}:agent:tenant-a,tenant-b;{ADMIN}:admin:*", None)


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


def test_open_keyring_makes_everyone_admin_and_a_keyed_one_does_not() -> None:
    assert Keyring([]).open and Keyring([]).authenticate(None).role == "admin"
    assert not ring().open
    revoked = KeyRecord(hash_key(AGENT), "agent", frozenset({"a"}), revoked=True)
    assert Keyring([revoked]).open  # a revoked key is no key


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
    key, rec = kf.create("auditor", ["tenant-a"], "ci")
    text = kf.path.read_text()
    assert key.startswith("gm_") and key not in text and rec.key_hash in text
    assert stat.S_IMODE(kf.path.stat().st_mode) == 0o600
    keyring = Keyring.from_settings(None, kf.path)
    assert keyring.authenticate(f"Bearer {key}").role == "auditor"
    assert kf.revoke(rec.key_id) and not kf.revoke(rec.key_id)
    with pytest.raises(Unauthorized):
        Keyring.from_settings(f"{ADMIN}:admin:*", kf.path).authenticate(f"Bearer {key}")


def test_corrupt_keys_file_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"keys": [{"role": "agent"}]}))
    with pytest.raises(ConfigError, match="not a graphmem keys file"):
        KeysFile(path).load()


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {"GRAPHMEM_KEYS_FILE": str(tmp_path / "keys.json"), "GRAPHMEM_API_KEYS": "",
            "XDG_CACHE_HOME": str(tmp_path), **extra}


def test_cli_keys_create_list_revoke(tmp_path: Path) -> None:
    runner = CliRunner()
    env = _env(tmp_path)
    made = runner.invoke(cli, ["keys", "create", "--role", "compliance", "--ns", "tenant-a", "--name", "dpo"], env=env)
    assert made.exit_code == 0, made.output
    key = made.stdout.strip().splitlines()[0]
    key_id = hash_key(key)[:12]
    listed = runner.invoke(cli, ["keys", "list"], env=env)
    assert key_id in listed.stdout and "compliance" in listed.stdout and "active" in listed.stdout
    assert key not in listed.stdout
    assert runner.invoke(cli, ["keys", "revoke", key_id], env=env).exit_code == 0
    assert "revoked" in runner.invoke(cli, ["keys", "list"], env=env).stdout
    again = runner.invoke(cli, ["keys", "revoke", key_id], env=env)
    assert again.exit_code != 0 and "no active key" in again.output
    bad = runner.invoke(cli, ["keys", "create", "--role", "root", "--ns", "a"], env=env)
    assert bad.exit_code != 0


@pytest.mark.parametrize("host", ["0.0.0.0", "10.1.2.3", "example.org"])
def test_serve_beyond_loopback_without_keys_refuses(tmp_path: Path, host: str) -> None:
    result = CliRunner().invoke(cli, ["serve", "--host", host], env=_env(tmp_path, NEO4J_URI="bolt://127.0.0.1:1"))
    assert result.exit_code != 0
    assert "refusing to serve" in result.output and "without API keys" in result.output
