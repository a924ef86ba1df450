"""/docs (Swagger UI, with Authorize) and /redoc served from local files, and the bearer key in OpenAPI."""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

#: Swagger UI and ReDoc files from the `fastapi-offline` package: /docs works without internet
DOCS_STATIC = "/docs-static"
BEARER = {"type": "http", "scheme": "bearer",
          "description": "an API key (`graphmem keys create --role agent --ns NS`), sent as `Authorization: Bearer <key>`"}


def document_auth(schema: dict[str, Any]) -> dict[str, Any]:
    """Declare the bearer key in OpenAPI (Swagger UI's Authorize button) on every /v1 operation. Only the
    document changes: api.authn checks keys as before; the Authorization header parameter the dependency
    declares is dropped from the document, since the security scheme now says it (OpenAPI ignores it)."""
    schema.setdefault("components", {}).setdefault("securitySchemes", {})["apiKey"] = BEARER
    for path, item in schema.get("paths", {}).items():
        if not path.startswith("/v1/"):
            continue
        for op in item.values():
            op["security"] = [{"apiKey": []}]
            params = [p for p in op.get("parameters", [])
                      if not (p.get("in") == "header" and p.get("name", "").lower() == "authorization")]
            if params:
                op["parameters"] = params
            else:
                op.pop("parameters", None)
    return schema


def install_docs(app: FastAPI) -> None:
    """/docs (Swagger UI, with Authorize) and /redoc from local files; no CDN, no Google fonts."""
    app.mount(DOCS_STATIC, StaticFiles(directory=str(files("fastapi_offline") / "static")), name="docs-static")
    documented = app.openapi

    def openapi() -> dict[str, Any]:
        schema = documented()
        if "securitySchemes" not in schema.get("components", {}):
            document_auth(schema)
        return schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/docs", include_in_schema=False)
    def swagger() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title="graphmem - API",
                                   swagger_js_url=f"{DOCS_STATIC}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{DOCS_STATIC}/swagger-ui.css",
                                   swagger_favicon_url=f"{DOCS_STATIC}/favicon.png",
                                   swagger_ui_parameters={"persistAuthorization": True, "displayRequestDuration": True,
                                                          "tryItOutEnabled": True})

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return get_redoc_html(openapi_url="/openapi.json", title="graphmem - API", redoc_js_url=REDOC_JS,
                              redoc_favicon_url=f"{DOCS_STATIC}/favicon.png", with_google_fonts=False)

    @app.get(REDOC_JS, include_in_schema=False)
    def redoc_js() -> Response:
        return Response(_redoc_script(), media_type="text/javascript",
                        headers={"Cache-Control": "public, max-age=86400"})


#: ReDoc's script as served: the packaged one, whose sidebar footer loads Redocly's logo from its CDN
REDOC_JS = "/redoc.js"
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
#: the same place in the footer, drawn from nothing: an empty image, so the page calls no other host
BLANK_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"


@lru_cache(maxsize=1)
def _redoc_script() -> bytes:
    """The packaged ReDoc with its one remote image (the "API docs by Redocly" logo) replaced by an empty
    inline one; read once. The other remote addresses in it are links a reader may follow, not loads."""
    text = (files("fastapi_offline") / "static" / "redoc.standalone.js").read_text(encoding="utf-8")
    return text.replace(REDOC_LOGO, BLANK_IMAGE).encode("utf-8")
