"""One hop off the event loop for a read route: the work and its JSON both in the thread pool.

Why: FastAPI runs a `def` route in the thread pool, then hops there a second time to validate the model it
returned (a model the route built, so validated already) and serialises it back on the event loop. On `/recall`
served with its reads answered from memory (`graphmem bench round_trips`) that cost 0.15-0.4 ms of a 2.8 ms p50.
A route answered through `in_one_hop` keeps its `response_model` (the OpenAPI document, schemathesis' checks),
its JSON (by alias, as FastAPI writes it) and its errors (raised from the await, mapped by `api.errors`)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Response
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool


async def in_one_hop(work: Callable[[], BaseModel]) -> Response:
    """`work` run in the thread pool and its model's JSON made there: the body of a 200 answer."""
    def answer() -> bytes:
        return work().model_dump_json(by_alias=True).encode()  # as FastAPI serialises: `from_` is "from"

    return Response(await run_in_threadpool(answer), media_type="application/json")
