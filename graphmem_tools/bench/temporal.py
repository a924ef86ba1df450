"""`graphmem bench temporal`: the fact graph at size, measured side by side in one run.

It fills its own namespace through the library's batch writes (entities with a unique phone, a city and
a tier, then rounds of city changes with later valid_from, each closing a version and writing two), and
reports the batch ingest rate. On that graph it times, interleaved call by call so both see the same load:
- exact lookup by phone through REST (`graphmem serve` in its own process on 127.0.0.1, one keep-alive
  connection from the standard library's http.client: the client's own cost is not the service's)
  and through the raw neo4j driver running the same Cypher (`exact/lookup`), p50/p99 and their ratio;
  beside them, the same lookup through the framework's floor (`graphmem_tools.bench._floor`: one async
  FastAPI route, no auth, middleware or validation), the part of the ratio no service code can remove;
- the as-of read of an entity whose attribute has 1, 100 and 10,000 versions (valid-time history), at
  known_at = now (believed index) and at a random past known_at (history index), p50/p99;
- a single assert through the library, p50.
The namespace is purged at the end unless --keep.
"""

from __future__ import annotations

import logging
import random
import statistics
import time
from collections.abc import Callable
from contextlib import closing
from datetime import datetime, timedelta, timezone
from typing import Any
from uuid import uuid4

import click

from graphmem.channels.exact import read_entity
from graphmem.channels.fact_records import EntitySpec, FactSpec
from graphmem.channels.temporal import assert_fact, assert_facts, put_entities
from graphmem.settings import Settings, load_settings
from graphmem.store import Store, open_driver, open_store, purge_namespace
from graphmem_tools.service import RestServer
from graphmem.types import Namespace
from graphmem_tools.progress import bar, quiet_option

UTC = timezone.utc
BASE = datetime(2020, 1, 1, tzinfo=UTC)
CITIES = ["Shanghai", "Beijing", "Hangzhou", "Shenzhen", "Chengdu", "Wuhan", "Xian", "Nanjing", "Suzhou", "Tianjin"]


def phone(i: int) -> str:
    return f"138{i:08d}"


def pct(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000


def populate(store: Store, ns: Namespace, entities: int, versions: int, batch: int, rng: random.Random,
             quiet: bool = True) -> dict[str, Any]:
    """3 versions per entity, then city changes (2 new versions each) until `versions` are written."""
    started = time.perf_counter()
    facts = 0
    city = [rng.choice(CITIES) for _ in range(entities)]  # the current city: every update really changes it
    for start in bar(range(0, entities, batch), desc="put entities", unit="batch", quiet=quiet):
        people = [EntitySpec(f"B-{i}", "customer", attributes={"phone": phone(i), "city": city[i], "tier": i % 5},
                             valid_from=BASE)
                 for i in range(start, min(entities, start + batch))]
        put_entities(store, ns, entities=people, max_batch=batch)
        facts += 3 * len(people)
    put_s = time.perf_counter() - started
    updates = max(0, (versions - 3 * entities) // 2)
    started = time.perf_counter()
    for start in bar(range(0, updates, batch), desc="assert updates", unit="batch", quiet=quiet):
        n = min(batch, updates - start)
        round_ = start // entities + 1
        specs = []
        for j in range(n):
            i = (start + j) % entities
            city[i] = rng.choice([c for c in CITIES if c != city[i]])  # the same value would write nothing
            specs.append(FactSpec(f"B-{i}", "city", city[i], BASE + timedelta(days=30 * round_), where=f"facts.{j}."))
        assert_facts(store, ns, facts=specs, max_batch=batch)
    update_s = time.perf_counter() - started
    return {"facts_put": facts, "put_s": put_s, "updates": updates, "update_s": update_s,
            "versions": 3 * entities + 2 * updates}


def deep_entity(store: Store, ns: Namespace, key: str, count: int, batch: int) -> None:
    """One attribute with `count` versions along valid time (hourly changes), believed now."""
    put_entities(store, ns, entities=[EntitySpec(key, "probe")])
    for start in range(0, count, batch):
        assert_facts(store, ns, max_batch=batch, facts=[
            FactSpec(key, "reading", f"v{i}", BASE + timedelta(hours=i), where=f"facts.{i - start}.")
            for i in range(start, min(count, start + batch))])


def timed(fn: Callable[[], Any]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def measure_lookup(store: Store, settings: Settings, ns: Namespace, entities: int, samples: int,
                   rng: random.Random) -> tuple[list[float], list[float], list[float], list[float]]:
    """Alternate REST and raw-driver lookups of random phones; both must find exactly one entity. Also
    times GET /healthz on the same server (the app without Neo4j), and the same lookup through the
    framework's floor (graphmem_tools.bench._floor: one async FastAPI route on the async driver, nothing else)."""
    import http.client
    import json
    from urllib.parse import urlencode

    import neo4j  # the raw driver on purpose (made by the store's factory): the baseline REST is compared with

    text = store.query_text("exact/lookup")
    rest: list[float] = []
    raw: list[float] = []
    health: list[float] = []
    bare: list[float] = []
    with RestServer(settings) as server, closing(http.client.HTTPConnection("127.0.0.1", server.port)) as conn, \
            RestServer(settings, floor=True) as floor, \
            closing(http.client.HTTPConnection("127.0.0.1", floor.port)) as floor_conn, \
            open_driver(store.uri, store.auth, settings) as driver:  # the store's own URI, auth and settings
        def get(path: str, via: http.client.HTTPConnection = conn) -> tuple[int, bytes]:
            via.request("GET", path)
            r = via.getresponse()
            return r.status, r.read()

        def via_rest(p: str, via: http.client.HTTPConnection = conn) -> None:
            status, body = get(f"/v1/{ns.name}/lookup?" + urlencode({"attribute": "phone", "value": p}), via)
            assert status == 200 and len(json.loads(body)["entities"]) == 1, body[:300]

        def via_driver(p: str) -> None:
            # the same call shape as Store.read (an auto-commit read), so the ratio is the service's overhead
            with driver.session(database=settings.neo4j_database, default_access_mode=neo4j.READ_ACCESS) as s:
                records = list(s.run(text, {"ns": ns.name, "attribute": "phone", "value": p,
                                            "valid_at": datetime.now(UTC), "known_at": None, "include_erased": False}))
            assert len(records) == 1

        for _ in range(20):  # warm every path (plans, connections)
            via_rest(phone(rng.randrange(entities)))
            via_rest(phone(rng.randrange(entities)), floor_conn)
            via_driver(phone(rng.randrange(entities)))
        for _ in range(samples):
            p = phone(rng.randrange(entities))
            rest.append(timed(lambda: via_rest(p)))
            raw.append(timed(lambda: via_driver(p)))
            bare.append(timed(lambda: via_rest(p, floor_conn)))
            health.append(timed(lambda: get("/healthz")))
    return rest, raw, health, bare


@click.command()
@click.option("--entities", default=100_000, show_default=True, help="entities in the populated graph")
@click.option("--versions", default=1_000_000, show_default=True, help="fact versions (HAS edges) in total")
@click.option("--deep", default=10_000, show_default=True, help="versions of the deepest probed attribute")
@click.option("--samples", default=1000, show_default=True, help="timed calls per measurement")
@click.option("--batch", default=1000, show_default=True, help="facts (or entities) per write transaction")
@click.option("--seed", default=7, show_default=True)
@click.option("--keep", is_flag=True, help="keep the namespace for inspection")
@quiet_option
def command(entities: int, versions: int, deep: int, samples: int, batch: int, seed: int, keep: bool,
            quiet: bool) -> None:
    """Exact lookup REST vs raw driver, as-of reads vs history depth, batch ingest, single assert."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)  # unknown-property notices on a fresh database
    rng = random.Random(seed)
    settings = load_settings()
    ns = Namespace(f"bench-temporal-{uuid4().hex[:8]}")
    with open_store(settings) as store:
        try:
            click.echo(f"namespace {ns.name}: populating {entities:,} entities / {versions:,} versions ...")
            pop = populate(store, ns, entities, versions, batch, rng, quiet)
            click.echo(f"  put_entities: {pop['facts_put']:,} facts in {pop['put_s']:.1f}s = "
                       f"{pop['facts_put'] / pop['put_s']:,.0f} facts/s")
            if pop["updates"]:
                click.echo(f"  assert_facts (each closes 1 version, writes 2): {pop['updates']:,} facts in "
                           f"{pop['update_s']:.1f}s = {pop['updates'] / pop['update_s']:,.0f} facts/s")
            stored = store.read("admin/namespace_size", ns=ns)[0]["versions"]
            click.echo(f"  fact versions stored (counted): {stored:,} of {pop['versions']:,} planned")
            depths = sorted({1, 100, deep})
            for d in depths:
                deep_entity(store, ns, f"DEEP-{d}", d, batch)

            rest, raw, health, bare = measure_lookup(store, settings, ns, entities, samples, rng)
            click.echo(f"exact lookup ({samples} each, interleaved): REST p50 {pct(rest, 50):.2f} ms "
                       f"p99 {pct(rest, 99):.2f} ms | raw driver p50 {pct(raw, 50):.2f} ms p99 {pct(raw, 99):.2f} ms"
                       f" | ratio p50 {pct(rest, 50) / pct(raw, 50):.2f} p99 {pct(rest, 99) / pct(raw, 99):.2f}")
            click.echo(f"  same server, GET /healthz (no Neo4j): p50 {pct(health, 50):.2f} ms p99 {pct(health, 99):.2f} ms")
            click.echo(f"  framework floor (one async FastAPI route on the async driver, same Cypher, no auth, "
                       f"middleware or validation): p50 {pct(bare, 50):.2f} ms p99 {pct(bare, 99):.2f} ms | "
                       f"ratio to raw p50 {pct(bare, 50) / pct(raw, 50):.2f}")

            now_known = datetime.now(UTC)
            for d in depths:
                span = timedelta(hours=d)
                cur: list[float] = []
                past: list[float] = []
                for _ in range(samples):
                    va = BASE + span * rng.random()
                    cur.append(timed(lambda: read_entity(store, ns, key=f"DEEP-{d}", valid_at=va)))
                    past.append(timed(lambda: read_entity(store, ns, key=f"DEEP-{d}", valid_at=va,
                                                          known_at=now_known)))
                click.echo(f"as-of read, {d:>6,} versions: known_at=now p50 {pct(cur, 50):.2f} p99 {pct(cur, 99):.2f}"
                           f" ms | known_at=past p50 {pct(past, 50):.2f} p99 {pct(past, 99):.2f} ms")

            single = [timed(lambda: assert_fact(store, ns, entity=f"B-{rng.randrange(entities)}", attribute="city",
                                                value=f"X{rng.randrange(10**9)}"))
                      for _ in range(min(samples, 300))]
            click.echo(f"single assert ({len(single)}): p50 {pct(single, 50):.2f} ms p99 {pct(single, 99):.2f} ms "
                       f"(mean {statistics.mean(single) * 1000:.2f} ms)")
        finally:
            if keep:
                click.echo(f"kept namespace {ns.name}")
            else:
                started = time.perf_counter()
                store.autocommit("temporal/drop_namespace_versions", ns=ns)
                purge_namespace(store, ns.name)
                click.echo(f"purged {ns.name} in {time.perf_counter() - started:.1f}s")
