"""Where the tools find the repository and its data, relative to the repository, never absolute.

The repository root is the folder holding pyproject.toml: the parent of this package. Data sets are
read from `GRAPHMEM_DATA_DIR` when set, else from `../shared/data` beside the repository root.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root: the folder holding pyproject.toml, the parent of `graphmem_tools/`.
REPO_ROOT = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """`GRAPHMEM_DATA_DIR` if set, else the repository's `../shared/data`."""
    env = os.environ.get("GRAPHMEM_DATA_DIR")
    return Path(env).expanduser() if env else REPO_ROOT.parent / "shared" / "data"


def data_file(name: str, given: Path | None = None) -> Path:
    """The data file `name`: `given` (a --data flag) if any, else `name` in `data_dir()`."""
    return given if given is not None else data_dir() / name
