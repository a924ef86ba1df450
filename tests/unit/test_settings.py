from __future__ import annotations

import pytest

from graphmem.errors import ConfigError
from graphmem.settings import Settings, load_settings


def test_defaults_are_sane() -> None:
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.window_size == 8 and s.retention_days == 30 and s.host == "127.0.0.1"


def test_standard_neo4j_variables_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://cluster.example:7687")
    monkeypatch.setenv("NEO4J_USERNAME", "reader")
    monkeypatch.setenv("NEO4J_DATABASE", "mem")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (s.neo4j_uri, s.neo4j_user, s.neo4j_database, s.managed) == (
        "neo4j://cluster.example:7687", "reader", "mem", False)


@pytest.mark.parametrize(("var", "value", "named"), [
    ("NEO4J_URI", "http://x:7474", "neo4j_uri"),
    ("GRAPHMEM_WINDOW_SIZE", "0", "window_size"),
    ("GRAPHMEM_BOLT_PORT", "70000", "bolt_port"),
    ("GRAPHMEM_LOG_LEVEL", "LOUD", "log_level"),
])
def test_bad_values_are_named(monkeypatch: pytest.MonkeyPatch, var: str, value: str, named: str) -> None:
    monkeypatch.setenv(var, value)
    with pytest.raises(ConfigError) as err:
        load_settings(_env_file=None)
    assert named.upper() in str(err.value).upper()


def test_toml_config_file(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    cfg = tmp_path / "graphmem.toml"
    cfg.write_text('window_size = 12\nretention_days = 7\n')
    monkeypatch.setenv("GRAPHMEM_CONFIG", str(cfg))
    s = load_settings(_env_file=None)
    assert s.window_size == 12 and s.retention_days == 7
    monkeypatch.setenv("GRAPHMEM_CONFIG", str(tmp_path / "missing.toml"))
    with pytest.raises(ConfigError, match="no such file"):
        load_settings(_env_file=None)
