"""`graphmem bench client`: what the Python client adds over raw httpx, on the same calls, in one run.

Why: the client (graphmem_client) is what agents, the MCP server and the examples call; its headers,
retry loop and error decoding must stay cheap next to the request itself. The REST app runs here on a
free 127.0.0.1 port (uvicorn in a thread, the configured Neo4j), and the same exact lookup and the same
recall are sent `--calls` times each, alternating client and raw httpx (one connection each), so both
see the same server, cache and machine load. Prints p50/p99 of each and the client's p50 overhead.
The namespace is purged at the end.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from typing import Any
from uuid import uuid4

import click
import httpx

from graphmem.settings import load_settings
from graphmem.store import open_store, purge_namespace


def _pct(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000


@click.command()
@click.option("--calls", default=300, show_default=True, help="calls per method and side")
def command(calls: int) -> None:
    """p50/p99 of client calls beside raw httpx calls on the same endpoints."""
    import uvicorn

    from api.app import create_app
    from graphmem.localdb import free_port
    from graphmem_client import Client

    settings = load_settings().model_copy(update={"open": True})
    ns = f"bench-client-{uuid4().hex[:8]}"
    port = free_port()
    with open_store(settings) as store:
        server = uvicorn.Server(uvicorn.Config(create_app(settings, store), host="127.0.0.1", port=port,
                                               log_config=None, access_log=False))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{port}"
        try:
            with Client(base, namespace=ns) as client, httpx.Client(base_url=base, timeout=30) as raw:
                client.wait_ready(timeout=300)
                client.put_entity("CU-1", type="customer", attributes={"email": "ana@example.org"})
                client.post_turn("s", "Ana asked about order ORD-7 and her email ana@example.org")
                cases: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {
                    "lookup": (lambda: client.lookup("email", "ana@example.org"),
                               lambda: raw.get(f"/v1/{ns}/lookup",
                                               params={"attribute": "email", "value": "ana@example.org"}).json()),
                    "recall": (lambda: client.recall("what is the email of CU-1?"),
                               lambda: raw.post(f"/v1/{ns}/recall", json={"query": "what is the email of CU-1?"}).json()),
                }
                for name, (ours, theirs) in cases.items():
                    for _ in range(10):  # warm both paths
                        ours()
                        theirs()
                    mine: list[float] = []
                    plain: list[float] = []
                    for _ in range(calls):
                        for fn, out in ((ours, mine), (theirs, plain)):
                            started = time.perf_counter()
                            fn()
                            out.append(time.perf_counter() - started)
                    diffs = [(a - b) * 1000 for a, b in zip(mine, plain)]
                    click.echo(f"{name}: client p50 {_pct(mine, 50):.2f} ms p99 {_pct(mine, 99):.2f} ms | raw httpx "
                               f"p50 {_pct(plain, 50):.2f} ms p99 {_pct(plain, 99):.2f} ms | client overhead "
                               f"p50 {_pct(mine, 50) - _pct(plain, 50):+.2f} ms (median paired "
                               f"{statistics.median(diffs):+.2f} ms)")
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            purge_namespace(store, ns)
