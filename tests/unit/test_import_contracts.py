"""The layers hold: tools -> api -> recall -> channels -> store, no cycle, no library import of a caller.

The contracts themselves are in pyproject.toml (`[tool.importlinter]`); `lint-imports` prints the
same report by hand. Function-level imports count: hiding an upward import inside a function does
not make the dependency go away.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_contracts_are_kept() -> None:
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                               "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "Contracts: 4 kept, 0 broken" in run.stdout, run.stdout[-2000:]


def test_no_module_over_400_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for d in ("graphmem", "api", "graphmem_tools")
            for p in (ROOT / d).rglob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, f"split these modules (docs/style.md: near 400 lines): {long}"


#: packages whose callers above (`api`, `graphmem_tools`) may use only the public face (`__init__`)
FACED = ("graphmem/store", "graphmem/channels/workflow", "graphmem/channels/names", "graphmem/embedding", "graphmem/localdb", "graphmem/tenants")


def test_the_faces_contract_names_every_private_module() -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    [faces] = [c for c in contracts if c["id"] == "faces"]
    private = {".".join(p.relative_to(ROOT).with_suffix("").parts) for d in FACED
               for p in (ROOT / d).glob("_*.py") if p.name != "__init__.py"}
    assert private == set(faces["forbidden_modules"])


def test_no_library_package_has_more_than_ten_loose_modules() -> None:
    """Modules grouped by job (docs/style.md), the library's top level included (issue 36: it had 22).
    `graphmem_tools/bench` is one module per benchmark command and `api`'s top level one module per
    concern of the HTTP layer (docs/style.md), so neither is counted."""
    crowded = {str(d.relative_to(ROOT)): n for d in [ROOT / "graphmem", *(ROOT / "graphmem").rglob("*"),
                                                      *(ROOT / "api").rglob("*")]
               if d.is_dir() and (n := len([p for p in d.glob("*.py") if p.name != "__init__.py"])) > 10}
    assert not crowded, crowded
