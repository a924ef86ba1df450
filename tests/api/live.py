"""The app served by a real uvicorn on a free loopback port, in a thread of the test process, for tests
that drive it from a subprocess (examples, `graphmem mcp` over stdio): the session's store, open mode."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn
from fastapi import FastAPI

from api.app import create_app
from graphmem.localdb import free_port
from graphmem.settings import Settings
from graphmem.store import Store

ROOT = Path(__file__).resolve().parents[2]  # subprocesses run this tree, not whatever is installed


@contextmanager
def serving(settings: Settings, store: Store, ready_timeout: float = 120.0,
            app: FastAPI | None = None) -> Iterator[str]:
    """The base URL of the running app (`app`, or one made from `settings`), once `/readyz` answers 200;
    stopped on exit."""
    port = free_port()
    config = uvicorn.Config(app or create_app(settings, store), host="127.0.0.1", port=port, log_config=None,
                            access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + ready_timeout
        while True:
            try:
                if httpx.get(f"{url}/readyz", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError(f"the app on {url} did not become ready")
            time.sleep(0.1)
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def child_env(url: str, namespace: str, **extra: str) -> dict[str, str]:
    """The environment of a subprocess calling the served app: this tree first on the path."""
    env = {**os.environ, "GRAPHMEM_URL": url, "GRAPHMEM_NAMESPACE": namespace, "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    env.pop("GRAPHMEM_API_KEY", None)
    env.update(extra)
    return env


PYTHON = sys.executable
