"""Property-based contract test: schemathesis generates requests for every operation in
/openapi.json and calls the app as admin (the session's settings, explicitly open). No request may
cause a 5xx, and every response must match the schema the app publishes (the error envelope included).

On top of schemathesis' schema-valid bodies, hypothesis swaps one leaf of each body (a string or a
number, at any depth) for a nasty one: any Unicode text, lone surrogates (`"\\ud800"`: valid JSON, not
UTF-8), and edge numbers (2^63, -2^63-1, 10^30, 1e308, the smallest float). These are what Neo4j, its
driver or a JSON response cannot hold; each must be refused with a 4xx, never a 500.

Bounded: 20 examples per operation, derandomised so that a failure reproduces; each operation
writes into its own fresh namespace (the `ns` path parameter is pinned), purged afterwards.
(schemathesis' own pytest loader, `from_fixture`, does not run under pytest 9, hence one
parametrised test per operation that drives the operation's hypothesis strategy itself.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from hypothesis import settings as hsettings
from schemathesis.checks import not_a_server_error, response_schema_conformance

from api.app import create_app
from graphmem.embedding import get_embedder
from graphmem.limits import has_surrogate
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

MAX_EXAMPLES = 20


@schemathesis.serializer("application/x-ndjson")
def _ndjson(ctx: Any, value: Any) -> bytes:
    """An import's body (an export's NDJSON): the generated string as its bytes, any code point."""
    return value if isinstance(value, bytes) else str(value).encode("utf-8", "surrogatepass")
EDGE_NUMBERS = st.sampled_from([2**63, 2**63 - 1, -(2**63), -(2**63) - 1, 10**30, -(10**30), 1e308, -1e308, 5e-324,
                                0, -1, 1.5])
NASTY_TEXT = st.one_of(
    st.text(st.characters(codec=None, exclude_categories=()), max_size=40),  # any code point, surrogates too
    st.sampled_from(["\ud800", "a\udfffb", "\x00", "\u202e", "𝕏" * 300, "9" * 400]),
)


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every string, number and object key (as ("key", ...)) in a JSON body."""
    if isinstance(value, dict):
        return [(*path, ("key", k)) for k in value] + [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path] if isinstance(value, (str, int, float)) and not isinstance(value, bool) else []


def _swap(body: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of `body` with the leaf at `path` (or the key, for a ("key", k) step) replaced by `new`."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(head, tuple):  # rename a key
        return {(str(new) if k == head[1] else k): v for k, v in body.items()}
    copy = list(body) if isinstance(body, list) else dict(body)
    copy[head] = _swap(body[head], rest, new)
    return copy


@st.composite
def nasty_bodies(draw: st.DrawFn, body: Any) -> Any:
    """The body, or the body with one leaf (or key) swapped for nasty text or an edge number."""
    leaves = _leaves(body)
    if not leaves or draw(st.booleans()):
        return body
    path = draw(st.sampled_from(leaves))
    key_or_text = isinstance(path[-1], tuple) or draw(st.booleans())
    return _swap(body, path, draw(NASTY_TEXT if key_or_text else EDGE_NUMBERS))


def _operations() -> list[tuple[str, str]]:
    """(method, path) of every operation, read without a database (routers are discovered at app creation)."""
    doc = create_app(Settings(_env_file=None, neo4j_uri="bolt://127.0.0.1:1")).openapi()  # type: ignore[call-arg]
    return sorted((method.upper(), path) for path, item in doc["paths"].items() for method in item)


@pytest.fixture(scope="module")
def api_schema(settings: Settings, store: Store) -> Any:
    app = create_app(settings, store)  # the session's settings: explicitly open, every caller admin (conftest)
    app.state.holder.connect()  # the schema is applied once here, not on every generated call
    get_embedder().embed(["warm up"])  # the model loads once, not inside the first timed request
    return schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.mark.parametrize("method, path", _operations(), ids=lambda v: str(v))
def test_operation_conforms(api_schema: Any, ns: Namespace, method: str, path: str) -> None:
    operation = api_schema[path][method]

    @given(case=operation.as_strategy(), data=st.data())
    @hsettings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
               suppress_health_check=list(HealthCheck))
    def check(case: schemathesis.Case, data: st.DataObject) -> None:
        if case.path_parameters and "ns" in case.path_parameters:
            case.path_parameters["ns"] = ns.name
        if isinstance(case.body, (dict, list)):
            body = data.draw(nasty_bodies(case.body))
            # schemathesis re-validates a body with jsonschema-rs, which cannot take a lone surrogate: such a
            # body goes as JSON text (escaped, `"\\ud800"`), exactly as a client would send it
            case.body = json.dumps(body).encode() if has_surrogate(json.dumps(body, ensure_ascii=False)) else body
        # /readyz answers 503 by design while Neo4j or the schema is not ready; its body must still conform
        checks = [response_schema_conformance] if path == "/readyz" else [not_a_server_error,
                                                                          response_schema_conformance]
        case.call_and_validate(checks=checks, timeout=60)

    check()
