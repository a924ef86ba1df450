"""The one Neo4j driver factory: every driver the project makes comes from `open_driver`.

The store's driver, the managed server's readiness probe (`graphmem.localdb`) and the benchmarks' raw
baselines get the same options from the same settings, and the auth they are handed: `Store.auth` or
`connection_for(settings)`, never rebuilt from the settings alone (the managed server's password is not
in them). It lives beside `store.py` rather than in it because `localdb` needs it and the store starts
`localdb`: defined in either one, the two would import each other. `graphmem.store` re-exports it.
"""

from __future__ import annotations

from typing import Any, Literal, overload

import neo4j

from graphmem.settings import Settings


@overload
def open_driver(uri: str, auth: tuple[str, str] | None, settings: Settings, *,
                asynchronous: Literal[False] = False, **overrides: Any) -> neo4j.Driver: ...
@overload
def open_driver(uri: str, auth: tuple[str, str] | None, settings: Settings, *,
                asynchronous: Literal[True], **overrides: Any) -> neo4j.AsyncDriver: ...
def open_driver(uri: str, auth: tuple[str, str] | None, settings: Settings, *,
                asynchronous: bool = False, **overrides: Any) -> neo4j.Driver | neo4j.AsyncDriver:
    """A driver for `uri` with `auth` and the settings' options; `overrides` replace single options
    (the readiness probe's short connection timeout). `asynchronous` makes the asyncio driver."""
    options: dict[str, Any] = {
        "max_transaction_retry_time": settings.neo4j_max_retry_time,
        # short, so that an unreachable server is a 503 within ~2 s rather than a 30 s wait (the
        # store's own retries and circuit do the rest; see `graphmem.store`)
        "connection_acquisition_timeout": settings.neo4j_acquisition_timeout,
        "connection_timeout": settings.neo4j_connection_timeout,
        # "property key does not exist yet" notices on a fresh database are noise, not faults
        "notifications_disabled_categories": ["UNRECOGNIZED"],
        **overrides,
    }
    if asynchronous:
        return neo4j.AsyncGraphDatabase.driver(uri, auth=auth, **options)
    return neo4j.GraphDatabase.driver(uri, auth=auth, **options)
