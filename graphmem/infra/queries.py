"""Cypher lives in `cypher/<area>/<verb_noun>.cypher`, one statement per file, loaded once by name.

The name is the path without the suffix (`temporal/close_believed`). Values always travel as
`$parameters`; the only text Python ever splices into Cypher is a validated identifier.

View predicates (what the application view may see, what was true and believed at an instant) are
written once, as fragments in `cypher/fragments/<name>.cypher`, and statements include them with an
inline comment, `/*include:live(t)*/`, expanded here at load time. A statement that forgot a
fragment would leak erased or not-yet-known data; one that includes it cannot get the predicate
wrong, and `tests/unit/test_cypher_files.py` fails a read statement that binds an Entity, Turn or
Summary without one. An unexpanded statement is not valid Cypher (`WHERE /*…*/ AND …`), so a copy
run by hand without expansion fails loudly instead of answering too much: `graphmem cypher show NAME`
prints the expanded text for Neo4j Browser.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import LiteralString

from graphmem.errors import ConfigError

_COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)
FRAGMENTS = "fragments"
#: `/*include:name(arg, …)*/`: arguments are Cypher variables (`t`, or a property path such as `g.t`),
#: parameter names (filled into a `${x}` hole), or parameters (`$valid_at`).
INCLUDE = re.compile(r"/\*include:(\w+)\(([^)]*)\)\*/")
_SIGNATURE = re.compile(r"^//\s*fragment:\s*(\w+)\(([^)]*)\)\s*$", re.MULTILINE)
_IDENT = re.compile(r"^\$?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$")
_DEPTH = 4  # fragments may include fragments (a filter built on the view predicate), this deep at most
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Fragment:
    """A boolean Cypher expression with named holes (`{x}`), the one copy of a view predicate."""

    name: str
    params: tuple[str, ...]
    body: str

    def expand(self, args: list[str], where: str) -> str:
        if len(args) != len(self.params):
            raise ConfigError(f"{where}: fragment {self.name} takes ({', '.join(self.params)}), "
                              f"given ({', '.join(args)})")
        for param, arg in zip(self.params, args):
            if not _IDENT.match(arg):
                raise ConfigError(f"{where}: fragment argument {arg!r} is not an identifier")
            if arg.startswith("$") and "${" + param + "}" in self.body:
                raise ConfigError(f"{where}: fragment {self.name} takes a parameter's name for {param}, "
                                  f"given {arg!r}")
        values = dict(zip(self.params, args))
        return "(" + _PLACEHOLDER.sub(lambda m: values[m.group(1)], self.body) + ")"


def cypher_root() -> Path:
    """The `cypher/` folder beside the package (editable installs and the Docker image keep it there)."""
    override = os.environ.get("GRAPHMEM_CYPHER_DIR")
    return Path(override) if override else Path(__file__).resolve().parents[2] / "cypher"


def _read(path: Path) -> str:
    text = path.read_text(encoding="utf-8").strip()
    if not _COMMENT.sub("", text).strip():
        raise ConfigError(f"{path} holds no statement")
    return text


def load_fragments(root: Path | None = None) -> dict[str, Fragment]:
    """`cypher/fragments/*.cypher`: each starts `// fragment: name(x, …)`; its other lines are the body."""
    root = root or cypher_root()
    out: dict[str, Fragment] = {}
    for path in sorted((root / FRAGMENTS).glob("*.cypher")):
        text = _read(path)
        sig = _SIGNATURE.search(text)
        if sig is None or sig.group(1) != path.stem:
            raise ConfigError(f"{path} must begin with '// fragment: {path.stem}(…)'")
        params = tuple(p.strip() for p in sig.group(2).split(",") if p.strip())
        body = " ".join(line.strip() for line in _COMMENT.sub("", text).splitlines() if line.strip())
        unknown = set(_PLACEHOLDER.findall(body)) - set(params)
        if unknown:
            raise ConfigError(f"{path}: placeholders {sorted(unknown)} are not parameters")
        out[path.stem] = Fragment(path.stem, params, body)
    return out


def expand(text: str, fragments: Mapping[str, Fragment], where: str = "statement", depth: int = 0) -> str:
    """The statement with every `/*include:…*/` replaced by its fragment's expression, and the
    includes of that expression in turn."""
    if depth > _DEPTH:
        raise ConfigError(f"{where}: fragments include each other more than {_DEPTH} deep (a cycle?)")

    def one(m: re.Match[str]) -> str:
        fragment = fragments.get(m.group(1))
        if fragment is None:
            raise ConfigError(f"{where}: unknown fragment {m.group(1)!r}")
        filled = fragment.expand([a.strip() for a in m.group(2).split(",") if a.strip()], where)
        return expand(filled, fragments, f"{where} via {fragment.name}", depth + 1)

    return INCLUDE.sub(one, text)


def load_queries(root: Path | None = None) -> Mapping[str, LiteralString]:
    root = root or cypher_root()
    if not root.is_dir():
        raise ConfigError(f"Cypher folder not found at {root}; set GRAPHMEM_CYPHER_DIR")
    fragments = load_fragments(root)
    out: dict[str, LiteralString] = {}
    for path in sorted(root.rglob("*.cypher")):
        name = path.relative_to(root).with_suffix("").as_posix()
        if name.startswith(FRAGMENTS + "/"):
            continue
        # query text from our own files, fragments included: the driver's LiteralString
        out[name] = expand(_read(path), fragments, str(path))
    return out


def statement_names(text: str) -> list[str]:
    """Names of the constraints and indexes a schema statement creates (for readiness checks)."""
    return re.findall(r"CREATE\s+(?:\w+\s+)*?(?:CONSTRAINT|INDEX)\s+(\w+)", text, flags=re.IGNORECASE)
