"""`graphmem bench name_recall`: `/recall` on a question that names a person, beside the exact GET of the
same entity (issue 31: the name question should cost at most 1.5x the GET).

Like `bench key_recall` (its population, its server, its interleaved measurement), but every customer has a
full name of its own ("Rivor Melina") and the questions name it the way people do: "what is Rivor Melina's
plan?", "what plan was rivor melina on on 3 March 2024?", "Which plan does Mr. Melina have?" is not asked (a
surname that dozens share is ambiguous by design). Per size (`--people 2000,20000`) it prints GET and /recall
p50/p99, their ratio, and right / stale shares of each side. The warm-up lasts until the server answers from
its copy of the names (the steady state). The namespaces are purged unless --keep.
"""

from __future__ import annotations

import logging
import random
import time
from datetime import datetime, timedelta

import click

from graphmem.settings import load_settings
from graphmem.store import open_store
from graphmem_tools.bench.key_recall import (
    BASE,
    MONTHS,
    UTC,
    Question,
    bench_namespace,
    measure,
    populate,
    report,
    shared_options,
)

# syllables of made-up names: no English word, month, weekday or title among the names they make
ONSETS = ("Ta", "Me", "Ko", "Ri", "Sa", "Lu", "Va", "No", "Ze", "Bi", "Do", "Fe", "Gu", "Ha", "Ji", "Ku", "Lo",
          "Mi", "Ny", "Po", "Qu", "Ro", "Si", "Tu", "Wo", "Xa", "Yo", "Zu", "Be", "Ce")
CODAS = ("vor", "lin", "ran", "dek", "mus", "tov", "zar", "pel", "gan", "rik", "sol", "ver", "nix", "dal", "mor",
         "kel", "tin", "bar", "fen", "lor")


def full_name(i: int) -> str:
    """A unique made-up full name per person: 600 first names x 600 surnames. Surnames end in "a", first
    names never do: no two people hold the same words in another order (Zhang Wei / Wei Zhang would be one
    name to recall, read as ambiguous)."""
    first, last = i % 600, (i // 600 + i * 7) % 600
    return f"{ONSETS[first % 30]}{CODAS[first // 30 % 20]} {ONSETS[last // 20 % 30]}{CODAS[last % 20]}a"


def questions(people: int, count: int, rng: random.Random, now: datetime) -> list[Question]:
    out: list[Question] = []
    for n in range(count):
        i = rng.randrange(people)
        name = full_name(i)
        if n % 2 == 0:
            out.append(("current", f"what is {name}'s plan?" if n % 4 == 0 else f"Which plan is {name.lower()} on?",
                        i, now))
        else:
            day = BASE + timedelta(days=rng.randrange((now - BASE).days - 1))
            words = f"{day.day} {MONTHS[day.month - 1]} {day.year}"
            end = day + timedelta(days=1) - timedelta(microseconds=1)
            out.append(("as-of", f"what plan was {name} on, on {words}?", i, end))
    return out


@click.command()
@click.option("--people", default="2000,20000", show_default=True, help="namespace sizes, comma-separated")
@shared_options
def command(people: str, count: int, batch: int, seed: int, keep: bool) -> None:
    """p50/p99 of /recall on name questions vs the exact GET of the same entity, per size, with correctness."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    sizes = [int(p) for p in people.split(",") if p.strip()]
    if len({full_name(i) for i in range(max(sizes))}) != max(sizes):
        raise click.UsageError(f"at most {600 * 600:,} people have a name of their own here")
    settings = load_settings()
    with open_store(settings) as store:
        for size in sizes:
            with bench_namespace(store, "bench-namerecall", keep) as ns:
                started = time.perf_counter()
                populate(store, ns, size, batch, name=full_name)
                click.echo(f"namespace {ns.name}: {size:,} people populated in {time.perf_counter() - started:.1f}s")
                report(measure(settings, ns, questions(size, count, random.Random(seed), datetime.now(UTC)), copied=True),
                       what=f"name questions at {size:,} people")
