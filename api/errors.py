"""The only place that turns errors into HTTP responses: `{"error": {"code", "message", "details"}}`."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from graphmem import metrics
from graphmem.errors import GraphmemError, StoreUnavailable

log = logging.getLogger("graphmem.api")


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details if details is not None else {}}}


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    return ".".join(parts) or ".".join(str(p) for p in loc)


def install(app: FastAPI) -> None:
    @app.exception_handler(GraphmemError)
    async def graphmem_error(request: Request, exc: GraphmemError) -> JSONResponse:
        metrics.ERRORS.labels(code=exc.code).inc()
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, StoreUnavailable) else None
        if exc.status >= 500:
            log.error("request failed: %s %s", exc.code, exc, exc_info=exc.__cause__)
        return JSONResponse(error_body(exc.code, str(exc), exc.details), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            metrics.ERRORS.labels(code="malformed_json").inc()
            return JSONResponse(error_body("malformed_json", "the request body is not valid JSON",
                                           {"errors": [str(e.get("msg")) for e in errors]}), status_code=400)
        fields = [{"field": _field_name(tuple(e.get("loc", ()))), "message": str(e.get("msg")),
                   "type": str(e.get("type"))} for e in errors]
        names = ", ".join(f["field"] for f in fields)
        metrics.ERRORS.labels(code="invalid_input").inc()
        return JSONResponse(error_body("invalid_input", f"invalid fields: {names}", {"fields": fields}),
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}.get(exc.status_code, "http_error")
        return JSONResponse(error_body(code, str(exc.detail)), status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        metrics.ERRORS.labels(code="internal_error").inc()
        return JSONResponse(error_body("internal_error", "unexpected server error; see the service log"),
                            status_code=500)
