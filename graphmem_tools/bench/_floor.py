"""The HTTP stack's floor, for `graphmem bench temporal`: the smallest FastAPI app that answers an exact
lookup, run by uvicorn like `graphmem serve`.

One `async` route, the neo4j async driver (no thread hop), the same `exact/lookup` Cypher as the store,
and nothing else: no authentication, no validation beyond FastAPI's query parameters, no middleware,
no logging, no response model. Timed beside the service and the raw driver, it shows how much of the
service's REST/raw ratio is the framework itself, which no service code on this stack can remove.

Run: `python -m graphmem_tools.bench._floor PORT` with NEO4J_URI (and the usual NEO4J_* settings) in the
environment. Not a product endpoint: it listens on 127.0.0.1 only.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from typing import Any

from fastapi import FastAPI

from graphmem.infra.queries import load_queries
from graphmem.settings import load_settings
from graphmem.store import connection_for, open_driver


def create_app() -> FastAPI:
    import neo4j

    settings = load_settings()
    if not settings.neo4j_uri:
        raise SystemExit("the floor app needs NEO4J_URI (bench temporal sets it)")
    text = load_queries()["exact/lookup"]
    uri, auth = connection_for(settings)  # NEO4J_URI is set: the URI and auth the service uses
    driver = open_driver(uri, auth, settings, asynchronous=True)
    database = settings.neo4j_database

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await driver.close()

    app = FastAPI(lifespan=lifespan)

    @app.get("/v1/{ns}/lookup")
    async def lookup(ns: str, attribute: str, value: str) -> dict[str, Any]:
        async with driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as session:
            result = await session.run(text, {"ns": ns, "attribute": attribute, "value": value,
                                              "valid_at": datetime.now(timezone.utc), "known_at": None,
                                              "include_erased": False})
            return {"entities": [record.data() async for record in result]}

    return app


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(create_app(), host="127.0.0.1", port=int(sys.argv[1]), log_config=None, access_log=False)
