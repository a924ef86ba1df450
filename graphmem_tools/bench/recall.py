"""`graphmem bench recall`: recall latency (p50/p95/p99, embedding included) on a populated graph,
side by side with the single channel call each kind of question would otherwise need.

It builds its own namespace: users with phones, emails, cities (some moved) and orders (attributes
and relations), sessions of turns (folded into summaries), and workflows induced from trajectories.
Then it asks a fixed, seeded mix of questions (identifiers, entity keys, "how do I", a session,
open questions, Chinese, time words) through `graphmem.recall.recall`, and the same questions
through the one channel function that answers each kind, so the ratio shows what routing, merging
and rendering cost on top. The namespace is purged at the end unless --keep.

`--namespace NAME` builds the same graph inside a namespace another benchmark kept (`graphmem bench search
--keep`: 100,000 turns; `graphmem bench temporal --keep`: 100,000 entities and 1,000,000 versions) and asks
the questions there, so recall is measured on the populated graphs of the other benchmarks; that namespace
is kept, and a second run on it reuses what the first one built.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from uuid import uuid4

import click

from graphmem.instants import utcnow
from graphmem.settings import load_settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench._percentile import pct
from graphmem_tools.progress import bar, quiet_option

CITIES = ["Shanghai", "Beijing", "Shenzhen", "Hangzhou", "Chengdu", "Wuhan", "Nanjing", "Xi'an"]
NAMES = ["Li Lei", "Han Meimei", "Wang Fang", "Zhang Wei", "Liu Yang", "Chen Jie", "Alice", "Bob", "Carol"]
TASKS = {  # task_type -> (task template, steps)
    "refund": ("Refund order {o} for the customer", ["find_order", "check_refund_eligibility", "issue_refund",
                                                     "notify_customer"]),
    "reset_password": ("Reset the password of {u}", ["verify_identity", "send_reset_link"]),
    "change_address": ("Change the delivery address of order {o}", ["find_order", "check_not_shipped",
                                                                    "update_address", "confirm"]),
    "cancel_order": ("Cancel order {o}", ["find_order", "check_cancellable", "cancel", "refund_payment"]),
    "track_parcel": ("Where is the parcel of order {o}", ["find_order", "query_carrier", "reply_status"]),
    "upgrade_plan": ("Upgrade {u} to the premium plan", ["verify_identity", "quote_price", "charge", "enable"]),
}
TOPICS = ["my parcel is late", "I want to change my delivery address", "the invoice amount looks wrong",
          "can I get a discount on the next order", "the app crashes when I pay", "I moved to a new city",
          "please cancel my subscription", "how long does a refund take"]


SESSION_PREFIX = "recall-"  # apart from the sessions of a namespace another benchmark filled


def _phone(i: int) -> str:
    return f"1{3 + i % 7}{i % 10}-{(i * 7919) % 10000:04d}-{i % 10000:04d}"


@dataclass
class Timings:
    recall: dict[str, list[float]] = field(default_factory=dict)
    channel: dict[str, list[float]] = field(default_factory=dict)

    def add(self, kind: str, recall_s: float, channel_s: float | None) -> None:
        self.recall.setdefault(kind, []).append(recall_s * 1000)
        if channel_s is not None:
            self.channel.setdefault(kind, []).append(channel_s * 1000)


def build(store: Store, ns: Namespace, *, users: int, sessions: int, turns: int, rng: random.Random,
          quiet: bool = True) -> None:
    """Populate the namespace through the channels' public functions (bulk where they offer it)."""
    from graphmem.channels import graph, temporal, workflow
    from graphmem.channels.fact_records import EntitySpec, FactSpec
    from graphmem.induction import make_run

    start = utcnow() - timedelta(days=120)
    batch = store.services.settings.max_batch // 2
    specs = []
    for i in range(users):
        specs.append(EntitySpec(f"U-{i:05d}", "user", NAMES[i % len(NAMES)], {
            "phone": _phone(i), "email": f"user{i}@example.com", "city": CITIES[i % len(CITIES)],
            "order_id": f"ORD-{i:05d}"}, valid_from=start))
        specs.append(EntitySpec(f"ORD-{i:05d}", "order", None, {"status": "shipped", "amount": 10 + i % 90},
                                valid_from=start))
    for j in range(0, len(specs), batch):
        temporal.put_entities(store, ns, entities=specs[j:j + batch])
    moves = [FactSpec(f"U-{i:05d}", "city", CITIES[(i + 3) % len(CITIES)], valid_from=start + timedelta(days=60))
             for i in range(0, users, 10)]
    for j in range(0, len(moves), batch):
        temporal.assert_facts(store, ns, facts=moves[j:j + batch])
    for i in range(0, users, max(1, users // 200)):
        graph.relate(store, ns, source_key=f"U-{i:05d}", type="PLACED", target_key=f"ORD-{i:05d}", valid_from=start)

    runs = []
    for t, (task_type, (template, actions)) in enumerate(TASKS.items()):
        for r in range(5):
            o, u = f"ORD-{rng.randrange(users):05d}", f"user{rng.randrange(users)}"
            runs.append(make_run(id=f"{task_type}-{r}", task=template.format(o=o, u=u), task_type=task_type,
                                 outcome="success", steps=[{"action": a, "args": {"ref": o}} for a in actions]))
    workflow.add_trajectories(store, ns, runs=runs)
    workflow.induce_workflows(store, ns)
    _build_conversation(store, ns, sessions=sessions, turns=turns, users=users, start=start, rng=rng, quiet=quiet)


def _build_conversation(store: Store, ns: Namespace, *, sessions: int, turns: int, users: int, start: datetime,
                        rng: random.Random, quiet: bool = True) -> None:
    """Sessions of turns through the turns channel, when it is installed."""
    import importlib.util

    if importlib.util.find_spec("graphmem.channels.conversation.turns") is None:
        click.echo("  (turns channel not installed: no sessions)", err=True)
        return
    from graphmem.channels.conversation import NewTurn, add_turns

    for s in bar(range(sessions), desc=f"seed {ns.name} sessions", unit="session", quiet=quiet):
        user = rng.randrange(users)
        at = start + timedelta(days=s * 3)
        batch = []
        for t in range(turns):
            topic = TOPICS[(s + t) % len(TOPICS)]
            text = (f"User U-{user:05d} says {topic} (order ORD-{user:05d})" if t % 2 == 0
                    else f"Agent answers about {topic}; we will follow up.")
            batch.append(NewTurn(text=text, role="user" if t % 2 == 0 else "assistant",
                                               at=at + timedelta(minutes=t)))
        add_turns(store, ns, session=f"{SESSION_PREFIX}{s}", turns=batch)


def questions(users: int, sessions: int, rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """The seeded question mix: (kind, recall arguments)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for _ in range(40):
        i = rng.randrange(users)
        out.append(("identifier", {"query": f"What is the order number of user {_phone(i)}?"}))
        out.append(("identifier", {"query": f"用户{_phone(i)}的订单号是什么？"}))
        out.append(("entity key", {"query": f"Where does U-{i:05d} live as of last month?"}))
    for _ in range(20):
        task = rng.choice(list(TASKS))
        out.append(("workflow", {"query": f"How do I {task.replace('_', ' ')}?"}))
    if sessions:
        for _ in range(20):
            out.append(("session", {"query": "what did we agree?",
                                    "session": f"{SESSION_PREFIX}{rng.randrange(sessions)}"}))
        for _ in range(30):
            out.append(("semantic", {"query": rng.choice(TOPICS) + "?"}))
            out.append(("semantic", {"query": f"what did users complain about last week? {rng.choice(TOPICS)}"}))
    rng.shuffle(out)
    return out


def _channel_call(store: Store, ns: Namespace, kind: str, args: dict[str, Any]) -> Callable[[], Any] | None:
    """The one channel call that answers this kind of question alone (the side-by-side baseline)."""
    from graphmem.channels import exact, workflow
    from graphmem.identifiers import find_identifiers
    from graphmem.recall import candidate_keys

    q = args["query"]
    if kind == "identifier":
        value = find_identifiers(q)[0].value
        return lambda: exact.read_entities(store, ns, keys=[e.key for e in exact.lookup(
            store, ns, attribute="phone", value=value).entities])
    if kind == "entity key":
        key = next(t for t in candidate_keys(q) if t.startswith("U-"))
        return lambda: exact.read_entities(store, ns, keys=[key])
    if kind == "workflow":
        return lambda: workflow.match_workflows(store, ns, task=q, k=10)
    import importlib.util

    if importlib.util.find_spec("graphmem.channels.search") is None:
        return None
    from graphmem.channels import search

    if kind == "session" and importlib.util.find_spec("graphmem.channels.conversation.window") is not None:
        from graphmem.channels.conversation import window

        return lambda: window.read_window(store, ns, session=args["session"])
    return lambda: search.search(store, ns, query=q, k=10)


def measure(store: Store, ns: Namespace, qs: list[tuple[str, dict[str, Any]]], rounds: int,
            quiet: bool = True) -> Timings:
    from graphmem.recall import recall

    timings = Timings()
    for _ in bar(range(rounds), desc="rounds of questions", unit="round", quiet=quiet):
        for kind, args in qs:
            t0 = time.perf_counter()
            recall(store, ns, **args)
            t1 = time.perf_counter()
            call = _channel_call(store, ns, kind, args)
            t2 = time.perf_counter()
            if call is not None:
                call()
            t3 = time.perf_counter()
            timings.add(kind, t1 - t0, t3 - t2 if call is not None else None)
    return timings


def report(t: Timings) -> None:
    click.echo(f"{'kind':<12} {'n':>5} {'recall p50':>11} {'p95':>7} {'p99':>7}   {'channel p50':>11} {'p99':>7}"
               f"   {'ratio p50':>9}")
    every: list[float] = []
    for kind in sorted(t.recall):
        r, c = t.recall[kind], t.channel.get(kind, [])
        every += r
        ratio = f"{statistics.median(r) / statistics.median(c):.2f}x" if c else "-"
        click.echo(f"{kind:<12} {len(r):>5} {pct(r, 50):>9.1f}ms {pct(r, 95):>5.1f}ms {pct(r, 99):>5.1f}ms   "
                   + (f"{pct(c, 50):>9.1f}ms {pct(c, 99):>5.1f}ms" if c else f"{'-':>11} {'-':>7}")
                   + f"   {ratio:>9}")
    click.echo(f"{'all':<12} {len(every):>5} {pct(every, 50):>9.1f}ms {pct(every, 95):>5.1f}ms "
               f"{pct(every, 99):>5.1f}ms   goal p99 <= 80 ms: {'met' if pct(every, 99) <= 80 else 'NOT met'}")


@click.command()
@click.option("--users", default=1000, show_default=True, help="users (each with an order entity)")
@click.option("--sessions", default=20, show_default=True)
@click.option("--turns", default=24, show_default=True, help="turns per session")
@click.option("--rounds", default=2, show_default=True, help="times the question mix is asked")
@click.option("--seed", default=7, show_default=True)
@click.option("--keep", is_flag=True, help="keep the namespace (it is printed)")
@click.option("--namespace", "name", default=None,
              help="build into and measure this namespace (kept), e.g. one kept by bench search or bench temporal")
@quiet_option
def command(users: int, sessions: int, turns: int, rounds: int, seed: int, keep: bool, name: str | None,
            quiet: bool) -> None:
    """Recall p50/p95/p99 (embedding included) vs the single channel call, on a graph it builds."""
    from graphmem.channels.exact import read_entities
    from graphmem.embedding import get_embedder
    from graphmem.errors import InvalidNamespace
    from graphmem.recall import recall

    rng = random.Random(seed)
    settings = load_settings()
    try:
        ns = Namespace.parse(name) if name else Namespace(f"bench-recall-{uuid4().hex[:8]}")
    except InvalidNamespace as exc:
        raise click.BadParameter(str(exc), param_hint="--namespace") from None
    keep = keep or name is not None
    with open_store(settings) as store:
        try:
            t0 = time.perf_counter()
            if read_entities(store, ns, keys=[f"U-{users - 1:05d}"]):
                click.echo(f"{ns.name} already holds this benchmark's graph: not built again", err=True)
                rng = random.Random(seed + 1)  # the build's draws are skipped: another (seeded) question mix
            else:
                build(store, ns, users=users, sessions=sessions, turns=turns, rng=rng, quiet=quiet)
                click.echo(f"built into {ns.name}: {users} users + {users} orders, {sessions} sessions x {turns} "
                           f"turns, {len(TASKS)} workflows in {time.perf_counter() - t0:.1f}s", err=True)
            store.autocommit("admin/await_indexes")
            size = store.read("admin/namespace_size", ns=ns)[0]
            click.echo(f"{ns.name} holds {size['entities']:,} entities, {size['versions']:,} fact versions, "
                       f"{size['turns']:,} turns, {size['summaries']:,} summaries", err=True)
            qs = questions(users, sessions, rng)
            get_embedder(settings).embed(["warm up"])
            for _, args in qs[:20]:  # warm caches, query plans and dateparser's locales
                recall(store, ns, **args)
            report(measure(store, ns, qs, rounds, quiet))
        finally:
            if keep:
                click.echo(f"kept namespace {ns.name}", err=True)
            else:
                purge_namespace(store, ns.name)
