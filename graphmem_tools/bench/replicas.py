"""`graphmem bench replicas`: two `graphmem serve` processes on one Neo4j under concurrent load, against one.

Issue #23: any number of replicas must give the same answers as one, and a client that sends back the
`Graphmem-Bookmark` header a write answered must read its own write on any replica. Two API processes are
started on free 127.0.0.1 ports (the configured Neo4j; the second one through `neo4j://`, the driver's
routing). Then, once against one replica and once against both, `--writers` threads each run `--ops`
steps, alternating two kinds: change a fact of the writer's own entity (POST /facts: each change closes a
version and writes one) and post a turn to the writer's own session. Each step writes on one replica and
reads it back from the other (on one replica: the same one), with the header; the answer must show the
write (the value just asserted; the turn at the window's end). The same read without the header is counted
too, as a control: on one Neo4j server every read sees every committed write, so there both show 100 %;
the header is what keeps it so on a cluster whose followers lag, which this machine cannot run. Afterwards every entity and window is read
from each replica: both must answer the same, and what was last written. Loops are bounded; the processes
stop and both namespaces are purged at the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from uuid import uuid4

import click
import httpx

from graphmem.bookmarks import HEADER
from graphmem.localdb import free_port
from graphmem.settings import load_settings
from graphmem.store import connection_for, open_store, purge_namespace
from graphmem_tools.bench.temporal import pct


@dataclass
class Tally:
    steps: int = 0
    errors: list[str] = field(default_factory=list)
    own_write_read: int = 0  # reads (with the header) that showed the write
    plain_read: int = 0  # the same read without the header (a control: on one Neo4j server it sees it too)
    write_s: list[float] = field(default_factory=list)
    read_s: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def routed(uri: str) -> str:
    """The `neo4j://` (routing) form of a `bolt://` URI."""
    scheme, rest = uri.split("://", 1)
    return f"{'neo4j+s' if scheme in ('bolt+s', 'neo4j+s') else 'neo4j'}://{rest}"


@contextmanager
def serving(uris: list[str], auth: tuple[str, str] | None, timeout: float = 300.0) -> Iterator[list[str]]:
    """`graphmem serve --open` processes, one per Neo4j URI (with these credentials), ready; their base URLs."""
    procs: list[tuple[subprocess.Popen[bytes], Any]] = []
    urls: list[str] = []
    try:
        for uri in uris:
            port = free_port()
            log = tempfile.TemporaryFile()
            env = {**os.environ, "NEO4J_URI": uri, "GRAPHMEM_OPEN": "true"}
            if auth is not None:
                env.update(NEO4J_USER=auth[0], NEO4J_PASSWORD=auth[1])
            proc = subprocess.Popen([sys.executable, "-m", "graphmem_tools", "serve", "--open", "--host", "127.0.0.1",
                                     "--port", str(port)], env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
            procs.append((proc, log))
            urls.append(f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + timeout
        for (proc, log), url in zip(procs, urls):
            while True:
                if proc.poll() is not None:
                    log.seek(0)
                    raise click.ClickException(f"a replica exited {proc.returncode}: {log.read()[-2000:]!r}")
                try:
                    if httpx.get(f"{url}/readyz", timeout=2.0).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    raise click.ClickException(f"{url} not ready within {timeout:.0f}s")
                time.sleep(0.2)
        yield urls
    finally:
        for proc, _ in procs:
            proc.send_signal(signal.SIGINT)
        for proc, log in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()


def _writer(urls: list[str], ns: str, w: int, ops: int, tally: Tally, auth: dict[str, str]) -> None:
    clients = [httpx.Client(base_url=u, timeout=60.0, headers=auth) for u in urls]
    try:
        made = clients[0].put(f"/v1/{ns}/entities/E-{w}", json={"type": "counter"})
        if made.status_code >= 300:
            with tally.lock:
                tally.errors.append(f"PUT /v1/{ns}/entities/E-{w}: {made.status_code} {made.text[:200]}")
            return
        last = made.headers.get(HEADER)  # sent on every later request, as graphmem_client does
        for i in range(ops):
            write, read = clients[i % len(clients)], clients[(i + 1) % len(clients)]
            if i % 2 == 0:
                path, body = f"/v1/{ns}/facts", {"entity": f"E-{w}", "attribute": "counter", "value": i}
                check_path = f"/v1/{ns}/entities/E-{w}"

                def shows(a: dict[str, Any], i: int = i) -> bool:
                    return bool(a.get("attributes", {}).get("counter") == i)
            else:
                path, body = f"/v1/{ns}/sessions/s-{w}/turns", {"text": f"writer {w} says step {i}", "speaker": f"W{w}"}
                check_path = f"/v1/{ns}/sessions/s-{w}/window"

                def shows(a: dict[str, Any], i: int = i) -> bool:
                    turns = a.get("turns") or []
                    return bool(turns) and turns[-1].get("text") == f"writer {w} says step {i}"
            started = time.perf_counter()
            r = write.post(path, json=body, headers={HEADER: last} if last else {})
            wrote = time.perf_counter()
            if r.status_code >= 300:
                with tally.lock:
                    tally.errors.append(f"POST {path}: {r.status_code} {r.text[:200]}")
                continue
            token = last = r.headers.get(HEADER) or last
            got = read.get(check_path, headers={HEADER: token} if token else {})
            done = time.perf_counter()
            plain = read.get(check_path)
            with tally.lock:
                tally.steps += 1
                tally.write_s.append(wrote - started)
                tally.read_s.append(done - wrote)
                if got.status_code != 200:
                    tally.errors.append(f"GET {check_path}: {got.status_code} {got.text[:200]}")
                elif token and shows(got.json()):
                    tally.own_write_read += 1
                if plain.status_code == 200 and shows(plain.json()):
                    tally.plain_read += 1
    finally:
        for c in clients:
            c.close()


def _final(urls: list[str], ns: str, writers: int, ops: int, auth: dict[str, str]) -> tuple[int, int]:
    """(entities and windows whose answers differ between replicas, those not showing the last write)."""
    differ = wrong = 0
    last_fact = max(i for i in range(ops) if i % 2 == 0)
    last_turn = max((i for i in range(ops) if i % 2 == 1), default=None)
    with httpx.Client(timeout=60.0, headers=auth) as http:
        for w in range(writers):
            # what was stored, not the instant of the read (`valid_at` of a read "now" differs by replica)
            entity = [{k: v for k, v in http.get(f"{u}/v1/{ns}/entities/E-{w}").json().items()
                       if k in ("attributes", "facts")} for u in urls]
            window = [{"turns": http.get(f"{u}/v1/{ns}/sessions/s-{w}/window").json().get("turns")} for u in urls]
            differ += any(e != entity[0] for e in entity) + any(x != window[0] for x in window)
            wrong += entity[0].get("attributes", {}).get("counter") != last_fact
            if last_turn is not None:
                turns = window[0].get("turns") or [{}]
                wrong += turns[-1].get("text") != f"writer {w} says step {last_turn}"
    return differ, wrong


def run_phase(urls: list[str], ns: str, writers: int, ops: int,
              auth: dict[str, str] | None = None) -> tuple[Tally, float, tuple[int, int]]:
    """The load against `urls` (one or more replicas): the tally, its seconds, and `_final`'s counts."""
    tally = Tally()
    auth = auth or {}
    threads = [threading.Thread(target=_writer, args=(urls, ns, w, ops, tally, auth)) for w in range(writers)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return tally, time.perf_counter() - started, _final(urls, ns, writers, ops, auth)


@click.command(name="replicas")
@click.option("--writers", default=8, show_default=True, help="concurrent writer threads")
@click.option("--ops", default=60, show_default=True, help="write-then-read steps per writer (bounded)")
def command(writers: int, ops: int) -> None:
    """One replica against two: read-your-writes with the bookmark header, same answers, latency."""
    if ops < 2:
        raise click.BadParameter("at least 2 (a fact and a turn)", param_hint="--ops")
    settings = load_settings()
    uri, auth = connection_for(settings)
    run = uuid4().hex[:8]
    names = {1: f"bench-replicas-one-{run}", 2: f"bench-replicas-two-{run}"}
    with serving([uri, routed(uri)], auth) as urls:
        click.echo(f"replicas: {urls[0]} ({uri}) and {urls[1]} ({routed(uri)}); {writers} writers x {ops} steps each")
        try:
            for count, ns in names.items():
                tally, seconds, (differ, wrong) = run_phase(urls[:count], ns, writers, ops)
                label = "one replica " if count == 1 else "two replicas"
                ryw = tally.own_write_read / tally.steps if tally.steps else 0.0
                plain = tally.plain_read / tally.steps if tally.steps else 0.0
                click.echo(f"{label}: {tally.steps} steps in {seconds:.1f}s ({tally.steps / seconds:.0f} steps/s), "
                           f"errors {len(tally.errors)}; read-your-write with the header {ryw:.1%} (without it "
                           f"{plain:.1%})" + (f"; write p50 {pct(tally.write_s, 50):.1f} ms p99 "
                                               f"{pct(tally.write_s, 99):.1f} ms, read p50 {pct(tally.read_s, 50):.1f}"
                                               f" ms p99 {pct(tally.read_s, 99):.1f} ms" if tally.steps else ""))
                click.echo(f"  final answers: differing between replicas {differ}, not the last write {wrong} "
                           f"(of {2 * writers})" + "".join(f"\n  error: {e}" for e in tally.errors[:5]))
        finally:
            with open_store(settings, apply_schema=False) as store:
                for ns in names.values():
                    purge_namespace(store, ns)
