"""`graphmem bench erasure`: what one erasure costs in a namespace of many turns (issue 33: p50 <= 1 s at
100,000 turns).

A namespace is seeded in bulk with `--turns` real LoCoMo turns (graphmem_tools.bench._scale_seed), then
`--people` customers are written through the library (name, phone, email) and each is named by three turns
through the real write path (`add_turns`): by name, by the phone in another format, by email, in sessions of
their own. Each customer is then erased (`privacy.erase_entity`, the whole transaction: claim, spellings,
candidate scan, hiding, requeueing, record) and timed. Side by side in the same run, on the same namespace:
the candidate scan alone (`privacy.reach.find_copies`: the statements an erasure's cost grows with, and
the re-check of what they found), and the raw
driver counting the namespace's turns (one label scan: the floor of anything that reads every turn).
and the scan as it was before the reach table (`bench/scan_every_property`: every string property of every
node), timed on the first three customers. Each erasure is checked: it must hide the customer's three turns, or the bench fails.
"""

from __future__ import annotations

import statistics
import time
from uuid import uuid4

import click

from graphmem.settings import load_settings
from graphmem.store import Store, Tx, open_driver, open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench import _scale_seed as seed
from graphmem_tools.bench.search import pct
from graphmem_tools.paths import data_file

BASELINE_RUNS = 3
FORMATS = ("+1 (415) 555-{:04d}", "415.555.{:04d}", "415-555-{:04d}")


@click.command("erasure")
@click.option("--turns", default=100_000, show_default=True, help="turns seeded in bulk before the customers")
@click.option("--people", default=20, show_default=True, help="customers written and then erased, one by one")
@click.option("--keep", is_flag=True, help="keep the namespace (its name is printed)")
@click.option("--seed", "seed_value", default=7, show_default=True)
def command(turns: int, people: int, keep: bool, seed_value: int) -> None:
    """Time erasures in a namespace of --turns turns (p50, p95, max), beside the scan alone and the raw
    driver's label scan."""
    from graphmem.channels.conversation import NewTurn, add_turns
    from graphmem.channels.temporal import put_entity
    from graphmem.privacy import erase_entity
    from graphmem.identifiers import registry_for
    from graphmem.privacy.reach import find_copies, spellings_of
    from graphmem.privacy.spellings import Spellings

    settings = load_settings()
    registry = registry_for(settings.identifier_patterns, settings.phone_region)
    ns = Namespace(f"bench-erasure-{uuid4().hex[:8]}")

    def run(store: Store) -> None:
        pool = seed.load_pool(settings, data_file("locomo10.json"))
        started = time.perf_counter()
        bulk = seed.seed_turns(store, ns, pool, start=0, count=(turns // seed.SESSION) * seed.SESSION,
                               seed=seed_value)
        click.echo(f"seeded {bulk} turns in {time.perf_counter() - started:.1f} s ({ns.name})")
        customers = []
        for i in range(people):
            key, name = f"cust-{i:04d}", f"Customer{i:04d} Lindqvist{i:04d}"
            phone, email = f"+1415555{i:04d}", f"customer{i:04d}@example.org"
            put_entity(store, ns, key=key, type="customer", name=name, attributes={"phone": phone, "email": email})
            said = [f"Hi, this is {name}, I would like to change my plan.",
                    f"You can reach me on {FORMATS[i % 3].format(i)} after six.",
                    f"Please send the invoice to {email}."]
            add_turns(store, ns, session=f"support-{i}", turns=[NewTurn(t, speaker="customer") for t in said])
            customers.append(key)
        erasures: list[float] = []
        scans: list[float] = []
        floors: list[float] = []
        before: list[float] = []
        raw = store.query_text("bench/count_turns")
        driver = open_driver(store.uri, store.auth, settings)  # the raw driver, no graphmem layer
        for key in customers:
            t0 = time.perf_counter()
            driver.execute_query(raw, {"ns": ns.name}, database_=settings.neo4j_database)
            floors.append(time.perf_counter() - t0)

            def scan(tx: Tx, key: str = key) -> Spellings:
                spellings = spellings_of(tx, store, ns, key)
                assert spellings is not None
                find_copies(tx, ns, key, spellings, registry)
                return spellings
            t0 = time.perf_counter()
            spellings = store.read_tx(scan)
            scans.append(time.perf_counter() - t0)
            if len(before) < BASELINE_RUNS:  # the design before the reach table: slow, so timed a few times
                t0 = time.perf_counter()
                store.read("bench/scan_every_property", ns=ns, key=key, words=spellings.probe_words(),
                           digits=spellings.probe_digits())
                before.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            record = erase_entity(store, ns, key=key, reason="bench", by="bench")
            erasures.append(time.perf_counter() - t0)
            if record.turns < 3:
                raise click.ClickException(f"erasing {key} hid {record.turns} turns, not its 3")

        driver.close()

        def row(label: str, xs: list[float]) -> str:
            return (f"{label:<34} p50 {statistics.median(xs) * 1000:8.1f} ms   p95 {pct(xs, 95) * 1000:8.1f} ms"
                    f"   max {max(xs) * 1000:8.1f} ms")

        click.echo(f"{bulk + 3 * people} turns, {people} erasures")
        click.echo(row("erase_entity (whole transaction)", erasures))
        click.echo(row("candidate scan alone (find_copies)", scans))
        click.echo(row("raw driver: count the turns", floors))
        click.echo(row(f"before: every property ({len(before)} runs)", before))
        click.echo(f"scan before / scan now: {statistics.median(before) / statistics.median(scans):.1f}x")
        click.echo(f"erasure / label-scan floor: {statistics.median(erasures) / statistics.median(floors):.1f}x"
                   f"   goal p50 <= 1000 ms: {'met' if statistics.median(erasures) <= 1.0 else 'NOT met'}")

    with open_store(settings) as store:
        try:
            run(store)
        finally:
            if not keep:
                purge_namespace(store, ns.name)

