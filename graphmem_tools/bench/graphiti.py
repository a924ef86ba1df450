"""`graphmem bench graphiti`: graphmem beside Graphiti (graphiti-core), same data, same embedder, one run.

Needs the optional extra: `pip install 'graphmem[graphiti]'`. Graphiti writes to a Neo4j of its own (see
`graphiti_side`); graphmem to the configured one. Three workloads, per size (`--people 2000,20000`):
- **current fact**: people whose plan changed `--versions` times; "What is the plan of P-00017?".
  graphmem answers through the exact GET and through `/recall` (`graphmem serve` in its own process, one
  keep-alive HTTP connection); Graphiti through `EDGE_HYBRID_SEARCH_RRF` as a caller would first try it,
  and with the `invalid_at IS NULL` / `expired_at IS NULL` filters a caller must build to get the present.
- **as of a past date**: "What was the plan of P-00017 on 3 March 2021?". graphmem: the GET with
  `valid_at`, and `/recall` with the date in words; Graphiti: with caller-built date filters, and without.
- **conversation search** (`--locomo 0,1`, LoCoMo conversations by index): evidence R@10 of graphmem's
  `POST /search` against Graphiti's episode search (BM25 over raw episodes, its one episode method).
Calls are interleaved question by question so both systems see the same load. Per query kind it prints
p50/p99, right (the first answer is the true value at the asked time), stale (share of returned facts that
are not true at that time), R@10, ingest rates, and the ratios. Graphiti runs in this process (a library
call, no HTTP); graphmem behind HTTP: the ratios favour Graphiti by that much.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote
from uuid import uuid4

import click

from graphmem.channels.fact_records import EntitySpec, FactSpec
from graphmem.channels.temporal import assert_facts, put_entities
from graphmem.settings import load_settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.graphiti_side import NOT_EXERCISED, GraphitiSide, Version, fact_text, graphiti_server
from graphmem_tools.bench.temporal import pct
from graphmem_tools.service import RestServer

UTC = timezone.utc
BASE = datetime(2021, 1, 1, tzinfo=UTC)
PLANS = ["bronze", "silver", "gold", "platinum", "basic", "plus", "pro", "team", "business", "enterprise"]


def histories(people: int, per: int, rng: random.Random) -> dict[str, list[Version]]:
    """Each person's plan, changed `per - 1` times at random 20–60-day steps, each value differing from the
    last; recorded when it became true (Graphiti's created_at; graphmem stamps its own transaction time)."""
    out: dict[str, list[Version]] = {}
    for i in range(people):
        person = f"P-{i:05d}"
        at = BASE + timedelta(days=rng.randrange(30))
        values: list[tuple[str, datetime]] = []
        for _ in range(per):
            values.append((rng.choice([p for p in PLANS if not values or p != values[-1][0]]), at))
            at += timedelta(days=rng.randrange(20, 61))
        out[person] = [Version(person, "plan", v, start, nxt[1] if nxt else None, start, nxt[1] if nxt else None)
                       for (v, start), nxt in zip(values, [*values[1:], None])]
    return out


def true_at(history: list[Version], t: datetime | None) -> Version:
    if t is None:
        return history[-1]
    return next(v for v in history if v.valid_from <= t and (v.valid_to is None or t < v.valid_to))


def fill_graphmem(store: Store, ns: Namespace, people: dict[str, list[Version]], batch: int = 1000) -> float:
    """Library batch writes (the REST batch endpoints run the same functions): facts per second."""
    started = time.perf_counter()
    names = list(people)
    for s in range(0, len(names), batch):
        put_entities(store, ns, max_batch=batch, entities=[
            EntitySpec(p, "person", attributes={"plan": people[p][0].value}, valid_from=people[p][0].valid_from)
            for p in names[s:s + batch]])
    later = [v for p in names for v in people[p][1:]]
    later.sort(key=lambda v: v.valid_from)  # each assert closes the version before it, in time order
    for s in range(0, len(later), batch):
        assert_facts(store, ns, max_batch=batch, facts=[
            FactSpec(v.person, "plan", v.value, v.valid_from, where=f"facts.{j}.")
            for j, v in enumerate(later[s:s + batch])])
    total = sum(len(h) for h in people.values())
    return total / (time.perf_counter() - started)


@dataclass
class Kind:
    """Timings and judgements of one query kind on one system."""

    times: list[float] = field(default_factory=list)
    right: int = 0
    stale: int = 0
    returned: int = 0

    def add(self, seconds: float, right: bool, stale: int = 0, returned: int = 1) -> None:
        self.times.append(seconds)
        self.right += bool(right)
        self.stale += stale
        self.returned += returned

    def line(self, name: str, base: "Kind | None" = None) -> str:
        n = len(self.times)
        ratio = f"  x{pct(self.times, 50) / pct(base.times, 50):5.1f} of graphmem GET p50" if base else ""
        return (f"  {name:<44} p50 {pct(self.times, 50):7.1f} ms  p99 {pct(self.times, 99):7.1f} ms  "
                f"right {100 * self.right / n:5.1f}%  stale {100 * self.stale / max(1, self.returned):5.1f}%{ratio}")


class GraphmemHTTP:
    """graphmem as deployed: its own `graphmem serve` process, one keep-alive connection."""

    def __init__(self, port: int) -> None:
        import http.client

        self.conn = http.client.HTTPConnection("127.0.0.1", port)

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        import json

        import http.client

        for attempt in (1, 2):  # the server closes a keep-alive connection idle past 5 s: reopen once
            try:
                self.conn.request(method, path, body=json.dumps(body) if body is not None else None,
                                  headers={"Content-Type": "application/json"})
                r = self.conn.getresponse()
                data = r.read()
                break
            except (http.client.RemoteDisconnected, ConnectionError):
                self.conn.close()
                if attempt == 2:
                    raise
        if r.status != 200:
            raise click.ClickException(f"{method} {path}: {r.status} {data[:300]!r}")
        return dict(json.loads(data))


def _recall_plan(answer: dict[str, Any]) -> tuple[str | None, set[str]]:
    facts = [r for r in answer["results"] if r.get("kind") == "fact" and r.get("attribute") == "plan"]
    return (facts[0].get("value") if facts else None), {str(r.get("value")) for r in facts}


def _timed(fn: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    out = fn()
    return time.perf_counter() - started, out


def _judge_edges(edges: list[Any], person: str, truth: Version, t: datetime | None) -> tuple[bool, int]:
    """(first edge is the true version, how many returned edges are not true at t)."""
    def true_edge(e: Any) -> bool:
        if t is None:
            return e.invalid_at is None and e.expired_at is None
        return e.valid_at is not None and e.valid_at <= t and (e.invalid_at is None or t < e.invalid_at)
    right = bool(edges) and edges[0].fact == fact_text(truth) and true_edge(edges[0])
    return right, sum(1 for e in edges if not true_edge(e))


def facts_workload(gm: GraphmemHTTP, gi: GraphitiSide, ns: Namespace, group: str,
                   people: dict[str, list[Version]], queries: int, rng: random.Random) -> dict[str, Kind]:
    kinds = {k: Kind() for k in ("gm_get", "gm_recall", "gi_rrf", "gi_filtered",
                                 "gm_get_asof", "gm_recall_asof", "gi_asof_filtered", "gi_asof_plain")}
    names = list(people)
    for _ in range(queries):
        person = rng.choice(names)
        history = people[person]
        cur = true_at(history, None)
        q = f"What is the plan of {person}?"
        s, ans = _timed(lambda: gm.call("GET", f"/v1/{ns.name}/entities/{person}"))
        kinds["gm_get"].add(s, ans["attributes"].get("plan") == cur.value, int(ans["attributes"].get("plan") != cur.value))
        s, ans = _timed(lambda: gm.call("POST", f"/v1/{ns.name}/recall", {"query": q}))
        first, seen = _recall_plan(ans)
        kinds["gm_recall"].add(s, first == cur.value, len(seen - {cur.value}), max(1, len(seen)))
        for key, current in (("gi_rrf", False), ("gi_filtered", True)):
            s, edges = _timed(lambda: gi.search_facts(group, q, current=current))
            right, stale = _judge_edges(edges, person, cur, None)
            kinds[key].add(s, right, stale, max(1, len(edges)))

        lo, hi = history[0].valid_from, history[-1].valid_from + timedelta(days=30)
        t = (lo + (hi - lo) * rng.random()).replace(hour=12, minute=0, second=0, microsecond=0)
        then = true_at(history, t)
        words = f"What was the plan of {person} on {t.day} {t:%B %Y}?"
        s, ans = _timed(lambda: gm.call("GET", f"/v1/{ns.name}/entities/{person}?valid_at={quote(t.isoformat())}"))
        got = ans["attributes"].get("plan")
        kinds["gm_get_asof"].add(s, got == then.value, int(got != then.value))
        s, ans = _timed(lambda: gm.call("POST", f"/v1/{ns.name}/recall", {"query": words}))
        first, seen = _recall_plan(ans)
        kinds["gm_recall_asof"].add(s, first == then.value, len(seen - {then.value}), max(1, len(seen)))
        for key, as_of in (("gi_asof_filtered", t), ("gi_asof_plain", None)):
            s, edges = _timed(lambda: gi.search_facts(group, words, as_of=as_of))
            right, stale = _judge_edges(edges, person, then, t)
            kinds[key].add(s, right, stale, max(1, len(edges)))
    return kinds


def locomo_workload(gi: GraphitiSide, only: str, rng: random.Random) -> list[str]:
    """graphmem `POST /search` vs Graphiti episode search on the same conversations: R@10 and p50."""
    from graphmem_tools.evals import locomo

    path = locomo.default_path()
    if not path.exists():
        return [f"  LoCoMo: {path} not found, skipped"]
    convs = locomo.pick(locomo.load(path), only, None)
    scores = locomo.Scores()
    gm_t: list[float] = []
    gi_t: list[float] = []
    ingest = {"gm": [0, 0.0], "gi": [0, 0.0]}
    with locomo.api_client() as (client, store):
        for conv in convs:
            ns = f"bench-graphiti-locomo-{uuid4().hex[:8]}"
            group = f"locomo-{conv.sample_id}"
            try:
                s, n = _timed(lambda: locomo.ingest(client, ns, conv, max_batch=100))
                ingest["gm"][0] += n
                ingest["gm"][1] += s
                turns = [(t["dia_id"], locomo.labelled(t), datetime.fromisoformat(locomo.parse_date(date)))
                         for _, date, ts in conv.sessions for t in ts]
                s, n = _timed(lambda: gi.save_episodes(group, turns))
                ingest["gi"][0] += n
                ingest["gi"][1] += s
                for q in conv.questions:
                    s, r = _timed(lambda: client.post(f"/v1/{ns}/search", json={"query": q["question"], "k": 10}))
                    gm_t.append(s)
                    scores.add("graphmem", q["category"], [h["id"] for h in r.json()["hits"]], q["evidence"])
                    s, ids = _timed(lambda: gi.search_episodes(group, q["question"]))
                    gi_t.append(s)
                    scores.add("graphiti", q["category"], ids, q["evidence"])
            finally:
                purge_namespace(store, ns)
    n = len(gm_t)
    return [f"  LoCoMo conversations {only} ({n} questions), evidence R@10:",
            f"    graphmem POST /search (in-process app)   R@10 {scores.mean('graphmem', 'overall', 10):.3f}  "
            f"p50 {pct(gm_t, 50):6.1f} ms  p99 {pct(gm_t, 99):6.1f} ms",
            f"    Graphiti episode search (BM25, RRF)      R@10 {scores.mean('graphiti', 'overall', 10):.3f}  "
            f"p50 {pct(gi_t, 50):6.1f} ms  p99 {pct(gi_t, 99):6.1f} ms",
            f"    ingest: graphmem {ingest['gm'][0] / ingest['gm'][1]:.0f} turns/s (batch POST, embedded, summarised);"
            f" Graphiti {ingest['gi'][0] / ingest['gi'][1]:.0f} raw episodes/s (bulk save, no extraction)"]


@click.command()
@click.option("--people", default="2000", show_default=True, help="sizes, comma-separated (e.g. 2000,20000)")
@click.option("--versions", default=5, show_default=True, help="plan versions per person")
@click.option("--queries", default=200, show_default=True, help="questions per kind and size")
@click.option("--locomo", "only", default="0,1", show_default=True, help="LoCoMo conversations (indexes); '' skips")
@click.option("--graphiti-uri", default=None, help="Graphiti's Neo4j (default: a managed one of its own)")
@click.option("--graphiti-user", default="neo4j", show_default=True)
@click.option("--graphiti-password", default=None)
@click.option("--seed", default=7, show_default=True)
def command(people: str, versions: int, queries: int, only: str, graphiti_uri: str | None, graphiti_user: str,
            graphiti_password: str | None, seed: int) -> None:
    """graphmem beside Graphiti: current fact, as-of, conversation search, ingest (needs graphmem[graphiti])."""
    import importlib.util

    if importlib.util.find_spec("graphiti_core") is None:
        raise click.ClickException("graphiti-core is not installed: pip install 'graphmem[graphiti]'")
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    rng = random.Random(seed)
    settings = load_settings()
    sizes = [int(x) for x in people.split(",") if x.strip()]
    click.echo("Graphiti features that need an LLM, not exercised: " + "; ".join(NOT_EXERCISED))
    with graphiti_server(graphiti_uri, graphiti_user, graphiti_password) as (uri, user, password), \
            open_store(settings) as store, RestServer(settings) as server:
        gi = GraphitiSide(uri, user, password)
        gm = GraphmemHTTP(server.port)
        try:
            for size in sizes:
                ns, group = Namespace(f"bench-graphiti-{uuid4().hex[:8]}"), f"people-{size}-{uuid4().hex[:6]}"
                hist = histories(size, versions, rng)
                all_versions = [v for h in hist.values() for v in h]
                click.echo(f"\n== {size:,} people, {len(all_versions):,} fact versions ==")
                try:
                    gm_rate = fill_graphmem(store, ns, hist)
                    from graphmem.embedding import get_embedder

                    started = time.perf_counter()
                    vectors = [list(v) for v in get_embedder().embed([fact_text(v) for v in all_versions])]
                    embed_s = time.perf_counter() - started
                    started = time.perf_counter()
                    for s in range(0, len(all_versions), 2000):
                        gi.save_facts(group, all_versions[s:s + 2000], vectors[s:s + 2000])
                    save_s = time.perf_counter() - started
                    click.echo(f"  ingest: graphmem {gm_rate:,.0f} facts/s (library batch writes) | Graphiti bulk save "
                               f"{len(all_versions) / save_s:,.0f} facts/s, {len(all_versions) / (save_s + embed_s):,.0f}"
                               f" facts/s with the fact embeddings its search needs")
                    for _ in range(10):  # warm both: plans, connections, the query embedding
                        facts_workload(gm, gi, ns, group, hist, 1, rng)
                    k = facts_workload(gm, gi, ns, group, hist, queries, rng)
                    click.echo("  current value (" + str(queries) + " questions, interleaved):")
                    click.echo(k["gm_get"].line("graphmem GET /entities/{key}"))
                    click.echo(k["gm_recall"].line("graphmem POST /recall", k["gm_get"]))
                    click.echo(k["gi_rrf"].line("Graphiti EDGE_HYBRID_SEARCH_RRF", k["gm_get"]))
                    click.echo(k["gi_filtered"].line("Graphiti RRF + caller's invalid_at IS NULL", k["gm_get"]))
                    click.echo("  as of a past date:")
                    click.echo(k["gm_get_asof"].line("graphmem GET ?valid_at="))
                    click.echo(k["gm_recall_asof"].line("graphmem POST /recall, date in words", k["gm_get_asof"]))
                    click.echo(k["gi_asof_filtered"].line("Graphiti RRF + caller's date filters", k["gm_get_asof"]))
                    click.echo(k["gi_asof_plain"].line("Graphiti RRF, date only in the words", k["gm_get_asof"]))
                    for a, b, label in (("gi_filtered", "gm_recall", "current"), ("gi_asof_filtered", "gm_recall_asof", "as-of")):
                        click.echo(f"  {label}: Graphiti with filters / graphmem /recall p50 = "
                                   f"{pct(k[a].times, 50) / pct(k[b].times, 50):.1f}x (goal >= 10x); /recall / GET p50 = "
                                   f"{pct(k[b].times, 50) / pct(k['gm_get' if label == 'current' else 'gm_get_asof'].times, 50):.2f}"
                                   f" (goal <= 1.5)")
                finally:
                    store.autocommit("temporal/drop_namespace_versions", ns=ns)
                    purge_namespace(store, ns.name)
            if only:
                for line in locomo_workload(gi, only, rng):
                    click.echo(line)
        finally:
            gi.close()
