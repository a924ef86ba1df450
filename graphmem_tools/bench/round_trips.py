"""`graphmem bench round_trips`: what `/recall` on the names eval's questions costs served, as deployed and with
no Neo4j round trip on its read path, beside the HTTP stack alone and (with --graphiti) Graphiti's search.

Issue 31 asks name questions through `/recall` at 10x Graphiti's speed: a served p50 of a tenth of Graphiti's.
Every exact answer reads Neo4j at least once (one round trip is 0.8-1 ms on this machine), so the question is
what a design that kept the facts in the process could reach. This bench measures its bound rather than
guessing it: `graphmem serve`'s app on a store that answers a read it has already made from memory
(`graphmem_tools.bench._replay`, switched per round), the rest of the service unchanged, over loopback HTTP in
its own process. A first round makes every read once and holds it; then rounds alternate: reads from Neo4j (as
deployed), reads from memory (the reads a round still sends to Neo4j are counted and printed); `GET /healthz` between
them is the service's HTTP stack with no work at all. Every answer is judged as `graphmem eval names` judges it,
so a fast wrong answer shows. The namespaces are purged at the end.
"""

from __future__ import annotations

import http.client
import json
import logging
import statistics
import time
import uuid
from collections import defaultdict
from contextlib import closing
from datetime import datetime, timezone

import click

from graphmem_tools.bench._percentile import pct

PERCENTILES = (50, 90)


@click.command("round_trips")
@click.option("--rounds", type=click.IntRange(1, 20), default=2, show_default=True,
              help="rounds of each mode (every question once per round), alternating")
@click.option("--graphiti", "with_graphiti", is_flag=True,
              help="also ask Graphiti's hybrid fact search the same questions (as `graphmem eval names --graphiti`)")
def command(rounds: int, with_graphiti: bool) -> None:
    """Served /recall p50 on the 994 name questions: reads from Neo4j vs from memory (the bound of no round trip)."""
    import httpx

    from graphmem.settings import load_settings
    from graphmem.store import open_store, purge_namespace
    from graphmem_tools.evals._names_set import WORLDS
    from graphmem_tools.evals.names import ask_graphiti, judge, questions_asked, store_world
    from graphmem_tools.service import RestServer

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    now = datetime.now(timezone.utc)
    asked, _ = questions_asked(WORLDS, now)
    run = uuid.uuid4().hex[:6]
    ms: dict[str, list[float]] = defaultdict(list)
    right: dict[str, list[bool]] = defaultdict(list)
    trips: dict[str, int] = defaultdict(int)
    settings = load_settings()
    with open_store(settings) as store, RestServer(settings, replay=True) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{server.port}", timeout=120.0) as client, \
            closing(http.client.HTTPConnection("127.0.0.1", server.port, timeout=120.0)) as conn:
        try:
            for world in WORLDS:
                store_world(client, f"bench-trips-{world.name}-{run}", world)
            time.sleep(2.0)  # the name copies and the warm-up settle (both in the background)

            def ask_all(mode: str, timed: bool) -> None:
                client.post(f"/__bench/reads/{mode}").raise_for_status()
                for world, _, question in asked:
                    started = time.perf_counter()
                    status, raw = call(conn, "POST", f"/v1/bench-trips-{world.name}-{run}/recall",
                                       json.dumps({"query": question.query}))
                    elapsed = (time.perf_counter() - started) * 1000
                    if status != 200:
                        raise click.ClickException(f"recall {question.query!r}: {status} {raw[:300]!r}")
                    if timed:
                        ms[mode].append(elapsed)
                        answer = json.loads(raw)
                        right[mode].append(judge(question, answer["context"], answer["route"]))
                    started = time.perf_counter()
                    status, raw = call(conn, "GET", "/healthz")
                    if status != 200:
                        raise click.ClickException(f"/healthz: {status} {raw[:300]!r}")
                    if timed:
                        ms["healthz"].append((time.perf_counter() - started) * 1000)
                if timed:
                    trips[mode] += client.get("/__bench/trips").json()["trips"]

            ask_all("record", timed=False)  # every read made once and held for the memory rounds
            for _ in range(rounds):
                for mode in ("neo4j", "memory"):
                    ask_all(mode, timed=True)
            gi = ask_graphiti(asked, now, run) if with_graphiti else {}
        finally:
            for world in WORLDS:
                purge_namespace(store, f"bench-trips-{world.name}-{run}")
    n = len(asked)
    click.echo(f"graphmem bench round_trips: {n} name questions (graphmem eval names) through graphmem serve over "
               f"loopback HTTP, {rounds} round(s) per mode, alternating")
    labels = {"neo4j": "/recall, reads from Neo4j (as deployed)",
              "memory": "/recall, reads from memory (no round trip)",
              "healthz": "GET /healthz (the HTTP stack, no work)"}
    for key, label in labels.items():
        line = f"  {label:<44} " + "  ".join(f"p{p} {pct(ms[key], p):6.2f} ms" for p in PERCENTILES)
        if key in right:
            line += f"  right {sum(right[key])}/{len(right[key])}"
        if key == "memory":
            line += f"  reads still sent to Neo4j: {trips[key] / rounds:.0f} a round (read_tx, stream, not held)"
        click.echo(line)
    deployed, bound = statistics.median(ms["neo4j"]), statistics.median(ms["memory"])
    click.echo(f"  no round trip saves {deployed - bound:.2f} ms of the p50 ({bound / deployed:.2f} of it is left)")
    if gi:
        g = [t for _, t in gi.values()]
        g50 = statistics.median(g)
        click.echo(f"  Graphiti EDGE_HYBRID_SEARCH_RRF, same questions: p50 {g50:.2f} ms, "
                   f"right {sum(ok for ok, _ in gi.values())}/{len(gi)}")
        click.echo(f"  Graphiti / graphmem p50: as deployed {g50 / deployed:.1f}x, with no round trip {g50 / bound:.1f}x "
                   f"(10x needs a served p50 of {g50 / 10:.2f} ms)")


def call(conn: http.client.HTTPConnection, method: str, path: str, body: str | None = None) -> tuple[int, bytes]:
    """One timed request on the kept-alive connection: the standard library's client, as `bench key_recall` and
    `bench name_recall` time theirs (httpx's own work per request was about 0.5 ms here: /healthz p50 1.31 ms
    through it, 0.82 ms through this, alternating; Graphiti's search, timed in process, pays no client at all)."""
    conn.request(method, path, body=body, headers={"content-type": "application/json"} if body is not None else {})
    r = conn.getresponse()
    return r.status, r.read()
