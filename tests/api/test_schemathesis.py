"""Property-based contract test: schemathesis generates requests for every operation in
/openapi.json and calls the app with a valid admin key. No request may cause a 5xx, and every
response must match the schema the app publishes (the error envelope included).

Bounded: 15 examples per operation, derandomised so that a failure reproduces; each operation
writes into its own fresh namespace (the `ns` path parameter is pinned), purged afterwards.
(schemathesis' own pytest loader, `from_fixture`, does not run under pytest 9, hence one
parametrised test per operation that drives the operation's hypothesis strategy itself.)"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from schemathesis.checks import not_a_server_error, response_schema_conformance

from api.app import create_app
from graphmem.embedding import get_embedder
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

ADMIN_KEY = "schemathesis-admin-key-0123456789"
AUTH = {"Authorization": f"Bearer {ADMIN_KEY}"}
MAX_EXAMPLES = 15


def _operations() -> list[tuple[str, str]]:
    """(method, path) of every operation, read without a database (routers are discovered at app creation)."""
    doc = create_app(Settings(_env_file=None, neo4j_uri="bolt://127.0.0.1:1")).openapi()  # type: ignore[call-arg]
    return sorted((method.upper(), path) for path, item in doc["paths"].items() for method in item)


@pytest.fixture(scope="module")
def api_schema(settings: Settings, store: Store) -> Any:
    app = create_app(settings.model_copy(update={"api_keys": f"{ADMIN_KEY}:admin:*"}), store)
    app.state.holder.connect()  # the schema is applied once here, not on every generated call
    get_embedder().embed(["warm up"])  # the model loads once, not inside the first timed request
    return schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.mark.parametrize("method, path", _operations(), ids=lambda v: str(v))
def test_operation_conforms(api_schema: Any, ns: Namespace, method: str, path: str) -> None:
    operation = api_schema[path][method]

    @given(case=operation.as_strategy())
    @hsettings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
               suppress_health_check=list(HealthCheck))
    def check(case: schemathesis.Case) -> None:
        if case.path_parameters and "ns" in case.path_parameters:
            case.path_parameters["ns"] = ns.name
        # /readyz answers 503 by design while Neo4j or the schema is not ready; its body must still conform
        checks = [response_schema_conformance] if path == "/readyz" else [not_a_server_error,
                                                                          response_schema_conformance]
        case.call_and_validate(headers=AUTH, checks=checks, timeout=60)

    check()
