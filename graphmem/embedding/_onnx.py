"""The ONNX side of the embedder: the transformer exported once by torch's own exporter into a cache
under `GRAPHMEM_HOME`, quantised to int8 on request, and run by ONNX Runtime with mean pooling in numpy.
Moved out of `graphmem.embedding` as it grew; the embedder decides when to trust what is built here."""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
import uuid
import warnings
from pathlib import Path
from typing import Any

import numpy as np

EXPORT_FORMAT = "hidden-states/opset17/v1"  # part of the cache key: change it when `export` changes


def onnx_cache_dir() -> Path:
    from graphmem.settings import default_home

    return Path(os.environ.get("GRAPHMEM_HOME") or default_home()) / "onnx"


class OnnxRunner:
    """The transformer of a sentence-transformers model as an ONNX Runtime session, mean-pooled in
    numpy. Sessions are thread-safe, so concurrent queries do not queue behind one lock."""

    def __init__(self, path: Path, input_names: list[str], query_threads: int, batch_threads: int,
                 device: str = "cpu") -> None:
        self.path = path
        self.providers = ["CPUExecutionProvider"]
        if device == "cuda":
            import onnxruntime as ort

            if "CUDAExecutionProvider" in ort.get_available_providers():
                self.providers.insert(0, "CUDAExecutionProvider")
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
        return ort.InferenceSession(str(self.path), options, providers=self.providers)

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


def export_key(model_path: Path) -> str:
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


#: torch's exporter keeps its state in module globals: two exports at once in one process (two embedders made by
#: two threads of a fresh service) broke each other ("GLOBALS.in_onnx_export must be True") and both fell back
#: to torch for the life of the process
_EXPORTING = threading.Lock()


def export(model: Any, target: Path, input_names: list[str], *, again: bool = False) -> None:
    """torch's exporter, written under a unique name and renamed, so racing processes never read half
    a file; one export at a time in this process, and none when another thread has just written `target`
    (unless `again`: the file on disk is damaged)."""
    with _EXPORTING:
        if again or not target.exists():
            _export(model, target, input_names)


def _export(model: Any, target: Path, input_names: list[str]) -> None:
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


def quantise(source: Path, target: Path) -> None:
    """ONNX Runtime's own dynamic int8 quantiser, written under a unique name and renamed like the export.
    Per channel: on all-MiniLM-L6-v2 per-tensor int8 kept only cosine 0.92 to torch's vectors on a probe,
    per channel 0.985 or more, at 906 against 506 texts/s for the float graph (512 texts, 2 threads)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    token = uuid.uuid4().hex
    partial = target.with_name(f".{target.name}.{token}")
    # the quantiser writes its shape-inferred copy beside its input, named after it, and deletes it: two
    # processes quantising one file (replicas starting on a fresh home) deleted each other's copy, and the
    # one that lost could not start (FileNotFoundError: model-inferred.onnx). Each reads its own name for it.
    own = source.with_name(f".{source.stem}.{token}{source.suffix}")
    try:
        try:
            os.link(source, own)
        except OSError:  # a file system without hard links: a copy
            shutil.copyfile(source, own)
        quantize_dynamic(str(own), str(partial), weight_type=QuantType.QInt8, per_channel=True)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
        own.unlink(missing_ok=True)
