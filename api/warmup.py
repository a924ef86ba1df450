"""Warm-up before `/readyz` says ready: the embedding model loads in a background thread, then the text
pipeline, FastAPI's routes and Neo4j's plans of a turn's and a recall's statements are built, so the first
turn after ready costs what later ones do."""

from __future__ import annotations

import gc
import logging
import os
import threading
import time
from typing import Any

from fastapi import FastAPI

from graphmem.embedding import get_embedder
from graphmem.errors import StoreUnavailable
from graphmem.recall.warmup import warm_statements, warm_up
from graphmem.settings import Settings

log = logging.getLogger("graphmem.api")


class ModelWarmer:
    """Loads the embedding model in a background thread at start-up, so the service answers at once and the
    first stored turn does not pay the load; `/readyz` answers 503 (`model_loading`) until it is loaded and the
    rest of the first request's lazy costs are paid (`warm_up`, `warm_routes`)."""

    def __init__(self, settings: Settings, *, freeze: bool = False) -> None:
        self.settings = settings
        self.freeze = freeze  # the served process: what warm-up made is left out of later collections (`_freeze`)
        self.app: FastAPI | None = None  # set by create_app: its routes are warmed too
        self.loaded = threading.Event()
        self.error: str | None = None
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._warming = threading.Lock()  # held while the thread warms the app's routes and statements

    def start(self) -> None:
        self._stopped.clear()
        if self._thread is None:
            self._thread = threading.Thread(target=self._load, name="graphmem-model-warmup", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """The app stopped (or was refused): a load still running warms nothing of it when it ends, and a
        warm-up running now is waited for (at most `timeout` s) before the store is closed. Why: the thread
        outlived refused apps in the suite and called their closed drivers."""
        self._stopped.set()
        if self._warming.acquire(timeout=timeout):
            if self.freeze:  # what was frozen is collected at exit again: left frozen, the interpreter's end
                gc.unfreeze()  # frees none of it (triton's bindings print "leaked" lines on stderr)
            self._warming.release()

    def _load(self) -> None:
        quiet_progress_bars()
        started = time.perf_counter()
        try:
            embedder = get_embedder(self.settings)
            embedder.embed(["warm-up"])  # the single-text session (a turn, a query)
            embedder.embed(["warm-up", "a batch"])  # the batch session, else built by the first batch (0.2 s)
        except Exception as exc:  # readiness reports it; requests that embed fail with the real error
            self.error = f"{type(exc).__name__}: {exc}"
            log.error("the embedding model failed to load: %s", self.error)
            return
        try:  # ready means warm: the first turn should cost what the next ones do (issue #20)
            warm_up(self.settings)  # the text pipeline's lazy parts (identifier patterns, time words)
            with self._warming:
                if self.app is not None and not self._stopped.is_set():
                    warm_routes(self.app)
                    warm_statements(self.app.state.holder.connect())  # Neo4j plans a turn's and a recall's
        except Exception as exc:  # an optimisation: never what keeps the service from being ready
            log.warning("warm-up failed (%s: %s); the first requests pay it", type(exc).__name__, exc)
        with self._warming:  # `stop` waits for it: an app stopped meanwhile freezes nothing
            if self.freeze and not self._stopped.is_set():
                _freeze()
        self.loaded.set()
        log.info("embedding model loaded", extra={"ms": round((time.perf_counter() - started) * 1000)})

    def check(self, wait: float = 0.0) -> None:
        """Raises StoreUnavailable (503, Retry-After) until the model is loaded, waiting at most `wait` s."""
        if self.loaded.wait(wait):
            return
        if self.error is not None:
            raise StoreUnavailable(f"the embedding model failed to load: {self.error}", code="model_failed")
        raise StoreUnavailable("the embedding model is still loading; retry shortly", code="model_loading")


def _freeze() -> None:
    """Collect once, then move every object the process holds into the collector's permanent generation
    (`gc.freeze`), before the service says ready. Why: the model, the driver, the routes and the compiled patterns
    are half a million objects that live as long as the process, and a full collection traverses them all: 200-300
    ms, a stall of every request in flight, every few thousand requests. Frozen, a full collection sees only
    what requests made since. Only for a process that serves (`graphmem serve`): the objects frozen are not freed
    until the app stops (`ModelWarmer.stop` unfreezes them), which is right for what lives as long as the process
    and wrong for a test that builds many apps."""
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    log.info("warm-up objects frozen", extra={"objects": gc.get_freeze_count(),
                                              "ms": round((time.perf_counter() - started) * 1000)})


def warm_routes(app: FastAPI) -> None:
    """Let every router build its routes now. Why: FastAPI (0.16x) builds an included router's routes (their
    dependants, pydantic adapters) on the first request it matches, which cost the first turn after `/readyz`
    about 110 ms (measured with yappi). `matches` on a path no route has walks every router; it is Starlette's
    public routing call, and costs nothing where routes are built eagerly."""
    scope: dict[str, Any] = {"type": "http", "method": "GET", "path": "/__graphmem-warm-up__", "root_path": "",
                             "headers": [], "query_string": b""}
    for route in app.router.routes:
        try:
            route.matches(scope)
        except Exception:  # noqa: BLE001 - warming is an optimisation; the request itself reports errors
            log.debug("route warm-up: %r", route, exc_info=True)


def quiet_progress_bars() -> None:
    """No tqdm bar ("Loading weights") inside the JSON log: Hugging Face's bars off for this process."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        return
    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
