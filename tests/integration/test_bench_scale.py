"""`graphmem bench scale` at a tiny size: both tables and their slope lines come out, and the bulk-seeded
turns are found by the real search (keyword statistics included) and the seeded versions by the as-of read."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import uuid4

import pytest
from click.testing import CliRunner

from graphmem.channels.exact import read_entity
from graphmem.channels.search import search
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench import _scale_seed as seed
from graphmem_tools.bench.scale import command

pytestmark = pytest.mark.neo4j


TOPICS = ["the pottery class", "a hiking trip to the lake", "adopting a second cat", "the new bakery downtown",
          "training for a half marathon", "painting a sunset", "the charity run in May", "moving to Boston",
          "a camping weekend", "learning to play the violin", "the book club meeting", "volunteering at a shelter"]


def tiny_locomo(path: Path) -> Path:
    """A LoCoMo-shaped file (two speakers, sessions of turns, questions): the bench's text pool, so the test
    needs no data set on the machine."""
    sessions = {f"session_{s}": [{"speaker": ("Caroline", "Melanie")[i % 2], "dia_id": f"D{s}:{i}",
                                  "text": f"Day {s}, note {i}: I keep thinking about {TOPICS[(s * 5 + i) % 12]}."}
                                 for i in range(12)] for s in range(1, 6)}
    sessions.update({f"{k}_date_time": "1:56 pm on 8 May, 2023" for k in list(sessions)})
    item = {"sample_id": "tiny", "conversation": {"speaker_a": "Caroline", "speaker_b": "Melanie", **sessions},
            "qa": [{"question": f"When did they talk about {t}?", "answer": "", "evidence": [], "category": 2}
                   for t in TOPICS]}
    path.write_text(json.dumps([item]), encoding="utf-8")
    return path


def test_scale_bench_tiny(store: Store, neo4j_server: dict[str, str], monkeypatch: pytest.MonkeyPatch,
                          tmp_path: Path) -> None:
    for name, value in neo4j_server.items():  # the command opens its own store: on the session's server
        monkeypatch.setenv(name, value)
    data = tiny_locomo(tmp_path / "locomo10.json")
    prefix = f"scale-test-{uuid4().hex[:8]}"
    turns, versions = Namespace(f"{prefix}-turns"), Namespace(f"{prefix}-versions")
    try:
        result = CliRunner().invoke(command, ["--turns", "200,400", "--versions", "200,2000", "--queries", "3",
                                              "--samples", "20", "--ingest", "40", "--pool", "300",
                                              "--prefix", prefix, "--data", str(data),
                                              "--quiet-timeout", "0"])  # the CPU watch: tests/unit/test_bench_quiet.py
        assert result.exit_code == 0, result.output + repr(result.exception)
        out = result.output
        assert "search p99" in out and "as-of p99" in out and "/changes p99" in out
        assert out.count("slope/10x") == 2, out
        assert "(200 -> 400)" in out and "(200 -> 2,000)" in out

        assert seed.seeded_turns(store, turns) == 400
        pool = seed.load_pool(store.services.settings, data, 300)  # cached by the run
        text, _ = seed.turn_text(pool, 123)
        hits = search(store, turns, query=text, k=10, touch=False).hits
        assert any(h.text == text for h in hits), [h.text for h in hits]

        at = seed.BASE.replace(year=2020, month=4, day=15)
        assert read_entity(store, versions, key="V-17", valid_at=at).attributes["city"] == \
            seed.expected_city(17, at, 10)
    finally:
        store.autocommit("temporal/drop_namespace_versions", ns=versions.name)
        purge_namespace(store, versions.name)
        purge_namespace(store, turns.name)
