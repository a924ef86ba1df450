"""The only place that turns errors into HTTP responses: `{"error": {"code", "message", "details"}}`.

`render(exc)` reads the status, code and Retry-After off the `GraphmemError` class and builds the
response; the exception handlers below, both ASGI middlewares (body limit, idempotency) and
`/readyz` all answer through it, so an error looks the same whichever layer caught it.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from graphmem import metrics
from graphmem.errors import GraphmemError, InvalidInput, MalformedJson
from graphmem.privacy import redact

log = logging.getLogger("graphmem.api")


class ErrorInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(description="stable snake_case word, e.g. unknown_entity, forbidden_namespace")
    message: str = Field(description="for humans")
    details: dict[str, Any] | list[Any] = Field(description="machine-readable; `fields` names each invalid field")


class ErrorEnvelope(BaseModel):
    """Every error response: `{"error": {"code", "message", "details"}}`."""

    model_config = ConfigDict(extra="forbid")
    error: ErrorInfo


_ENVELOPE_REF = {"$ref": "#/components/schemas/ErrorEnvelope"}
#: statuses every namespaced operation may answer, whatever its route declares
_V1_ERRORS = {"401": "no or unknown API key", "403": "namespace, role or view not allowed for this key",
              "422": "invalid field (each one named in details.fields)",
              "503": "Neo4j unavailable; retry after the Retry-After seconds"}
_BODY_ERRORS = {"400": "malformed JSON", "413": "request body too large"}


def document_errors(schema: dict[str, Any]) -> dict[str, Any]:
    """Make the OpenAPI document tell the truth about errors: every 4xx/5xx is the envelope (FastAPI
    would advertise its own `{"detail": ...}` for 422), and /v1 operations list 401/403/422/503."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for name, sub in ErrorEnvelope.model_json_schema(ref_template="#/components/schemas/{model}").get(
            "$defs", {}).items():
        components[name] = sub
    components["ErrorEnvelope"] = {k: v for k, v in ErrorEnvelope.model_json_schema(
        ref_template="#/components/schemas/{model}").items() if k != "$defs"}
    for path, item in schema.get("paths", {}).items():
        for method, op in item.items():
            responses = op.setdefault("responses", {})
            if path.startswith("/v1/"):
                for code, text in _V1_ERRORS.items():
                    responses.setdefault(code, {"description": text})
                if "requestBody" in op:
                    for code, text in _BODY_ERRORS.items():
                        responses.setdefault(code, {"description": text})
            for code, response in responses.items():
                if code[:1] in ("4", "5"):
                    response["content"] = {"application/json": {"schema": _ENVELOPE_REF}}
                    if code == "422" and response.get("description") == "Validation Error":
                        response["description"] = _V1_ERRORS["422"]
    for unused in ("HTTPValidationError", "ValidationError"):
        components.pop(unused, None)
    return schema


def render(exc: GraphmemError) -> JSONResponse:
    """The response for a domain error, counted under its code. A JSONResponse is itself an ASGI
    app, so a middleware answers with `await render(exc)(scope, receive, send)`."""
    metrics.ERRORS.labels(code=exc.code).inc()
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
    return _response(exc.status, exc.code, str(exc), exc.details, headers)


def _response(status: int, code: str, message: str, details: Any = None,
              headers: dict[str, str] | None = None) -> JSONResponse:
    body = {"error": {"code": code, "message": message, "details": details if details is not None else {}}}
    return JSONResponse(body, status_code=status, headers=headers)


def _field_name(loc: tuple[Any, ...]) -> str:
    # only the leading location is dropped: a body field may itself be called "query" (recall)
    parts = [str(p) for p in (loc[1:] if loc and loc[0] in ("body", "query", "path", "header") else loc)]
    return ".".join(parts) or ".".join(str(p) for p in loc)


def install(app: FastAPI) -> None:
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = document_errors(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.exception_handler(GraphmemError)
    async def graphmem_error(request: Request, exc: GraphmemError) -> JSONResponse:
        if exc.status >= 500:
            log.error("request failed: %s %s", exc.code, exc, exc_info=exc.__cause__)
        return render(exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return render(MalformedJson("the request body is not valid JSON",
                                        details={"errors": [str(e.get("msg")) for e in errors]}))
        fields = [{"field": _field_name(tuple(e.get("loc", ()))), "message": str(e.get("msg")),
                   "type": str(e.get("type"))} for e in errors]
        names = ", ".join(f["field"] for f in fields)
        return render(InvalidInput(f"invalid fields: {names}", details={"fields": fields}))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (no route, wrong method) already carry their status: keep it
        code = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}.get(exc.status_code, "http_error")
        return _response(exc.status_code, code, str(exc.detail), headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, exc: Exception) -> JSONResponse:
        # only reached when the envelope middleware itself fails; a route's bug is answered there
        return unexpected(request.scope, exc)


def unexpected(scope: Scope, exc: BaseException) -> JSONResponse:
    """The 500 envelope for an exception graphmem does not know, logged by where it failed, never by
    what it held: exception messages and raw paths may carry memory values. Answered by the envelope
    middleware, which then swallows the exception: passed on, the server would log it with its message
    and close the client's connection."""
    route = getattr(scope.get("route"), "path", "unmatched")
    log.error("unexpected error on %s %s: %s\n%s", scope.get("method"), route, type(exc).__name__,
              "".join(traceback.format_tb(exc.__traceback__)))
    log.debug("unexpected error detail: %s", redact({"message": str(exc)}))
    return render(GraphmemError("unexpected server error; see the service log"))
