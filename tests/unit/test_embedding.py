"""The embedder runs all-MiniLM-L6-v2 through ONNX Runtime; these tests hold it to torch's vectors."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from graphmem.embedding import DIMENSIONS, Embedder, bundled_model_path, get_embedder
from graphmem.embedding._onnx import export_key
from graphmem.errors import ConfigError

TEXTS = ["My phone number is 138 0013 8000.", "D1:3", "Where did Anna buy her bike?",
         "We moved to Lisbon in May and the kids started school there. " * 12, "ok", "Ünïcödé — 東京 🚲"]


@pytest.fixture(scope="module")
def torch_embedder() -> Embedder:
    return Embedder(bundled_model_path(), backend="torch")


def test_the_default_backend_is_onnx() -> None:
    # onnxruntime and onnx are dependencies: falling back to torch here means the export broke.
    assert get_embedder().backend == "onnx"


def test_onnx_vectors_match_torch_singly_and_in_batches(torch_embedder: Embedder) -> None:
    onnx = get_embedder()
    expected = np.array(torch_embedder.embed(TEXTS))
    batched = np.array(onnx.embed(TEXTS))  # sorted by length inside; must come back in input order
    singles = np.array([onnx.embed_one(t) for t in TEXTS])
    assert batched.shape == (len(TEXTS), DIMENSIONS)
    assert np.abs(batched - expected).max() < 1e-4
    assert np.abs(singles - expected).max() < 1e-4
    assert np.allclose(np.linalg.norm(batched, axis=1), 1.0, atol=1e-5)


def test_batches_larger_than_batch_size_keep_order() -> None:
    onnx = get_embedder()
    texts = [f"turn {i}: " + "word " * (i % 9) for i in range(70)]
    vectors = np.array(onnx.embed(texts, batch_size=16))
    assert np.abs(vectors[37] - np.array(onnx.embed_one(texts[37]))).max() < 1e-4
    assert onnx.embed([]) == []


def test_meaning_is_kept() -> None:
    a, b, c = (np.array(v) for v in get_embedder().embed(
        ["I bought a new bicycle last week.", "Last week I purchased a new bike.", "The tax return is due in April."]))
    assert a @ b > a @ c + 0.3


def test_a_broken_cached_export_is_written_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("GRAPHMEM_HOME", str(tmp_path))
    target = tmp_path / "onnx" / export_key(bundled_model_path()) / "model.onnx"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"not an onnx graph")
    with caplog.at_level(logging.WARNING, logger="graphmem.embedding"):
        embedder = Embedder(bundled_model_path())
    assert embedder.backend == "onnx"
    assert "exporting again" in caplog.text
    assert target.stat().st_size > 1_000_000


def test_an_unusable_cache_falls_back_to_torch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    home = tmp_path / "home"
    home.write_text("a file where the cache folder should be")
    monkeypatch.setenv("GRAPHMEM_HOME", str(home))
    with caplog.at_level(logging.WARNING, logger="graphmem.embedding"):
        embedder = Embedder(bundled_model_path())
    assert embedder.backend == "torch"
    assert "using torch" in caplog.text
    assert len(embedder.embed_one("still works")) == DIMENSIONS


def test_concurrent_queries_and_token_counts_agree() -> None:
    from concurrent.futures import ThreadPoolExecutor

    onnx = get_embedder()
    expected = [onnx.embed_one(t) for t in TEXTS]
    with ThreadPoolExecutor(4) as pool:
        vectors = list(pool.map(onnx.embed_one, TEXTS * 4))
        counts = list(pool.map(onnx.count_tokens, ["word " * 400] * 16))
    assert all(np.abs(np.array(v) - np.array(expected[i % len(TEXTS)])).max() < 1e-5 for i, v in enumerate(vectors))
    assert counts == [400] * 16


def test_token_counts_are_the_tokenizers_and_never_truncated_while_the_model_runs() -> None:
    """count_tokens reads its own copy of the fast tokenizer, never the one the model's calls truncate to 256."""
    from concurrent.futures import ThreadPoolExecutor

    embedder = get_embedder()
    texts = ["José Álvarez · city: São Paulo (since 2024-03-01)\n" * 40, "Zhang Wei 张伟 O'Neill naïve", "word " * 900]
    expected = [len(embedder.tokenizer.encode(t, add_special_tokens=False, verbose=False)) for t in texts]
    assert expected[0] > embedder.max_tokens and expected[2] == 900
    with ThreadPoolExecutor(4) as pool:
        embedding = [pool.submit(embedder.embed, [t] * 8) for t in texts * 3]
        counts = list(pool.map(embedder.count_tokens, texts * 20))
        assert all(len(f.result()) == 8 for f in embedding)
    assert counts == expected * 20


def test_a_fresh_home_exports_checks_and_reuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHMEM_HOME", str(tmp_path))
    first = Embedder(bundled_model_path())
    assert first.backend == "onnx"
    folder = tmp_path / "onnx" / export_key(bundled_model_path())
    assert (folder / "model.onnx").stat().st_size > 1_000_000
    assert "max abs difference" in (folder / "checked").read_text()
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no partial files left


def test_two_threads_on_a_fresh_home_both_get_onnx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh service makes its embedders from two threads at once; torch's exporter keeps its state in
    globals, so two exports at once broke each other and one thread ran on torch for good."""
    import threading

    monkeypatch.setenv("GRAPHMEM_HOME", str(tmp_path))
    backends: list[str] = []
    threads = [threading.Thread(target=lambda: backends.append(Embedder(bundled_model_path()).backend))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert backends == ["onnx", "onnx"]


@pytest.mark.parametrize(("variable", "value", "named"), [
    ("GRAPHMEM_EMBED_BACKEND", "tensorflow", "GRAPHMEM_EMBED_BACKEND"),
    ("GRAPHMEM_EMBED_THREADS", "0", "GRAPHMEM_EMBED_THREADS"),
    ("GRAPHMEM_EMBED_THREADS", "two", "GRAPHMEM_EMBED_THREADS"),
])
def test_bad_settings_are_named(monkeypatch: pytest.MonkeyPatch, variable: str, value: str, named: str) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigError, match=named):
        Embedder(bundled_model_path())


def test_concurrent_shared_embeds_share_model_calls_and_match_embed() -> None:
    """Micro-batching: concurrent callers get exactly their own vectors, in fewer model calls."""
    import threading

    from graphmem.embedding import get_embedder

    embedder = get_embedder()
    texts = [f"turn {i} about order ORD-{i:04d} and Lisbon" for i in range(24)]
    alone = embedder.embed(texts)
    calls: list[int] = []
    batcher = embedder._batcher
    run = batcher._run

    def counted(batch: list[str]) -> list[list[float]]:
        calls.append(len(batch))
        return run(batch)  # type: ignore[no-any-return]

    batcher._run = counted
    got: dict[int, list[list[float]]] = {}
    try:
        threads = [threading.Thread(target=lambda i=i: got.__setitem__(i, embedder.embed_shared([texts[i]])))
                   for i in range(len(texts))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        batcher._run = run
    assert sum(calls) == len(texts) and len(calls) < len(texts), calls
    for i, text in enumerate(texts):
        assert max(abs(a - b) for a, b in zip(got[i][0], alone[i])) < 1e-4, text


def _quantise_in_a_process(source: str, target: str) -> str:
    from graphmem.embedding._onnx import quantise

    try:
        quantise(Path(source), Path(target))
        return "ok"
    except Exception as exc:  # reported to the test, which names it
        return f"{type(exc).__name__}: {exc}"


def test_two_processes_quantising_one_export_both_get_the_int8_graph(tmp_path: Path) -> None:
    """Replicas started together on a fresh home with the +int8 model each quantise the export; ONNX Runtime's
    quantiser writes a shape-inferred copy beside its input and deletes it, so one process deleted the other's
    and could not start (FileNotFoundError: model-inferred.onnx)."""
    import multiprocessing
    import shutil

    from graphmem.embedding._onnx import onnx_cache_dir

    exported = onnx_cache_dir() / export_key(bundled_model_path()) / "model.onnx"
    get_embedder()  # the process's own export, made if missing
    source = tmp_path / "model.onnx"
    shutil.copyfile(exported, source)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.starmap(_quantise_in_a_process, [(str(source), str(tmp_path / "model.int8.onnx"))] * 2)
    assert results == ["ok", "ok"]
    assert (tmp_path / "model.int8.onnx").stat().st_size > 1_000_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.int8.onnx", "model.onnx"]  # nothing left behind
