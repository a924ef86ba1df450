"""The scripts in examples/ run as a newcomer runs them: `python examples/<x>.py` in a subprocess, with
GRAPHMEM_URL and GRAPHMEM_NAMESPACE, against a real service (uvicorn on a free port, real Neo4j and model);
each exits 0 and prints what its walk promises."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

from graphmem.settings import Settings
from graphmem.store import Store, purge_namespace
from live import PYTHON, ROOT, child_env, serving

pytestmark = pytest.mark.neo4j
EXPECTED = {
    "quickstart.py": ["ready: ready", "recall context:", "ORD-48213", "city now:      Beijing",
                      "city in March: Shanghai", "who is ana@example.com: ['ana']", "workflow:",
                      "error: 404 unknown_entity"],
    "auditor.py": ["ready: ready", "credit_limit=50000 plan=basic", "as known today:  credit_limit=5000",
                   "superseded: typo: the approval says 5,000", "ana -MANAGES-> ACME-", "bob -MANAGES-> ACME-",
                   "credit_limit: 50000 -> 5000", "GraphML export:", "2 nodes, 1 edges"],
}


@pytest.fixture(scope="module")
def service(settings: Settings, store: Store) -> Iterator[str]:
    with serving(settings, store) as url:
        yield url


def test_every_example_is_tested() -> None:
    assert sorted(p.name for p in (ROOT / "examples").glob("*.py")) == sorted(EXPECTED)


@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_example_runs(script: str, service: str, store: Store, tmp_path: Path) -> None:
    ns = f"test-example-{uuid4().hex[:10]}"
    try:
        done = subprocess.run([PYTHON, str(ROOT / "examples" / script)], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120, env=child_env(service, ns, AUDITOR_OUT=str(tmp_path)))
    finally:
        purge_namespace(store, ns)
    assert done.returncode == 0, done.stdout + done.stderr
    missing = [line for line in EXPECTED[script] if line not in done.stdout]
    assert not missing, f"{missing} not in:\n{done.stdout}"
    if script == "auditor.py":
        assert [p.suffix for p in tmp_path.iterdir()] == [".graphml"]
