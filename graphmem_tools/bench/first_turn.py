"""`graphmem bench first_turn`: how long a freshly started `graphmem serve` takes to answer its first turn.

Starts `graphmem serve --open` as a subprocess on a free loopback port (the configured Neo4j, NEO4J_URI or
the managed one; the same GRAPHMEM_HOME, so the exported ONNX model is reused), polls `/healthz` and
`/readyz` every 20 ms, and the moment `/readyz` answers 200 posts a turn to a fresh namespace, then a
second turn, then two recalls, timing each. Printed per run: seconds from spawn to listening and to
ready, and the first and second turn and recall after ready (the issue this measures: the first turn
took 32 s because the model loaded on first use). It also counts the lines of the server's stderr that
are not JSON log records (a progress bar from a model loader would be one). The namespace is purged and
the server stopped after each run.
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from uuid import uuid4

import click
import httpx

from graphmem.localdb import free_port

WARM = 30  # turns posted after the first ones, whose p50 is the warm figure


def _timed(fn: Callable[[], httpx.Response]) -> float:
    started = time.perf_counter()
    response = fn()
    took = time.perf_counter() - started
    if not response.is_success:
        raise click.ClickException(f"{response.request.method} {response.request.url.path}: "
                                   f"{response.status_code} {response.text[:300]}")
    return took


def _not_json(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        if not line.strip():
            continue
        try:
            json.loads(line)
        except ValueError:
            out.append(line)
    return out


def one_run(timeout: float) -> dict[str, float | list[str]]:
    port = free_port()
    env = {**os.environ, "GRAPHMEM_OPEN": "true", "PYTHONUNBUFFERED": "1"}
    ns = f"bench-first-turn-{uuid4().hex[:8]}"
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "graphmem_tools", "serve", "--open", "--host", "127.0.0.1",
                                 "--port", str(port)], env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        out: dict[str, float | list[str]] = {}
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as http:
                while "ready" not in out:
                    if proc.poll() is not None:
                        log.seek(0)
                        raise click.ClickException(f"graphmem serve exited {proc.returncode}:\n{log.read()[-2000:]}")
                    if time.perf_counter() - started > timeout:
                        raise click.ClickException(f"not ready within {timeout:.0f}s")
                    try:
                        if "listening" not in out and http.get("/healthz").status_code == 200:
                            out["listening"] = time.perf_counter() - started
                        if "listening" in out and http.get("/readyz").status_code == 200:
                            out["ready"] = time.perf_counter() - started
                            break
                    except httpx.TransportError:
                        pass
                    time.sleep(0.02)
                turn = {"text": "Hi, my order ORD-48213 has not arrived in Lyon.", "speaker": "Ana"}
                out["turn1"] = _timed(lambda: http.post(f"/v1/{ns}/sessions/s1/turns", json=turn))
                out["turn2"] = _timed(lambda: http.post(f"/v1/{ns}/sessions/s1/turns",
                                                        json={**turn, "text": "It was due on Monday."}))
                out["recall1"] = _timed(lambda: http.post(f"/v1/{ns}/recall",
                                                          json={"query": "where is ORD-48213?", "session": "s1"}))
                out["recall2"] = _timed(lambda: http.post(f"/v1/{ns}/recall",
                                                          json={"query": "when was it due?", "session": "s1"}))
                warm = sorted(_timed(lambda: http.post(f"/v1/{ns}/sessions/s2/turns",
                                                       json={**turn, "text": f"Warm turn number {i}."}))
                              for i in range(WARM))
                out["warm"] = warm[len(warm) // 2]  # the p50 of a warm server's turns, same connection
            _purge(ns)
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.seek(0)
            out["stray"] = _not_json(log.read().splitlines())
    return out


def _purge(ns: str) -> None:
    from graphmem.settings import load_settings
    from graphmem.store import open_store, purge_namespace

    with open_store(load_settings(), apply_schema=False) as store:
        purge_namespace(store, ns)


@click.command(name="first_turn")
@click.option("--runs", default=1, show_default=True, help="fresh starts, one after the other")
@click.option("--timeout", default=300.0, show_default=True, help="seconds to wait for /readyz")
def command(runs: int, timeout: float) -> None:
    """Seconds from a fresh `graphmem serve` to ready, then to its first stored turn and first recall."""
    firsts: list[float] = []
    warms: list[float] = []
    for run in range(1, runs + 1):
        r = one_run(timeout)
        click.echo(f"run {run}: listening {r['listening']:.1f}s, ready {r['ready']:.1f}s after spawn | after ready: "
                   f"first turn {r['turn1'] * 1000:.0f} ms (second {r['turn2'] * 1000:.0f} ms), first recall "
                   f"{r['recall1'] * 1000:.0f} ms (second {r['recall2'] * 1000:.0f} ms)")
        first, warm = r["turn1"], r["warm"]
        assert isinstance(first, float) and isinstance(warm, float)
        firsts.append(first)
        warms.append(warm)
        click.echo(f"  warm turn p50 ({WARM} more turns) {warm * 1000:.0f} ms: first turn / warm p50 = "
                   f"{first / warm:.2f} (goal <= 2)")
        stray = r["stray"]
        assert isinstance(stray, list)
        click.echo(f"  server stderr lines that are not JSON log records: {len(stray)}"
                   + "".join(f"\n    {line[:160]}" for line in stray[:5]))
    if runs > 1:  # the goal (issue #20) is on the p50 over fresh starts
        first_p50, warm_p50 = statistics.median(firsts), statistics.median(warms)
        click.echo(f"over {runs} runs: first turn p50 {first_p50 * 1000:.0f} ms, warm turn p50 {warm_p50 * 1000:.0f} ms: "
                   f"ratio {first_p50 / warm_p50:.2f} (goal <= 2)")
