"""The circuit breaker that makes an unreachable Neo4j fail fast."""

from __future__ import annotations

import logging
import threading
import time

from graphmem.errors import StoreUnavailable

log = logging.getLogger("graphmem.store")


class Circuit:
    """Fail fast while Neo4j cannot be reached: opened when a call gives up on a lost connection, it
    refuses every call at once (`StoreUnavailable`, a 503 with Retry-After), except one per `interval`,
    let through as the probe (half-open); any answer from the server closes it."""

    def __init__(self, interval: float) -> None:
        self._interval = interval
        self._lock = threading.Lock()
        self._open = False
        self._next_probe = 0.0

    @property
    def is_open(self) -> bool:
        return self._open

    def admit(self) -> None:
        """Return when the call may go to Neo4j (closed, or this call is the probe); raise otherwise."""
        if not self._open:
            return
        with self._lock:
            now = time.monotonic()
            if self._open and now < self._next_probe:
                raise StoreUnavailable("Neo4j is unreachable; retry shortly")
            self._next_probe = now + self._interval  # this call is the probe; the next one waits

    def succeeded(self) -> None:
        if self._open:
            with self._lock:
                if self._open:
                    self._open = False
                    log.warning("Neo4j answers again: circuit closed")

    def failed(self) -> None:
        with self._lock:
            if not self._open:
                log.warning("Neo4j unreachable: circuit open, failing fast, one probe every %.1fs", self._interval)
            self._open = True
            self._next_probe = time.monotonic() + self._interval
