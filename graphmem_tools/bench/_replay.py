"""The service with no Neo4j round trip on its read path, for `graphmem bench round_trips`: `graphmem serve`'s app
(its JSON request log included) on a store that holds its reads while recording and, in memory mode, returns a
held read's rows without Neo4j: same statement, same parameters, an instant within NOW_SLACK of the clock
standing for "now" (it moves between two asks; an explicit time is part of the key).

Why: issue 31 asks /recall on a name question to be 10x faster than Graphiti's search, and every exact answer
needs at least one read of Neo4j. The smallest served p50 that any design keeping the facts in the process
could reach is this one: every read already answered, the rest of the service as it is. In memory mode, reads
through `read_tx` and `stream` and reads not held go to Neo4j and are counted; writes (the answer log) go to
Neo4j as always, uncounted.

Not a product endpoint: 127.0.0.1 only, with two routes of its own: `POST /__bench/reads/{record|neo4j|memory}`
switches (record: read Neo4j and hold; neo4j: read Neo4j, hold nothing) and says how many reads are held;
`GET /__bench/trips` says how many reads went to Neo4j since the switch. Run:
`python -m graphmem_tools.bench._replay PORT` with NEO4J_URI (and the usual NEO4J_* settings) in the environment.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from typing import Any, Literal, TypeVar

from graphmem.store import Row, Store, Tx, connection_for

T = TypeVar("T")
Mode = Literal["record", "neo4j", "memory"]
NOW_SLACK = timedelta(minutes=10)  # an instant this close to the clock is "now" in a read's key


def _keyed(value: Any, now: datetime) -> Any:
    """A parameter as the key holds it: an instant near the clock (a datetime, or the ISO text of one) is "now"."""
    at = value
    if isinstance(value, str) and 19 <= len(value) <= 40 and value[:4].isdigit() and value[4:5] == "-":
        try:
            at = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    if isinstance(at, datetime) and at.tzinfo is not None and abs(at - now) < NOW_SLACK:
        return "<now>"
    return value


class ReplayStore(Store):
    """A store whose reads are held while recording; in memory mode a held read is answered without Neo4j."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.mode: Mode = "record"
        self.held: dict[tuple[str, str], list[Row]] = {}
        self.trips = 0  # reads that went to Neo4j in memory mode
        self._count = threading.Lock()

    def read(self, name: str, **params: Any) -> list[Row]:
        if self.mode == "neo4j":
            return super().read(name, **params)
        now = datetime.now(timezone.utc)
        key = (name, repr(sorted((k, repr(_keyed(v, now))) for k, v in params.items())))
        if self.mode == "memory":
            found = self.held.get(key)
            if found is not None:
                return found
            self._trip()
            return super().read(name, **params)
        rows = super().read(name, **params)
        self.held[key] = rows
        return rows

    def read_tx(self, work: Callable[[Tx], T]) -> T:
        self._trip()
        return super().read_tx(work)

    def stream(self, name: str, **params: Any) -> Iterator[Row]:
        self._trip()
        return super().stream(name, **params)

    def _trip(self) -> None:
        if self.mode == "memory":
            with self._count:
                self.trips += 1


def create_app() -> Any:
    from api.app import create_app as service_app
    from api.logs import configure
    from graphmem.settings import load_settings

    settings = load_settings()
    configure(settings.log_level)  # as `graphmem serve`: a JSON line per request
    if not settings.neo4j_uri:
        raise SystemExit("the replay app needs NEO4J_URI (bench round_trips sets it)")
    uri, auth = connection_for(settings)
    store = ReplayStore(settings, uri, auth)
    app = service_app(settings, store, serving=True)  # as `graphmem serve`

    @app.post("/__bench/reads/{mode}", include_in_schema=False)
    def switch(mode: Mode) -> dict[str, int]:
        store.mode, store.trips = mode, 0
        return {"held": len(store.held)}

    @app.get("/__bench/trips", include_in_schema=False)
    def trips() -> dict[str, int]:
        return {"trips": store.trips}

    return app


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(create_app(), host="127.0.0.1", port=int(sys.argv[1]), log_config=None, access_log=False)
