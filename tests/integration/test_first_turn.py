"""A freshly started `graphmem serve` (a subprocess, as run in production) through `graphmem bench
first_turn`: ready only once the model is loaded, so its first stored turn is answered at once (the issue
measured 32 s, the model loading on first use), and its stderr holds JSON log records only (no model
loader's progress bar), besides the one plain line saying it serves open."""

from __future__ import annotations

import pytest

from graphmem_tools.bench.first_turn import one_run

pytestmark = pytest.mark.neo4j


@pytest.mark.slow
def test_first_turn_after_ready(neo4j_server: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in neo4j_server.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("GRAPHMEM_API_KEYS", raising=False)
    r = one_run(timeout=240)
    assert isinstance(r["turn1"], float) and r["turn1"] < 15, r  # generous: a loaded 2-core CI runner
    assert r["stray"] == ["serving OPEN on 127.0.0.1: every caller is admin"], r["stray"]
