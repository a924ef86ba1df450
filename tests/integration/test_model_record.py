"""The store records its embedding model and refuses another (issue 35): vectors of two models never meet.

The session's store was written by the bundled all-MiniLM-L6-v2; a service, a command or a library caller
configured with any other model (here its int8 form, whose vectors are close to but not the same as the
float model's) is refused before it writes or searches, with a message that says what to do."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from graphmem.errors import ModelMismatch
from graphmem.localdb import free_port
from graphmem.settings import Settings
from graphmem.store import Store, apply_schema
from graphmem.store import recorded_model
from graphmem.store._schema import settle_model

pytestmark = pytest.mark.neo4j
ROOT = Path(__file__).resolve().parents[2]
OTHER = "all-MiniLM-L6-v2+int8"


def test_the_store_records_the_model_that_wrote_it(store: Store) -> None:
    assert recorded_model(store) is not None
    assert (recorded_model(store).name, recorded_model(store).dimensions) == ("all-MiniLM-L6-v2", 384)  # type: ignore[union-attr]
    sizes = {r["name"]: r["dimensions"] for r in store.read("embedding/vector_indexes")}
    assert sizes == {"turn_embedding": 384, "summary_embedding": 384, "workflow_embedding": 384}


def test_a_store_from_before_the_record_is_recorded_as_the_bundled_model(store: Store) -> None:
    """Vector indexes and no record: written by the only model graphmem then ran, whatever is configured."""
    store.autocommit("embedding/forget_model")
    try:
        assert recorded_model(store) is None
        got = settle_model(store, OTHER, lambda: pytest.fail("the model is not loaded for a legacy store"))
        assert (got.name, got.dimensions) == ("all-MiniLM-L6-v2", 384)
    finally:
        apply_schema(store)  # records it again for the rest of the session, had the assertions failed
    assert recorded_model(store) is not None


def test_a_store_from_before_the_record_keeps_the_model_path_it_ran(store: Store) -> None:
    """GRAPHMEM_MODEL_PATH named another 384-d model before the record existed: that one is recorded, not
    the bundled one (a model of another size could not have written these indexes: the bundled one is)."""
    store.autocommit("embedding/forget_model")
    try:
        got = settle_model(store, "/models/my-minilm", lambda: 384, legacy="/models/my-minilm")
        assert (got.name, got.dimensions) == ("/models/my-minilm", 384)
        store.autocommit("embedding/forget_model")
        got = settle_model(store, "/models/big", lambda: 768, legacy="/models/big")
        assert (got.name, got.dimensions) == ("all-MiniLM-L6-v2", 384)
    finally:
        store.autocommit("embedding/forget_model")
        apply_schema(store)
    assert recorded_model(store).name == "all-MiniLM-L6-v2"  # type: ignore[union-attr]


def test_another_model_is_refused_by_the_library(store: Store) -> None:
    other = Store(store.services.settings.model_copy(update={"embed_model": OTHER}), store.uri, store.auth)
    try:
        with pytest.raises(ModelMismatch) as refused:
            apply_schema(other)
    finally:
        other.close()
    message = str(refused.value)
    assert "'all-MiniLM-L6-v2'" in message and f"'{OTHER}'" in message
    assert "GRAPHMEM_EMBED_MODEL=all-MiniLM-L6-v2" in message
    assert refused.value.status == 500 and refused.value.code == "model_mismatch"
    assert recorded_model(store).name == "all-MiniLM-L6-v2"  # type: ignore[union-attr]


def test_an_app_with_another_model_does_not_start(settings: Settings, store: Store) -> None:
    from api.app import create_app

    with pytest.raises(ModelMismatch):
        with TestClient(create_app(settings.model_copy(update={"embed_model": OTHER}))):
            pass


def test_graphmem_serve_with_another_model_exits_with_the_reason(settings: Settings, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "GRAPHMEM_"))}
    assert settings.neo4j_password is not None
    env.update(NEO4J_URI=settings.neo4j_uri or "", NEO4J_USER=settings.neo4j_user,
               NEO4J_PASSWORD=settings.neo4j_password.get_secret_value(), GRAPHMEM_HOME=str(tmp_path / "home"),
               GRAPHMEM_EMBED_MODEL=OTHER, GRAPHMEM_API_KEYS="k-model-test-0123456789:admin:*",
               GRAPHMEM_PORT=str(free_port()), HF_HUB_OFFLINE="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    exe = shutil.which("graphmem")
    command = [exe, "serve"] if exe else [sys.executable, "-m", "graphmem_tools", "serve"]
    done = subprocess.run(command, env=env, cwd=tmp_path, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=180)
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "written by embedding model 'all-MiniLM-L6-v2'" in out and OTHER in out, out
