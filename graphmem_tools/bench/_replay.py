"""The service with no Neo4j round trip on its read path, for `graphmem bench round_trips`: `graphmem serve`'s app
on a store whose `read`, once switched to memory, returns what the same statement with the same parameters (its
instants aside: "now" moves between two asks) returned when it last went to Neo4j.

Why: issue 31 asks /recall on a name question to be 10x faster than Graphiti's search, and every exact answer
needs at least one read of Neo4j. The smallest served p50 that any design keeping the facts in the process
could reach is this one: every read already answered, the rest of the service as it is. Reads through
`read_tx` and `stream`, and writes (the answer log), still go to Neo4j; the server counts them.

Not a product endpoint: 127.0.0.1 only, with one route of its own, `POST /__bench/reads/{neo4j|memory}`, which
switches and says how many reads are held and how many went to Neo4j while in memory mode. Run:
`python -m graphmem_tools.bench._replay PORT` with NEO4J_URI (and the usual NEO4J_* settings) in the environment.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, Literal, TypeVar

from graphmem.store import Row, Store, Tx, connection_for

T = TypeVar("T")
#: parameters that carry "now" (or an instant derived from it): left out of the key, the data does not change
INSTANTS = frozenset({"now", "at", "valid_at", "known_at", "since", "until"})


class ReplayStore(Store):
    """A store whose reads are held; in memory mode a held read is answered without Neo4j."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.memory_mode = False
        self.held: dict[tuple[str, str], list[Row]] = {}
        self.trips = 0  # reads that went to Neo4j in memory mode
        self._count = threading.Lock()

    def read(self, name: str, **params: Any) -> list[Row]:
        key = (name, repr(sorted((k, repr(v)) for k, v in params.items() if k not in INSTANTS)))
        if self.memory_mode:
            found = self.held.get(key)
            if found is not None:
                return found
            self._trip()
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
        if self.memory_mode:
            with self._count:
                self.trips += 1


def create_app() -> Any:
    from api.app import create_app as service_app
    from graphmem.settings import load_settings

    settings = load_settings()
    if not settings.neo4j_uri:
        raise SystemExit("the replay app needs NEO4J_URI (bench round_trips sets it)")
    uri, auth = connection_for(settings)
    store = ReplayStore(settings, uri, auth)
    app = service_app(settings, store)

    @app.post("/__bench/reads/{mode}", include_in_schema=False)
    def switch(mode: Literal["neo4j", "memory"]) -> dict[str, int]:
        store.memory_mode, store.trips = mode == "memory", 0
        return {"held": len(store.held)}

    @app.get("/__bench/trips", include_in_schema=False)
    def trips() -> dict[str, int]:
        return {"trips": store.trips}

    return app


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(create_app(), host="127.0.0.1", port=int(sys.argv[1]), log_config=None, access_log=False)
