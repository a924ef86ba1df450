"""GRAPHMEM_EMBED_MODEL as a person writes it (issue 35): the bundled model by its name or an alias, its int8
form, a folder, a sentence-transformers name, and the query/passage prefixes asymmetric models need."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from graphmem.embedding import Embedder, ModelChoice, bundled_model_path, choose, get_embedder
from graphmem.embedding.models import BUNDLED
from graphmem.errors import ConfigError
from graphmem.settings import Settings

TEXTS = ["My phone number is 138 0013 8000.", "Where did Anna buy her bike?", "D1:3",
         "We moved to Lisbon in May and the kids started school there. " * 12, "Ünïcödé — 東京 🚲"]


@pytest.mark.parametrize("written", [None, "", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2",
                                     "MiniLM", " all-minilm-l6-v2 "])
def test_the_bundled_model_by_any_of_its_names(written: str | None) -> None:
    choice = choose(written)
    assert choice.name == BUNDLED and not choice.int8
    assert Path(choice.source) == bundled_model_path()
    assert choice.known_dimensions == 384 and choice.query_prefix == choice.passage_prefix == ""


def test_the_bundled_folder_given_as_a_path_is_the_bundled_model() -> None:
    assert choose(str(bundled_model_path())).name == BUNDLED
    assert choose(None, model_path=bundled_model_path()).name == BUNDLED  # GRAPHMEM_MODEL_PATH, the older way


def test_int8_is_its_own_model_name() -> None:
    choice = choose("all-MiniLM-L6-v2+int8")
    assert choice.name == "all-MiniLM-L6-v2+int8" and choice.int8 and choice.bundled
    with pytest.raises(ConfigError, match=r"\+int8"):
        choose("+int8")


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no model folder"):
        choose(str(tmp_path / "nowhere"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigError, match="holds no sentence-transformers model"):
        choose(str(tmp_path / "empty"))


def test_asymmetric_models_get_their_prefixes(monkeypatch: pytest.MonkeyPatch) -> None:
    e5 = choose("intfloat/multilingual-e5-small")
    assert (e5.query_prefix, e5.passage_prefix) == ("query: ", "passage: ")
    assert choose("BAAI/bge-small-en-v1.5").query_prefix.startswith("Represent this sentence")
    monkeypatch.setenv("GRAPHMEM_EMBED_QUERY_PREFIX", "Q> ")
    monkeypatch.setenv("GRAPHMEM_EMBED_PASSAGE_PREFIX", "")
    assert (choose("intfloat/e5-small-v2").query_prefix, choose("intfloat/e5-small-v2").passage_prefix) == ("Q> ", "")


def test_a_folder_names_its_own_prompts(tmp_path: Path) -> None:
    folder = tmp_path / "model"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    (folder / "config_sentence_transformers.json").write_text(
        json.dumps({"prompts": {"query": "search_query: ", "document": "search_document: "}}))
    choice = choose(str(folder))
    assert choice.name == str(folder.resolve())
    assert (choice.query_prefix, choice.passage_prefix) == ("search_query: ", "search_document: ")


def test_a_name_not_in_the_local_cache_is_refused_without_a_download() -> None:
    with pytest.raises(ConfigError, match="never downloads"):
        Embedder(choose("graphmem-test/no-such-model-anywhere"))


def test_settings_name_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHMEM_EMBED_MODEL", "all-MiniLM-L6-v2+int8")
    assert Settings(_env_file=None).embed_model == "all-MiniLM-L6-v2+int8"  # type: ignore[call-arg]


def test_int8_keeps_the_meaning_and_the_dimension() -> None:
    full, int8 = get_embedder(choose(None)), get_embedder(choose("all-MiniLM-L6-v2+int8"))
    assert int8.backend == "onnx-int8" and int8.dimension == full.dimension == 384
    a, b = np.array(full.embed(TEXTS)), np.array(int8.embed(TEXTS))
    assert (a * b).sum(axis=1).min() > 0.97
    assert np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-5)
    bike, bicycle, tax = (np.array(v) for v in int8.embed(
        ["I bought a new bicycle last week.", "Last week I purchased a new bike.", "The tax return is due in April."]))
    assert bike @ bicycle > bike @ tax + 0.3


def test_queries_and_passages_get_their_prefixes() -> None:
    plain = get_embedder(choose(None))
    source = str(bundled_model_path())
    prefixed = Embedder(ModelChoice("prefixed-minilm", source, query_prefix="query: ", passage_prefix="passage: "))
    assert np.abs(np.array(prefixed.embed_query("where is Anna?")) -
                  np.array(plain.embed_one("query: where is Anna?"))).max() < 1e-4
    assert np.abs(np.array(prefixed.embed(["Anna is in Porto."])[0]) -
                  np.array(plain.embed_one("passage: Anna is in Porto."))).max() < 1e-4
    assert plain.embed_query("where is Anna?") == plain.embed_one("where is Anna?")  # symmetric: no prefix
