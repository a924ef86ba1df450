"""`graphmem bench key_recall`: `/recall` on a key question beside the exact GET on the same question.

A key question names an entity key and asks one of its attributes, now or as of a date written in words
("what is the plan of customer C-17?", "what was C-17's plan on 3 March 2024?"). The exact channel alone
answers it (`graphmem.recall.plan.key_answer`), so `/recall` should cost about what
`GET /v1/{ns}/entities/{key}?valid_at=...` costs. The bench fills its own namespace (people with a phone,
a city and a plan that changed once or twice at per-person dates), starts `graphmem serve` in its own
process (`service.RestServer`: one keep-alive `http.client` connection, the transport the
lookup bench uses) and asks each question both ways, interleaved question by question so both see the
same load. It prints p50/p99 of each, their ratio, and the correctness of each side: right (the plan true
at that time), stale (another plan value among the results), and how many recalls took the fast path.
The namespace is purged at the end unless --keep.
"""

from __future__ import annotations

import http.client
import json
import logging
import random
import time
from contextlib import closing
from datetime import datetime, timedelta, timezone
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar
from urllib.parse import quote, urlencode
from uuid import uuid4

import click

from graphmem.channels.fact_records import EntitySpec, FactSpec
from graphmem.channels.temporal import assert_facts, put_entities
from graphmem.settings import load_settings
from graphmem.store import open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench.temporal import pct
from graphmem_tools.service import RestServer

F = TypeVar("F", bound=Callable[..., Any])
UTC = timezone.utc
BASE = datetime(2023, 1, 1, tzinfo=UTC)
PLANS = ("basic", "silver", "gold", "platinum")
CITIES = ("Leeds", "York", "Bath", "Hull", "Ely")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
FAST = "the semantic channels were not asked"  # the words of the fast path's route line


def timeline(i: int) -> list[tuple[datetime, str]]:
    """Person i's plan runs: basic from BASE, then one or two changes at dates that differ per person."""
    first = BASE + timedelta(days=200 + i % 400)
    runs = [(BASE, PLANS[0]), (first, PLANS[1 + i % 3])]
    if i % 2:
        runs.append((first + timedelta(days=150 + i % 90), PLANS[(2 + i) % 4 or 1]))
    return runs


def plan_at(i: int, t: datetime) -> str:
    return [value for start, value in timeline(i) if start <= t][-1]


def populate(store: Any, ns: Namespace, people: int, batch: int,
             name: Callable[[int], str] = lambda i: f"Person {i}") -> None:
    for start in range(0, people, batch):
        put_entities(store, ns, max_batch=batch, entities=[
            EntitySpec(f"C-{i}", "customer", name(i), valid_from=BASE,
                       attributes={"phone": f"+44 20 7946 {i:04d}", "city": CITIES[i % len(CITIES)], "plan": "basic"})
            for i in range(start, min(people, start + batch))])
    changes = [FactSpec(f"C-{i}", "plan", value, valid_from=at)
               for i in range(people) for at, value in timeline(i)[1:]]
    for start in range(0, len(changes), batch):
        assert_facts(store, ns, max_batch=batch,
                     facts=[FactSpec(f.entity, f.attribute, f.value, f.valid_from, where=f"facts.{j}.")
                            for j, f in enumerate(changes[start:start + batch])])


def questions(people: int, count: int, rng: random.Random, now: datetime) -> list[tuple[str, str, int, datetime]]:
    """(kind, question, person, valid_at): half current, half as of a day written in words."""
    out = []
    for n in range(count):
        i = rng.randrange(people)
        if n % 2 == 0:
            out.append(("current", f"what is the plan of customer C-{i}?", i, now))
        else:
            day = BASE + timedelta(days=rng.randrange((now - BASE).days - 1))
            words = f"{day.day} {MONTHS[day.month - 1]} {day.year}"
            end = day + timedelta(days=1) - timedelta(microseconds=1)  # "on <day>" reads the end of that day
            out.append(("as-of", f"what was C-{i}'s plan on {words}?", i, end))
    return out


def judge(values: list[Any], expected: str) -> tuple[bool, bool]:
    """(right, stale): the plan true then is given; another plan value is given."""
    return expected in values, any(v != expected for v in values)


def shared_options(fn: F) -> F:
    """--questions, --batch, --seed, --keep: the options this bench shares with `bench name_recall`."""
    for option in reversed([
            click.option("--questions", "count", default=400, show_default=True,
                         help="questions (half current, half as-of)"),
            click.option("--batch", default=500, show_default=True),
            click.option("--seed", default=7, show_default=True),
            click.option("--keep", is_flag=True, help="keep the namespace for inspection")]):
        fn = option(fn)
    return fn


@contextmanager
def bench_namespace(store: Any, prefix: str, keep: bool) -> Iterator[Namespace]:
    """A namespace of its own for one run, purged afterwards unless kept."""
    ns = Namespace(f"{prefix}-{uuid4().hex[:8]}")
    try:
        yield ns
    finally:
        if keep:
            click.echo(f"kept namespace {ns.name}")
        else:
            purge_namespace(store, ns.name)
            click.echo(f"purged {ns.name}")


@click.command()
@click.option("--people", default=2000, show_default=True, help="customers in the namespace")
@shared_options
def command(people: int, count: int, batch: int, seed: int, keep: bool) -> None:
    """p50/p99 of /recall on key questions vs the exact GET on the same questions, with correctness."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    rng = random.Random(seed)
    settings = load_settings()
    with open_store(settings) as store, bench_namespace(store, "bench-keyrecall", keep) as ns:
        started = time.perf_counter()
        populate(store, ns, people, batch)
        click.echo(f"namespace {ns.name}: {people:,} people populated in {time.perf_counter() - started:.1f}s")
        report(measure(settings, ns, questions(people, count, rng, datetime.now(UTC))))


Question = tuple[str, str, int, datetime]  # (kind, question, person, valid_at)


def measure(settings: Any, ns: Namespace, qs: Sequence[Question], *,
            copied: bool = False) -> dict[str, dict[str, list[float]]]:
    """Each question through GET (person i's entity at valid_at) and /recall, interleaved, alternating who
    goes first, over one keep-alive connection to `graphmem serve` in its own process; times and judgements.

    `copied`: the warm-up goes on until the server answers name questions from its copy of the namespace's
    names (made in the background when a namespace is first asked by name: about 1.5 s at 20,000 people, while
    the full-text index answers), so that the figures are the steady state's, not the first seconds'."""
    stats: dict[str, dict[str, list[float]]] = {}
    with RestServer(settings) as server, closing(http.client.HTTPConnection("127.0.0.1", server.port)) as conn:
        def call(method: str, path: str, body: dict[str, Any] | None = None) -> tuple[float, Any]:
            t0 = time.perf_counter()
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"content-type": "application/json"} if body is not None else {})
            r = conn.getresponse()
            raw = r.read()
            elapsed = time.perf_counter() - t0
            assert r.status == 200, raw[:300]
            return elapsed, json.loads(raw) if r.getheader("content-type", "").startswith("application/json") else raw

        def get(i: int, at: datetime) -> tuple[float, list[Any]]:
            s, out = call("GET", f"/v1/{ns.name}/entities/{quote(f'C-{i}')}?" + urlencode({"valid_at": at.isoformat()}))
            return s, [f["value"] for f in out["facts"] if f["attribute"] == "plan"]

        def ask(q: str) -> tuple[float, list[Any], bool]:
            s, out = call("POST", f"/v1/{ns.name}/recall", {"query": q})
            fast = any(FAST in step["reason"] for step in out["route"])
            return s, [r.get("value") for r in out["results"] if r.get("attribute") == "plan"], fast

        for kind, q, i, at in qs[:20]:  # warm both paths (plans, connections, the model)
            get(i, at)
            ask(q)
        if copied and qs:
            _until_copied(lambda: call("GET", "/metrics")[1], lambda n: ask(qs[n % min(20, len(qs))][1]))
        for n, (kind, q, i, at) in enumerate(qs):
            expected = plan_at(i, at)
            for side in (("get", "recall") if n % 2 == 0 else ("recall", "get")):  # alternate who goes first
                s = stats.setdefault(kind, {"get": [], "recall": [], "get_right": [], "get_stale": [],
                                            "recall_right": [], "recall_stale": [], "fast": []})
                if side == "get":
                    seconds, values = get(i, at)
                else:
                    seconds, values, fast = ask(q)
                    s["fast"].append(float(fast))
                right, stale = judge(values, expected)
                s[side].append(seconds)
                s[f"{side}_right"].append(float(right))
                s[f"{side}_stale"].append(float(stale))
    return stats


def _until_copied(metrics: Callable[[], bytes], ask: Callable[[int], object], limit: float = 60.0) -> None:
    """Ask warm-up questions until `graphmem_name_copy_reads_total{outcome="answered"}` moves (at most `limit`
    seconds: a server that never copies is measured as it is, and said so)."""
    def answered() -> float:
        line = next((ln for ln in metrics().decode().splitlines()
                     if ln.startswith('graphmem_name_copy_reads_total{outcome="answered"}')), None)
        return float(line.split()[-1]) if line else 0.0

    before, started, n = answered(), time.monotonic(), 0
    while answered() <= before:
        if time.monotonic() - started > limit:
            click.echo(f"warning: no name question answered from the copy of the names after {limit:.0f}s of warm-up")
            return
        ask(n)
        n += 1


def report(stats: dict[str, dict[str, list[float]]], what: str = "key questions") -> None:
    click.echo(f"{sum(len(s['get']) for s in stats.values())} {what}, interleaved GET and /recall, one keep-alive "
               "connection each side")
    for kind, s in stats.items():
        g50, g99, r50, r99 = pct(s["get"], 50), pct(s["get"], 99), pct(s["recall"], 50), pct(s["recall"], 99)
        click.echo(
            f"{kind:<8} n={len(s['get'])}: GET p50 {g50:.2f} ms p99 {g99:.2f} ms | /recall p50 {r50:.2f} ms "
            f"p99 {r99:.2f} ms | ratio p50 {r50 / g50:.2f}x p99 {r99 / g99:.2f}x")
        click.echo(
            f"{'':<8} right: GET {_share(s['get_right'])} /recall {_share(s['recall_right'])} | stale: GET "
            f"{_share(s['get_stale'])} /recall {_share(s['recall_stale'])} | /recall fast path {_share(s['fast'])}")


def _share(flags: list[float]) -> str:
    return f"{100 * sum(flags) / len(flags):.1f}%" if flags else "-"
