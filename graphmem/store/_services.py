"""`Services`: what a store's channels share besides the driver, in one object.

The settings (and the identifier registry they define), the objects a channel keeps for one store's life (a
tuner, a cache, a background writer), its thread pools and the work to finish before the driver closes. They
used to be four separate things fetched from `Store` (`store.settings`, `store.state`, `store.executor`,
`store.on_close`), which made the store a holder of everything; now `Store` runs statements, and a channel
takes what it shares from `store.services`. A `Services` can be built and closed without a driver: the rules
below are tested without Neo4j (tests/unit/test_services.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from graphmem.bookmarks import CarryingPool
from graphmem.identifiers import Registry, registry_for
from graphmem.settings import Settings

log = logging.getLogger("graphmem.store")
T = TypeVar("T")


class Services:
    """The settings, per-store state, pools and close hooks of one store."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._state: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._before_close: list[Callable[[], None]] = []

    @property
    def registry(self) -> Registry:
        """The identifier registry of these settings (built-in kinds plus GRAPHMEM_IDENTIFIER_PATTERNS): what
        normalises a value on write and on lookup, so that both agree (one cache: `registry_for`)."""
        return registry_for(self.settings.identifier_patterns, self.settings.phone_region)

    def state(self, name: str, factory: Callable[[], T]) -> T:
        """The object a channel keeps for this store (a tuner, a cache, a background writer), made once.

        Process-wide globals keyed by `id(store)` outlived their store and mixed two stores that
        happened to share an id; state kept here lives and dies with the store it describes.
        """
        with self._lock:
            if name not in self._state:
                self._state[name] = factory()
            return self._state[name]  # type: ignore[no-any-return]

    def executor(self, name: str, workers: int) -> CarryingPool:
        """A thread pool of this store's (shut down when the store closes), one per name; its tasks read
        after the submitting request's bookmarks."""
        def make() -> CarryingPool:
            pool = CarryingPool(max_workers=workers, thread_name_prefix=f"graphmem-{name}")
            self._before_close.append(lambda: pool.shutdown(wait=True, cancel_futures=False))
            return pool
        return self.state(f"executor:{name}", make)

    def on_close(self, callback: Callable[[], None]) -> None:
        """Run `callback` before the driver closes (background writers finish their work first)."""
        if callback not in self._before_close:
            self._before_close.append(callback)

    def close(self) -> None:
        """Run the close hooks in the order they were registered; a hook's trouble never stops the others."""
        for callback in self._before_close:
            try:
                callback()
            except Exception as exc:  # closing must not fail on a helper's trouble
                log.debug("before-close callback failed: %s", exc)
