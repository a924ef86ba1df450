"""`graphmem bench relations`: typed relationships (a `WORKS_AT` relation is a `WORKS_AT` relationship) against
the shape graphmem wrote before them (one `RELATES` relationship, the type in a property), side by side.

Issue #21 asks that typed relations cost no more than the old shape: relation writes and traversal within
1.2x. Both sides run the same library code (`graph.relate`, `graph.traverse`) on the same Neo4j; the legacy
side is a second `Store` whose three relation statements are swapped for the old text kept under
`cypher/bench/legacy_*` (Cypher files, not strings). Two namespaces get the same people (three facts each:
HAS versions the typed expansion must step over), companies, and the same relation writes: `WORKS_AT`
declared single-valued (each move closes a version) and `KNOWS` many-valued. Writes and traversals are timed
interleaved, alternating which side goes first, so both see the same load. Both namespaces are purged.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from uuid import uuid4

import click

from graphmem.channels.fact_records import EntitySpec
from graphmem.channels.graph import GraphView, declare_relation_type, relate, traverse
from graphmem.channels.temporal import put_entities
from graphmem.infra.queries import load_queries
from graphmem.settings import Settings, load_settings
from graphmem.store import Store, connection_for, open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench.temporal import pct

LEGACY = {"graph/apply_relations": "bench/legacy_apply_relations",
          "graph/read_relation_lane": "bench/legacy_read_relation_lane",
          "graph/expand_frontier": "bench/legacy_expand_frontier"}
GOAL = 1.2
BASE = datetime(2024, 1, 1, tzinfo=timezone.utc)


@contextmanager
def legacy_store(settings: Settings) -> Iterator[Store]:
    """A store running the old `RELATES {type}` statements in place of the typed ones."""
    queries = dict(load_queries())
    for name, old in LEGACY.items():
        queries[name] = queries[old]
    uri, auth = connection_for(settings)
    store = Store(settings, uri, auth, queries=queries)
    try:
        yield store
    finally:
        store.close()


def populate(store: Store, ns: Namespace, people: int, companies: int) -> None:
    specs = [EntitySpec(f"C-{i}", "company", name=f"Company {i}") for i in range(companies)]
    specs += [EntitySpec(f"P-{i}", "person", name=f"Person {i}", valid_from=BASE,
                         attributes={"email": f"p{i}@example.com", "city": f"City {i % 50}", "tier": i % 5})
              for i in range(people)]
    for start in range(0, len(specs), 500):
        put_entities(store, ns, entities=specs[start:start + 500])
    declare_relation_type(store, ns, type="WORKS_AT", many=False)


def _edges(view: GraphView) -> list[tuple[str, str, str, str, str]]:
    """What a traversal found, with valid times (transaction times differ by side: written at other instants)."""
    return sorted((e.source_key, e.type, e.target_key, str(e.valid_from), str(e.valid_to)) for e in view.edges)


def side_by_side(typed: tuple[Store, Namespace], legacy: tuple[Store, Namespace], *, people: int, companies: int,
                 writes: int, walks: int, seed: int) -> tuple[dict[str, dict[str, list[float]]], int]:
    """Seconds per relate and per 2-level traverse, {kind: {"typed": [...], "legacy": [...]}}, and how many
    traversals answered differently on the two sides (0: the same writes gave the same graph)."""
    rng = random.Random(seed)
    out: dict[str, dict[str, list[float]]] = {"write": {"typed": [], "legacy": []},
                                             "traverse": {"typed": [], "legacy": []}}
    sides = {"typed": typed, "legacy": legacy}

    def timed(kind: str, call: Callable[[Store, Namespace], object], first: str) -> dict[str, object]:
        answers = {}
        for name in (first, "legacy" if first == "typed" else "typed"):
            store, ns = sides[name]
            started = time.perf_counter()
            answers[name] = call(store, ns)
            out[kind][name].append(time.perf_counter() - started)
        return answers

    for i in range(writes):
        p = f"P-{rng.randrange(people)}"
        if i % 3:
            target, kind = f"C-{rng.randrange(companies)}", "WORKS_AT"
        else:
            target, kind = f"P-{rng.randrange(people)}", "KNOWS"
        if target == p:
            continue
        vf = BASE + timedelta(days=1 + i)
        timed("write", lambda s, n: relate(s, n, source_key=p, type=kind, target_key=target, valid_from=vf),
              "typed" if i % 2 else "legacy")
    differ = 0
    after = BASE + timedelta(days=writes + 2)  # as of after the last write: every write is visible
    for i in range(walks):
        start = f"P-{rng.randrange(people)}"
        seen = timed("traverse", lambda s, n: _edges(traverse(s, n, start=start, depth=2, valid_at=after)),
                     "typed" if i % 2 else "legacy")
        differ += seen["typed"] != seen["legacy"]
    return out, differ


@click.command(name="relations")
@click.option("--people", default=2000, show_default=True)
@click.option("--companies", default=100, show_default=True)
@click.option("--writes", default=1500, show_default=True, help="relation writes per side")
@click.option("--walks", default=300, show_default=True, help="2-level traversals per side")
@click.option("--seed", default=7, show_default=True)
def command(people: int, companies: int, writes: int, walks: int, seed: int) -> None:
    """Typed relations vs the old RELATES {type} shape: relate and traverse, p50/p99 and ratios."""
    settings = load_settings()
    run = uuid4().hex[:8]
    typed_ns, legacy_ns = Namespace.parse(f"bench-rel-typed-{run}"), Namespace.parse(f"bench-rel-legacy-{run}")
    with open_store(settings) as store, legacy_store(settings) as old:
        try:
            started = time.perf_counter()
            populate(store, typed_ns, people, companies)
            populate(old, legacy_ns, people, companies)
            click.echo(f"{people:,} people (3 facts each) and {companies:,} companies in each of {typed_ns.name} and "
                       f"{legacy_ns.name} in {time.perf_counter() - started:.1f}s")
            got, differ = side_by_side((store, typed_ns), (old, legacy_ns), people=people, companies=companies,
                               writes=writes, walks=walks, seed=seed)
            for kind, label in (("write", "relate (WORKS_AT single-valued, KNOWS many)"),
                                ("traverse", "traverse depth 2 from a person")):
                t, o = got[kind]["typed"], got[kind]["legacy"]
                ratio50, ratio99 = pct(t, 50) / pct(o, 50), pct(t, 99) / pct(o, 99)
                click.echo(f"{label}, n={len(t)} each, interleaved:")
                click.echo(f"  typed  p50 {pct(t, 50):.2f} ms p99 {pct(t, 99):.2f} ms mean "
                           f"{statistics.fmean(t) * 1000:.2f} ms")
                click.echo(f"  legacy p50 {pct(o, 50):.2f} ms p99 {pct(o, 99):.2f} ms mean "
                           f"{statistics.fmean(o) * 1000:.2f} ms")
                click.echo(f"  typed / legacy: p50 {ratio50:.2f}x p99 {ratio99:.2f}x (goal <= {GOAL}x)")
            click.echo(f"traversals answered differently by the two shapes: {differ} of {walks} (expected 0)")
        finally:
            purge_namespace(store, typed_ns.name)
            purge_namespace(store, legacy_ns.name)
