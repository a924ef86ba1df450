"""/docs works offline and its "Try it out" bodies are valid: Swagger UI and ReDoc load only local files,
the bearer key is declared (the Authorize button), recall is listed first, and the example body Swagger UI
builds for each operation is accepted by the real app (no 400/422) in a fresh namespace."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
EXTERNAL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}""", re.I)


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_pages_load_no_external_url(client: TestClient, page: str) -> None:
    html = client.get(page)
    assert html.status_code == 200 and "text/html" in html.headers["content-type"]
    assert not EXTERNAL.findall(html.text), EXTERNAL.findall(html.text)
    assets = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html.text)
    assert any(a.endswith(".js") for a in assets), assets
    for asset in assets:
        r = client.get(asset)
        assert r.status_code == 200 and len(r.content) > 100, asset
        # what a script loads by itself (an image's src, a stylesheet's url()), not links a reader may follow
        loads = re.findall(r"""(?:src:|src=|url\()\s*["']?((?:https?:)?//[^"')\s]+)""", r.text)
        assert not loads, (asset, loads)  # ReDoc's own script loads Redocly's logo from cdn.redoc.ly


def test_bearer_key_declared_and_recall_listed_first(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert schema["components"]["securitySchemes"]["apiKey"] == {**schema["components"]["securitySchemes"]["apiKey"],
                                                                "type": "http", "scheme": "bearer"}
    tags = [t["name"] for t in schema["tags"]]
    assert tags[0] == "recall" and tags[-1] == "health", tags
    for path, item in schema["paths"].items():
        for method, op in item.items():
            if path.startswith("/v1/"):
                assert op["security"] == [{"apiKey": []}], (method, path)
                assert not [p for p in op.get("parameters", []) if p["name"].lower() == "authorization"]


def sample(schema: dict[str, Any], components: dict[str, Any]) -> Any:
    """The body Swagger UI puts in "Try it out": an example, else a (non-null) default, else a placeholder."""
    if "$ref" in schema:
        return sample(components[schema["$ref"].rsplit("/", 1)[1]], components)
    if schema.get("examples"):
        return schema["examples"][0]
    if "example" in schema:
        return schema["example"]
    if schema.get("default") is not None:
        return schema["default"]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [s for s in schema[key] if s.get("type") != "null"]
            return sample(options[0], components) if options else None
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        if not props and schema.get("additionalProperties") not in (None, False):
            return {"additionalProp1": {}}
        return {name: sample(sub, components) for name, sub in props.items()}
    if kind == "array":
        return [sample(schema.get("items", {}), components)] * max(1, schema.get("minItems", 1))
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return True
    return "string"


PATH_VALUES = {"key": "U-001", "name": "city", "type": "WORKS_AT", "sid": "s1", "recall_id": "rc-none"}


def test_every_example_body_is_accepted(client: TestClient, ns: Namespace) -> None:
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    ops = [(path, method, op) for path, item in schema["paths"].items() for method, op in item.items()
           if "application/json" in op.get("requestBody", {}).get("content", {}) and method in ("post", "put")]
    # (an import's body is an export's NDJSON: test_export_import.py sends real ones)
    ops.sort(key=lambda o: (o[1] != "put", o[0]))  # entities first, so that facts find U-001
    assert len(ops) >= 15
    refused = {}
    for path, method, op in ops:
        body_schema = op["requestBody"]["content"]["application/json"]["schema"]
        body = sample(body_schema, components)
        url = re.sub(r"\{(\w+)(?::path)?\}", lambda m: ns.name if m.group(1) == "ns" else PATH_VALUES[m.group(1)], path)
        r = client.request(method.upper(), url, json=body)
        if r.status_code in (400, 422) or r.status_code >= 500:
            refused[f"{method.upper()} {path}"] = (body, r.status_code, r.json())
    assert not refused, "\n".join(f"{op}: {why}" for op, why in refused.items())


def test_readyz_waits_for_the_embedding_model(settings: Settings, store: Store, tmp_path: Path) -> None:
    """Not ready while the model is not loaded: here a model path that holds no model never loads."""
    import time

    from api.app import create_app

    broken = settings.model_copy(update={"model_path": tmp_path / "no-model"})
    with TestClient(create_app(broken, store)) as c:
        deadline = time.monotonic() + 60
        while (r := c.get("/readyz")).json()["error"]["code"] == "model_loading" and time.monotonic() < deadline:
            time.sleep(0.5)
        assert r.status_code == 503 and r.headers["Retry-After"]
        assert r.json()["error"]["code"] == "model_failed", r.json()
