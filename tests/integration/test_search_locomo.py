"""`graphmem eval locomo`: skips without data; on a tiny file of the same shape, ingests through the
REST API and prints the three retrievers side by side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from graphmem_tools.cli import cli
from graphmem_tools.evals.locomo import load

pytestmark = pytest.mark.neo4j

TINY = [{
    "sample_id": "tiny-1",
    "conversation": {
        "speaker_a": "Ann", "speaker_b": "Ben",
        "session_1_date_time": "9:15 am on 2 March, 2024",
        "session_1": [
            {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a grey cat called Pixel."},
            {"speaker": "Ben", "dia_id": "D1:2", "text": "Lovely! How old is Pixel?"},
            {"speaker": "Ann", "dia_id": "D1:3", "text": "Two years old, she came from the shelter."},
        ],
        "session_2_date_time": "6:40 pm on 10 April, 2024",
        "session_2": [
            {"speaker": "Ben", "dia_id": "D2:1", "text": "I signed up for a marathon in Porto."},
            {"speaker": "Ann", "dia_id": "D2:2", "text": "When is the race?"},
            {"speaker": "Ben", "dia_id": "D2:3", "text": "In October, I train every morning."},
        ],
    },
    "qa": [
        {"question": "What is the name of Ann's cat?", "answer": "Pixel", "evidence": ["D1:1"], "category": 4},
        {"question": "Where is Ben's marathon?", "answer": "Porto", "evidence": ["D2:1; D2:3"], "category": 1},
        {"question": "Is the cat real?", "answer": "n/a", "evidence": ["D9:9"], "category": 5},
    ],
}]


def test_skips_cleanly_without_data(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["eval", "locomo", "--data", str(tmp_path / "absent.json")])
    assert result.exit_code == 0 and "skipped" in result.output


def test_loader_splits_malformed_evidence(tmp_path: Path) -> None:
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(TINY))
    conv = load(path)[0]
    assert [q["evidence"] for q in conv.questions] == [["D1:1"], ["D2:1", "D2:3"]]
    assert len(conv.turns) == 6 and conv.sessions[1][1] == "6:40 pm on 10 April, 2024"


def test_tiny_run_prints_three_retrievers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          neo4j_server: dict[str, str]) -> None:
    for k, v in neo4j_server.items():
        monkeypatch.setenv(k, v)
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(TINY))
    result = CliRunner().invoke(cli, ["eval", "locomo", "--data", str(path)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "6 turns ingested through the REST API, 2 questions" in out
    overall = next(line for line in out.splitlines() if line.startswith("overall"))
    values = [float(x) for x in overall.split()[2:]]
    assert len(values) == 6 and all(0.0 <= v <= 1.0 for v in values)
    assert values[-1] == 1.0, "graphmem finds every evidence turn of this tiny conversation in its top 10"
