"""Cypher lives in `cypher/<area>/<verb_noun>.cypher`, one statement per file, loaded once by name.

The name is the path without the suffix (`temporal/close_believed`). Values always travel as
`$parameters`; the only text Python ever splices into Cypher is a validated identifier.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import LiteralString

from graphmem.errors import ConfigError

_COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)


def cypher_root() -> Path:
    """The `cypher/` folder beside the package (editable installs and the Docker image keep it there)."""
    override = os.environ.get("GRAPHMEM_CYPHER_DIR")
    return Path(override) if override else Path(__file__).resolve().parent.parent / "cypher"


def load_queries(root: Path | None = None) -> Mapping[str, LiteralString]:
    root = root or cypher_root()
    if not root.is_dir():
        raise ConfigError(f"Cypher folder not found at {root}; set GRAPHMEM_CYPHER_DIR")
    out: dict[str, LiteralString] = {}
    for path in sorted(root.rglob("*.cypher")):
        name = path.relative_to(root).with_suffix("").as_posix()
        text = path.read_text(encoding="utf-8").strip()
        if not _COMMENT.sub("", text).strip():
            raise ConfigError(f"{path} holds no statement")
        out[name] = text  # query text from our own files: the driver's LiteralString
    return out


def statement_names(text: str) -> list[str]:
    """Names of the constraints and indexes a schema statement creates (for readiness checks)."""
    return re.findall(r"CREATE\s+(?:\w+\s+)*?(?:CONSTRAINT|INDEX)\s+(\w+)", text, flags=re.IGNORECASE)
