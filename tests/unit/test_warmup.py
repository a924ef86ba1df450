"""Ready means warm (issue #20): what a fresh process builds on its first request is built before `/readyz`
says ready. The text pipeline (`graphmem.recall.warmup`) runs on sample text, and `api.warmup.warm_routes`
leaves FastAPI nothing to build when the first request arrives (its routers build their routes lazily)."""

from __future__ import annotations

from typing import Any

import fastapi.dependencies.utils
import fastapi.routing
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.warmup import warm_routes
from graphmem.recall.warmup import warm_up
from graphmem.settings import Settings


def _settings() -> Settings:
    # a Neo4j that is not there: without a URI, the first /v1/ request would start the managed server in the
    # default home (and leave it running after the tests)
    return Settings(_env_file=None, open=True, neo4j_uri="bolt://127.0.0.1:1")  # type: ignore[call-arg]


def test_warm_up_runs_the_pure_text_pipeline() -> None:
    warm_up(_settings())  # no Neo4j, no model: pure Python only


def _count_dependants(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = fastapi.dependencies.utils.get_dependant

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(fastapi.dependencies.utils, "get_dependant", counted)
    if hasattr(fastapi.routing, "get_dependant"):
        monkeypatch.setattr(fastapi.routing, "get_dependant", counted)
    return calls


@pytest.mark.parametrize("warm", [True, False])
def test_after_warm_routes_the_first_request_builds_no_route(monkeypatch: pytest.MonkeyPatch, warm: bool) -> None:
    app = create_app(_settings())
    calls = _count_dependants(monkeypatch)
    if warm:
        warm_routes(app)
    built = calls[0]
    client = TestClient(app)  # no lifespan (it would connect and warm by itself); a path no route has
    try:
        assert client.get("/v1/demo/no-such-route").status_code == 404
    finally:
        app.state.holder.close()  # the request's lazy connect made a driver; without a lifespan nothing closes it
    if warm:
        assert calls[0] == built, "the first request built routes warm_routes should have built"
    elif calls[0] == built:  # the detector of the warm case: it sees a lazy FastAPI build on first request
        pytest.skip("this FastAPI builds its routes eagerly: nothing is left for the first request")
