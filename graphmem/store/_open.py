"""Opening a store: the URI and credentials (NEO4J_URI, or the managed local server), ping, schema."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from graphmem.errors import StoreUnavailable
from graphmem.settings import Settings
from graphmem.store._schema import apply_schema as apply_store_schema
from graphmem.store._schema import use_recorded_slot
from graphmem.store._store import Store


def connection_for(settings: Settings) -> tuple[str, tuple[str, str] | None]:
    """The URI and auth to use: NEO4J_URI when set, else the managed local server (started if needed)."""
    if settings.neo4j_uri:
        pw = settings.neo4j_password.get_secret_value() if settings.neo4j_password else None
        return settings.neo4j_uri, ((settings.neo4j_user, pw) if pw is not None else None)
    from graphmem.localdb import LocalNeo4j

    info = LocalNeo4j(settings).start()
    return info.bolt_uri, (info.user, info.password)


@contextmanager
def open_store(settings: Settings, *, apply_schema: bool = True, wait: float = 60.0) -> Iterator[Store]:
    """Connect (starting the managed server when no URI is set), apply the schema, close on exit."""
    uri, auth = connection_for(settings)
    store = Store(settings, uri, auth)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                store.ping()
                break
            except StoreUnavailable:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        if apply_schema:
            apply_store_schema(store)
        else:
            use_recorded_slot(store)
        yield store
    finally:
        store.close()
