"""`graphmem bench search`: hybrid search latency at 10,000 and 100,000 stored turns, beside dense-only.

It fills one namespace with synthetic conversation turns (seeded templates: names, places, items,
numbers; sessions of 40 turns, so windows fold into summaries as in real use) through the library's
batch ingestion (embeddings included) and reports turns ingested per second. At each size it then
times `graphmem.channels.search.search` (query embedding included, k=10) and, side by side in the
same run, a dense-only search (query embedding + the vector index, what a plain vector store
does), as p50/p99 and their ratio. Sizes grow in place (10k, then 90k more). The namespace is
purged at the end unless --keep.

`--namespace NAME` grows (or just measures) a named namespace instead, and keeps it: a namespace this
benchmark kept earlier already holds the first turns of the same seeded stream, so only the missing ones
are generated, and `graphmem bench recall --namespace NAME` can then ask its questions on it.
"""

from __future__ import annotations

import logging
import random
import statistics
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from uuid import uuid4

import click

from graphmem.channels.conversation import NewTurn, add_turns
from graphmem.embedding import get_embedder
from graphmem.settings import load_settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.errors import InvalidNamespace
from graphmem.types import Namespace
from graphmem_tools.progress import bar, quiet_option

SESSION = 40
NAMES = ["Ann", "Ben", "Chloe", "Dev", "Emma", "Farid", "Grace", "Hiro", "Ines", "Jon", "Kemi", "Luis", "Mei",
         "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sam", "Tariq"]
PLACES = ["Lisbon", "Osaka", "Nairobi", "Lima", "Oslo", "Hanoi", "Denver", "Porto", "Cairo", "Quebec", "Seoul"]
ITEMS = ["bike", "guitar", "laptop", "tent", "camera", "kayak", "piano", "sofa", "drone", "telescope", "oven"]
HOBBIES = ["pottery", "climbing", "chess", "baking", "running", "painting", "gardening", "sailing", "yoga"]
TEMPLATES = [
    "I bought a new {item} in {place} for {n} dollars last week.",
    "{name} told me the {item} broke again, so we called the shop on order ORD-{n}.",
    "We are planning a trip to {place} in {month}, maybe with {name}.",
    "My {hobby} class moved to Thursdays, which is great because {name} can join.",
    "Did you ever try {hobby}? I started in {month} and I love it.",
    "The {item} from {place} arrived damaged; the refund of {n} euros is still pending.",
    "{name} won the {hobby} contest with a score of {n}!",
    "Honestly I am tired, work has been crazy since {month}.",
    "Remember the {item} we saw in {place}? {name} bought it.",
    "Can you send me the photos from {place}? I want to show {name}.",
]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]


def sentence(rng: random.Random) -> str:
    return rng.choice(TEMPLATES).format(item=rng.choice(ITEMS), place=rng.choice(PLACES), name=rng.choice(NAMES),
                                        hobby=rng.choice(HOBBIES), month=rng.choice(MONTHS), n=rng.randint(2, 9999))


def sessions(rng: random.Random, start: int, count: int, t0: datetime) -> Iterator[tuple[str, list[NewTurn]]]:
    """`count` turns as sessions of SESSION turns, one day apart, two speakers each."""
    for s in range(start // SESSION, (start + count) // SESSION):
        a, b = rng.sample(NAMES, 2)
        at = t0 + timedelta(days=s)
        yield f"s{s}", [NewTurn(sentence(rng), speaker=(a, b)[i % 2], at=at + timedelta(minutes=i), id=f"s{s}:{i}")
                        for i in range(SESSION)]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def timed(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def dense_only(store: Store, ns: Namespace, query: str) -> None:
    """What a vector store does: embed the query, ask the vector index (over-fetched for the namespace)."""
    vector = get_embedder(store.services.settings).embed_query(query)
    store.read("search/vector_turns", ns=ns, vector=vector, fetch=100, limit=10, session=None, speaker=None,
               since=None, until=None, all=False, archived=False)


@click.command(name="search")
@click.option("--turns", "sizes", default="10000,100000", show_default=True,
              help="comma-separated stored-turn counts to measure at (grown in place)")
@click.option("--queries", default=200, show_default=True, help="timed searches per size and method")
@click.option("--seed", default=7, show_default=True)
@click.option("--keep", is_flag=True, help="keep the benchmark namespace (its name is printed)")
@click.option("--namespace", "name", default=None,
              help="grow and measure this namespace (kept) instead of a new one, e.g. one kept by an earlier run")
@quiet_option
def command(sizes: str, queries: int, seed: int, keep: bool, name: str | None, quiet: bool) -> None:
    """Hybrid search p50/p99 (embedding included) vs dense-only, and ingestion rate."""
    from graphmem.channels.search import drain_stats, search

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    targets = sorted({int(x) for x in sizes.split(",") if x.strip()})
    if not targets or targets[0] < SESSION:
        raise click.BadParameter(f"sizes must be at least {SESSION}", param_hint="--turns")
    rng = random.Random(seed)
    settings = load_settings()
    try:
        ns = Namespace.parse(name) if name else Namespace(f"bench-search-{uuid4().hex[:8]}")
    except InvalidNamespace as exc:
        raise click.BadParameter(str(exc), param_hint="--namespace") from None
    keep = keep or name is not None
    t0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
    get_embedder(settings).embed(["warm up"])
    with open_store(settings) as store:
        try:
            stored = store.read("search/namespace_size", ns=ns)[0]["turns"]
            if stored % SESSION:
                raise click.ClickException(f"{ns.name} holds {stored} turns, not whole sessions of {SESSION}: "
                                           "not a namespace this benchmark filled")
            for _ in sessions(rng, 0, stored, t0):  # replay the seeded stream past the turns already stored
                pass
            ingest_s, ingested = 0.0, 0
            for target in targets:
                if target < stored:
                    click.echo(f"{ns.name} already holds {stored} turns: no measurement at {target}", err=True)
                    continue
                started = time.perf_counter()
                with bar(total=(target // SESSION) * SESSION - stored, desc=f"seed {ns.name} to {target}",
                         unit="turn", quiet=quiet) as b:
                    for sid, turns in sessions(rng, stored, target - stored, t0):
                        add_turns(store, ns, session=sid, turns=turns, settings=settings)
                        b.update(len(turns))
                ingest_s += time.perf_counter() - started
                added = max(0, (target // SESSION) * SESSION - stored)
                rate = added / (time.perf_counter() - started) if added else 0.0
                stored += added
                ingested += added
                store.autocommit("admin/await_indexes")
                drain_stats()  # the namespace's keyword statistics, added up in the background, written before timing
                words = [" ".join(rng.sample(sentence(rng).split(), 4)) for _ in range(queries + 20)]
                for q in words[:20]:  # warm caches and the planner
                    search(store, ns, query=q, k=10)
                    dense_only(store, ns, q)
                it = iter(words[20:])
                hybrid = timed(lambda: search(store, ns, query=next(it), k=10), queries)
                it = iter(words[20:])
                dense = timed(lambda: dense_only(store, ns, next(it)), queries)
                ingest = f"ingest {rate:7.1f} turns/s (embeddings, folding)" if added else "already stored"
                click.echo(f"{stored:>7} turns | {ingest} | hybrid search "
                           f"p50 {statistics.median(hybrid):6.1f} ms p99 {pct(hybrid, 99):6.1f} ms | dense-only p50 "
                           f"{statistics.median(dense):6.1f} ms p99 {pct(dense, 99):6.1f} ms | ratio p50 "
                           f"{statistics.median(hybrid) / statistics.median(dense):4.2f}x p99 "
                           f"{pct(hybrid, 99) / pct(dense, 99):4.2f}x")
            if ingested:
                click.echo(f"{ingested} turns ingested in {ingest_s:.0f}s: {ingested / ingest_s:.1f} turns/s overall")
        finally:
            if keep:
                click.echo(f"kept namespace {ns.name}", err=True)
            else:
                purge_namespace(store, ns.name)
