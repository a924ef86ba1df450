"""`graphmem bench scale`: cost curves. Every size in one run, and how each cost grows per 10x data.

Two namespaces, `<prefix>-turns` and `<prefix>-versions`, grow in place through the sizes given (seed the
first size, measure, top up to the next, measure, ...). Seeding is bulk (graphmem_tools.bench._scale_seed):
real LoCoMo texts, with embeddings drawn from a pool of real MiniLM embeddings of those texts plus seeded
noise, renormalised (distinct vectors, clustered as real conversation is; the texts repeat). At each size the
real read and write paths are timed:
- turns: hybrid search p50/p99 (`channels.search.search`, query embedding included, k=10, LoCoMo's questions),
  recall p99 (`recall.recall`, the router, same questions), the ingest rate of `--ingest` new turns through the
  library's write path (`add_turns`, 40 per call: embedding, lock, append, fold) after one untimed call (the
  steady rate: right after seeding the write path's pages are cold), bulk seeding rate;
- versions: the as-of read of one entity's `city` at a random valid_at (`channels.exact.read_entity`; each
  answer checked against the seeded timeline), p50/p99;
- both: store growth per 1,000 items: the Neo4j store directory (`--store-dir`, the managed server's by
  default) before and after the seeding step, when it is readable here. Other writers on the same server
  add to it: read it as an upper bound on a shared machine.
Before each size's timings (and again before the ingest timing) the run waits until the managed Neo4j has
stopped merging index segments (bench._quiet: its CPU under 10 % of a core for 15 s, at most
`--quiet-timeout`); it can watch only the managed server on this machine, and says so otherwise.
Then, per metric, the slope between consecutive sizes: (cost at the larger / cost at the smaller) scaled to a
10x step, i.e. ratio ** (1 / log10(size ratio)). 1.00 is flat. With `--prefix` (or `--keep`) the namespaces
stay (their names are printed) and a later run with the same `--prefix` tops them up instead of seeding
again; `--purge` drops them at the end (with empty `--turns` and `--versions`, all it does).
"""

from __future__ import annotations

import logging
import math
import os
import random
import statistics
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from uuid import uuid4

import click

from graphmem.errors import InvalidNamespace
from graphmem.settings import Settings, default_home, load_settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench import _scale_seed as seed
from graphmem_tools.bench._quiet import managed_pid, wait_quiet
from graphmem_tools.bench.search import pct, timed
from graphmem_tools.paths import data_file


def sizes(text: str, option: str, floor: int) -> list[int]:
    try:
        got = sorted({int(x.replace("_", "")) for x in text.split(",") if x.strip()})
    except ValueError:
        raise click.BadParameter("comma-separated whole numbers", param_hint=option) from None
    if got and got[0] < floor:
        raise click.BadParameter(f"sizes must be at least {floor}", param_hint=option)
    return got


def dir_bytes(path: Path | None) -> int | None:
    if path is None or not path.is_dir():
        return None
    total = 0
    for root, _, files in os.walk(path):
        for f in files:
            try:
                total += os.stat(os.path.join(root, f)).st_blocks * 512
            except OSError:
                pass
    return total


def per_thousand(before: int | None, after: int | None, added: int) -> float | None:
    """KB of store growth per 1,000 items added (None when not measurable here)."""
    if before is None or after is None or added <= 0:
        return None
    return (after - before) / 1024 / added * 1000


def slope(a: float | None, b: float | None, n1: int, n2: int) -> str:
    if not a or not b or n2 <= n1:
        return "-"
    return f"{(b / a) ** (1 / math.log10(n2 / n1)):.2f}x"


def cell(v: float | None, fmt: str = "{:.1f}") -> str:
    return "-" if v is None else fmt.format(v)


def report(title: str, columns: list[tuple[str, str]], rows: list[dict[str, Any]]) -> None:
    """A table (one row per size), then the slope per 10x between consecutive sizes."""
    click.echo(f"\n{title}")
    click.echo(f"{'size':>10} | " + " | ".join(f"{label:>14}" for _, label in columns))
    for r in rows:
        click.echo(f"{r['size']:>10,} | " + " | ".join(f"{cell(r.get(k)):>14}" for k, _ in columns))
    for a, b in zip(rows, rows[1:]):
        click.echo(f"{'slope/10x':>10} | " + " | ".join(f"{slope(a.get(k), b.get(k), a['size'], b['size']):>14}"
                                                      for k, _ in columns)
                   + f"   ({a['size']:,} -> {b['size']:,})")


def settled(run: Any, questions: list[str], rng: random.Random, *, rounds: int = 10, size: int = 20,
            within: float = 0.15) -> int:
    """Search until its p50 settles: rounds of `size` until one's p50 is within `within` of the round
    before (at most `rounds`); returns the rounds run. Why: right after a bulk seed the server is still
    merging index segments and filling its page cache, and a fixed warm-up timed that instead of the size
    (at 100k, one run's p99 right after seeding was 169 ms, another's 74 ms). 0: it never settled. A p50
    that is steady because a long merge is steady passes too: this cannot see the server's merges."""
    last = None
    for n in range(1, rounds + 1):
        t = timed(lambda: run(rng.choice(questions)), size)
        p50 = statistics.median(t)
        if last is not None and abs(p50 - last) <= within * last:
            return n
        last = p50
    return 0


def measure_turns(store: Store, ns: Namespace, pool: seed.Pool, queries: int, ingest: int,
                  rng: random.Random, quiet: Callable[[str], float | None]) -> dict[str, Any]:
    from graphmem.channels.conversation import NewTurn, add_turns, drain_folds
    from graphmem.channels.search import search
    from graphmem.recall import recall

    warm = min(20, queries)
    qs = [rng.choice(pool.questions) for _ in range(queries + warm)]
    waited = quiet("search")
    for q in qs[:warm]:  # warm caches and plans
        search(store, ns, query=q, k=10, touch=False)
        recall(store, ns, query=q)
    rounds = settled(lambda q: search(store, ns, query=q, k=10, touch=False), pool.questions, rng)
    it = iter(qs[warm:])
    found = timed(lambda: search(store, ns, query=next(it), k=10, touch=False), queries)
    it = iter(qs[warm:])
    asked = timed(lambda: recall(store, ns, query=next(it)), queries)
    out: dict[str, Any] = {"search_p50": statistics.median(found), "search_p99": pct(found, 99),
                           "recall_p99": pct(asked, 99), "settle_rounds": rounds, "quiet_wait_s": waited}
    if ingest:
        # one untimed session first: right after seeding, the write path's pages are not in the page cache
        # yet (measured at 1M: the first 200 turns at 20 turns/s, the next 200 at 69), and the rate asked
        # for is the steady one; the first turns after a start are `bench first_turn`'s
        texts = [rng.randrange(len(pool.texts)) for _ in range(ingest + seed.SESSION)]
        add_turns(store, ns, session=f"live-{uuid4().hex[:8]}",
                  turns=[NewTurn(pool.texts[j], speaker=pool.speakers[j]) for j in texts[ingest:]])
        drain_folds(timeout=300)  # its summaries are not written during the timing
        quiet("ingest")
        started = time.perf_counter()
        for i in range(0, ingest, seed.SESSION):
            add_turns(store, ns, session=f"live-{uuid4().hex[:8]}",
                      turns=[NewTurn(pool.texts[j], speaker=pool.speakers[j]) for j in texts[i:i + seed.SESSION]])
        out["ingest_rate"] = ingest / (time.perf_counter() - started)
        drain_folds(timeout=300)  # summaries written before the next timing, not during it
    return out


def measure_versions(store: Store, ns: Namespace, entities: int, depth: int, samples: int,
                     rng: random.Random) -> dict[str, Any]:
    from graphmem.channels.exact import read_entity

    span = timedelta(days=30 * depth)
    warm = min(20, samples)
    picks = [(rng.randrange(entities), seed.BASE + span * rng.random()) for _ in range(samples + warm)]
    wrong = []

    def one(i: int, at: Any) -> None:
        got = read_entity(store, ns, key=f"V-{i}", valid_at=at).attributes.get("city")
        if got != seed.expected_city(i, at, depth):
            wrong.append((i, at, got))

    for i, at in picks[:warm]:
        one(i, at)
    it = iter(picks[warm:])
    took = timed(lambda: one(*next(it)), samples)
    if wrong:
        raise click.ClickException(f"as-of read returned the wrong version {len(wrong)} times, e.g. {wrong[0]}")
    return {"asof_p50": statistics.median(took), "asof_p99": pct(took, 99),
            **measure_changes(store, ns, depth, samples, rng)}


def measure_changes(store: Store, ns: Namespace, depth: int, samples: int, rng: random.Random) -> dict[str, Any]:
    """`changes` (GET /changes) for one-day windows, audit view, first page of 100: on the valid axis at random
    days of the history (a day where every entity changed city gives a full page, most days none), and on
    the transaction axis around the seeding (every version began then: a full page)."""
    from graphmem.channels.changes import changes
    from graphmem.instants import utcnow

    day = timedelta(days=1)
    now = utcnow()
    windows = [("valid", seed.BASE + timedelta(days=rng.randrange(30 * depth))) for _ in range(samples)]
    windows += [("txn", now - day * rng.random()) for _ in range(max(1, samples // 4))]
    def one(window: tuple[str, datetime]) -> None:
        axis, start = window
        changes(store, ns, start=start, end=start + day, axis=axis, view="audit", limit=100)

    for w in windows[:10]:
        one(w)
    it = iter(windows)
    took = timed(lambda: one(next(it)), len(windows))
    return {"changes_p50": statistics.median(took), "changes_p99": pct(took, 99)}


def compare_search(store: Store, ns: Namespace, pool: seed.Pool, queries: int, rng: random.Random) -> None:
    """Search p50/p99 on an existing namespace with the same questions, writing nothing (touch=False)."""
    from graphmem.channels.search import search

    held = store.read("search/namespace_size", ns=ns)[0]["turns"]
    qs = [rng.choice(pool.questions) for _ in range(queries + 20)]
    for q in qs[:20]:
        search(store, ns, query=q, k=10, touch=False)
    it = iter(qs[20:])
    found = timed(lambda: search(store, ns, query=next(it), k=10, touch=False), queries)
    click.echo(f"compare: {ns.name} ({held:,} turns as stored): search p50 {statistics.median(found):.1f} ms "
               f"p99 {pct(found, 99):.1f} ms (read-only, same questions)")


def default_store_dir(settings: Settings) -> Path:
    return default_home() / "neo4j" / "data" / "databases" / settings.neo4j_database


@click.command(name="scale")
@click.option("--turns", "turn_sizes", default="10000,100000,1000000", show_default=True,
              help="comma-separated stored-turn counts (grown in place; multiples of 40); empty: none")
@click.option("--versions", "version_sizes", default="100000,1000000,10000000", show_default=True,
              help="comma-separated fact-version counts (grown in place); empty: none")
@click.option("--depth", default=10, show_default=True, help="versions per entity (entities = versions / depth)")
@click.option("--queries", default=200, show_default=True, help="timed searches and recalls per size")
@click.option("--samples", default=500, show_default=True, help="timed as-of reads per size")
@click.option("--ingest", default=400, show_default=True, help="turns written through the real path per size")
@click.option("--prefix", default=None, help="namespace prefix (default scale-<random>); reuse one kept earlier")
@click.option("--keep", is_flag=True, help="keep both namespaces (to top them up in a later run)")
@click.option("--purge", "drop", is_flag=True,
              help="purge both namespaces at the end, even with --prefix (--turns '' --versions '': only purge)")
@click.option("--store-dir", type=click.Path(path_type=Path), default=None,
              help="Neo4j database directory to measure growth in (default: the managed server's)")
@click.option("--data", type=click.Path(path_type=Path, exists=True, dir_okay=False), default=None,
              help="locomo10.json (default: in GRAPHMEM_DATA_DIR, else ../shared/data)")
@click.option("--pool", "pool_limit", default=0, help="use only the first N LoCoMo turns as the pool (0: all)")
@click.option("--compare", default=None,
              help="also time search (read-only: no touch) on this existing namespace, e.g. one of real ingested turns")
@click.option("--quiet-timeout", default=900.0, show_default=True,
              help="seconds to wait, before timing a size, for the managed server to stop merging index segments "
                   "(its CPU under 10 %% of a core for 15 s); 0: do not wait")
@click.option("--seed", "seed_value", default=7, show_default=True)
def command(turn_sizes: str, version_sizes: str, depth: int, queries: int, samples: int, ingest: int,
            prefix: str | None, keep: bool, drop: bool, store_dir: Path | None, data: Path | None, pool_limit: int,
            compare: str | None, quiet_timeout: float, seed_value: int) -> None:
    """Search/recall/as-of latency, ingest rate and store size at several sizes, with the slope per 10x."""
    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    t_sizes = sizes(turn_sizes, "--turns", seed.SESSION)
    v_sizes = sizes(version_sizes, "--versions", depth)
    if ingest % seed.SESSION:
        raise click.BadParameter(f"must be a multiple of {seed.SESSION}", param_hint="--ingest")
    settings = load_settings()
    try:
        base = prefix or f"scale-{uuid4().hex[:8]}"
        ns_t, ns_v = Namespace.parse(f"{base}-turns"), Namespace.parse(f"{base}-versions")
    except InvalidNamespace as exc:
        raise click.BadParameter(str(exc), param_hint="--prefix") from None
    keep = (keep or prefix is not None) and not drop
    where = store_dir or default_store_dir(settings)
    if dir_bytes(where) is None:
        click.echo(f"store size: {where} is not readable here; growth per 1,000 items not measured", err=True)
    rng = random.Random(seed_value)
    pid = managed_pid(settings) if quiet_timeout > 0 else None

    def quiet(what: str) -> float | None:
        if quiet_timeout <= 0:
            return None
        got = wait_quiet(pid, quiet_timeout)
        click.echo(f"  before timing {what}: {got.describe()}", err=True)
        return got.waited if got.share is not None else None

    source = data_file("locomo10.json", data)
    if (turn_sizes.strip() or compare) and not source.exists():
        raise click.ClickException(f"{source} not found: the turns are seeded from LoCoMo's texts; pass --data "
                                   "or set GRAPHMEM_DATA_DIR (or measure versions only: --turns '')")
    pool = seed.load_pool(settings, source, pool_limit) if source.exists() else seed.empty_pool()
    click.echo(f"seeding: {len(pool.texts):,} real LoCoMo turns embedded once by the model; each seeded turn takes "
               f"one of them (text, speaker) and its embedding plus Gaussian noise (sigma {seed.NOISE}/dim), "
               f"renormalised: vectors distinct but clustered, texts repeat. Timings use the real read/write paths.")
    with open_store(settings) as store:
        if compare:
            compare_search(store, Namespace.parse(compare), pool, queries, rng)
        try:
            rows: list[dict[str, Any]] = []
            for target in t_sizes:
                target -= target % seed.SESSION
                have = seed.seeded_turns(store, ns_t)
                row: dict[str, Any] = {"size": target}
                if have < target:
                    before = dir_bytes(where)
                    started = time.perf_counter()
                    added = seed.seed_turns(store, ns_t, pool, start=have, count=target - have, seed=seed_value)
                    from graphmem.channels.search import drain_stats

                    drain_stats(timeout=600)
                    store.autocommit("admin/await_indexes")
                    row["seed_rate"] = added / (time.perf_counter() - started)
                    row["kb_per_1k"] = per_thousand(before, dir_bytes(where), added)
                elif have > target:
                    click.echo(f"{ns_t.name} already holds {have:,} seeded turns: no measurement at {target:,}",
                               err=True)
                    continue
                row.update(measure_turns(store, ns_t, pool, queries, ingest, rng, quiet))
                rows.append(row)
                click.echo(f"turns {target:,}: " + ", ".join(f"{k} {cell(v)}" for k, v in row.items() if k != "size"))
            if rows:
                report(f"turns ({ns_t.name}; times in ms, rates per second, store KB per 1,000 turns)",
                       [("search_p50", "search p50"), ("search_p99", "search p99"), ("recall_p99", "recall p99"),
                        ("ingest_rate", "ingest turns/s"), ("seed_rate", "bulk seed/s"), ("kb_per_1k", "KB/1k turns")],
                       rows)
            rows = []
            for target in v_sizes:
                entities = target // depth
                have = int(store.read("admin/namespace_size", ns=ns_v.name)[0]["entities"])
                row = {"size": entities * depth}
                if have < entities:
                    before = dir_bytes(where)
                    started = time.perf_counter()
                    added = seed.seed_versions(store, ns_v, start=have, count=entities - have, depth=depth)
                    store.autocommit("admin/await_indexes")
                    row["seed_rate"] = added / (time.perf_counter() - started)
                    row["kb_per_1k"] = per_thousand(before, dir_bytes(where), added)
                elif have > entities:
                    click.echo(f"{ns_v.name} already holds {have * depth:,} versions: no measurement at {target:,}",
                               err=True)
                    continue
                quiet("as-of reads")
                row.update(measure_versions(store, ns_v, entities, depth, samples, rng))
                rows.append(row)
                click.echo(f"versions {row['size']:,}: "
                           + ", ".join(f"{k} {cell(v)}" for k, v in row.items() if k != "size"))
            if rows:
                report(f"fact versions ({ns_v.name}; {depth} per entity; times in ms)",
                       [("asof_p50", "as-of p50"), ("asof_p99", "as-of p99"), ("changes_p50", "/changes p50"),
                        ("changes_p99", "/changes p99"), ("seed_rate", "bulk seed/s"),
                        ("kb_per_1k", "KB/1k versions")], rows)
        finally:
            if keep:
                click.echo(f"kept namespaces {ns_t.name} and {ns_v.name}", err=True)
            else:
                store.autocommit("temporal/drop_namespace_versions", ns=ns_v.name)
                purge_namespace(store, ns_v.name)
                purge_namespace(store, ns_t.name)
