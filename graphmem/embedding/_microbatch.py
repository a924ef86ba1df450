"""Micro-batching of concurrent embed calls (`graphmem.embedding.Embedder.embed_shared`), moved out of
`embedding` as it grew: whoever finds the model idle runs at once; callers arriving meanwhile queue, and
the first of them runs them all in one call."""

from __future__ import annotations

import threading
import time
from typing import Any


class _Ask:
    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.ready = threading.Event()
        self.lead = False
        self.vectors: list[list[float]] | None = None
        self.error: BaseException | None = None


class MicroBatcher:
    """Leader/follower batching of concurrent embed calls (see `graphmem.embedding.Embedder.embed_shared`)."""

    MAX_TEXTS = 256  # one model call holds at most this many texts (a caller's own batch may exceed it)

    def __init__(self, run: Any) -> None:
        self._run = run
        self._lock = threading.Lock()
        self._queue: list[_Ask] = []
        self._busy = False
        self._last = 0.0  # monotonic time the last shared call finished (see `idle_for`)

    def embed(self, texts: list[str]) -> list[list[float]]:
        ask = _Ask(texts)
        with self._lock:
            if self._busy:
                self._queue.append(ask)
            else:
                self._busy = ask.lead = True
        if not ask.lead:
            ask.ready.wait()
        if ask.vectors is None and ask.error is None:  # woken to lead: run the queue, this caller first
            self._lead(ask)
        if ask.error is not None:
            raise ask.error
        assert ask.vectors is not None
        return ask.vectors

    def idle_for(self) -> float:
        """Seconds since the last shared call finished; 0.0 while one runs."""
        with self._lock:
            return 0.0 if self._busy else time.monotonic() - self._last

    def _lead(self, ask: _Ask) -> None:
        with self._lock:
            batch, size = [ask], len(ask.texts)
            while self._queue and size + len(self._queue[0].texts) <= self.MAX_TEXTS:
                size += len(self._queue[0].texts)
                batch.append(self._queue.pop(0))
        try:
            vectors = self._run([t for a in batch for t in a.texts])
            at = 0
            for a in batch:
                a.vectors, at = vectors[at:at + len(a.texts)], at + len(a.texts)
        except BaseException as exc:
            for a in batch:
                a.error = exc
        finally:
            with self._lock:  # hand the model to the next waiter, or mark it idle
                nxt = self._queue.pop(0) if self._queue else None
                self._busy = nxt is not None
                self._last = time.monotonic()
            if nxt is not None:
                nxt.lead = True
                nxt.ready.set()
            for a in batch[1:]:
                a.ready.set()
