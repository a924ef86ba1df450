"""`api.respond.in_one_hop` answers with the bytes FastAPI would have written for the same model: aliases
(`from_` is "from"), instants, non-finite floats, extra fields, non-ASCII text; and an error raised by the work
reaches the app's handlers as a plain `def` route's does."""

from __future__ import annotations

from datetime import datetime, timezone

from fastapi import FastAPI, Response
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
from pydantic import BaseModel, ConfigDict, Field

from api.respond import in_one_hop


class Edge(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)
    from_: str = Field(alias="from")
    at: datetime
    score: float
    label: str | None = None


class Out(BaseModel):
    edges: list[Edge]
    note: str


def _model() -> Out:
    at = datetime(2026, 12, 7, 12, 30, tzinfo=timezone.utc)
    return Out(edges=[Edge(**{"from": "U-1"}, at=at, score=float("nan"), reason="naïve · 東京"),
                      Edge(from_="U-2", at=at, score=1.5)], note="José")


class Refused(Exception):
    pass


def _app() -> FastAPI:
    app = FastAPI()

    @app.exception_handler(Refused)
    async def refused(_: object, exc: Refused) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=409)

    @app.get("/plain", response_model=Out)
    def plain() -> Out:
        return _model()

    @app.get("/one-hop", response_model=Out)
    async def one_hop() -> Response:
        return await in_one_hop(_model)

    @app.get("/refused", response_model=Out)
    async def refusing() -> Response:
        def work() -> Out:
            raise Refused("no")
        return await in_one_hop(work)

    return app


def test_the_same_bytes_as_fastapi_writes() -> None:
    with TestClient(_app()) as client:
        plain, one_hop = client.get("/plain"), client.get("/one-hop")
    assert one_hop.status_code == plain.status_code == 200
    assert one_hop.content == plain.content
    assert one_hop.headers["content-type"] == plain.headers["content-type"]
    assert one_hop.json()["edges"][0]["from"] == "U-1"


def test_an_error_of_the_work_reaches_the_handlers() -> None:
    with TestClient(_app()) as client:
        r = client.get("/refused")
    assert (r.status_code, r.json()) == (409, {"error": "no"})


def test_the_openapi_document_keeps_the_model() -> None:
    paths = _app().openapi()["paths"]
    assert paths["/one-hop"]["get"]["responses"]["200"] == paths["/plain"]["get"]["responses"]["200"]
