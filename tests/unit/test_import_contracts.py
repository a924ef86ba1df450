"""The layers hold: tools -> api -> recall -> channels -> store, no cycle, no library import of a caller.

The contracts themselves are in pyproject.toml (`[tool.importlinter]`); `lint-imports` prints the
same report by hand. Function-level imports count: hiding an upward import inside a function does
not make the dependency go away.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_contracts_are_kept() -> None:
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                               "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "Contracts: 3 kept, 0 broken" in run.stdout, run.stdout[-2000:]


def test_no_module_over_400_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for d in ("graphmem", "api", "graphmem_tools")
            for p in (ROOT / d).rglob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, f"split these modules (STYLE.md: near 400 lines): {long}"
