"""`graphmem check erasure`: randomized erasure examples, each from one seed, against the real service.

An example writes a tenant (a fresh namespace) through the REST API: people, facts with several
versions, relations and a relation property naming the subject, another entity's attribute holding the
subject's phone, turns that name the subject in every spelling (before and after it exists, as speaker
and in metadata), folded into summaries by a small window, trajectories of several task types whose
jobs share steps (so induction makes procedures and sub-workflows), induced online and in batch,
idempotent writes. Which of these hold the subject, how many there are, their order and outcomes are
drawn from the seed. Then it erases the subject, writes more about other people, sometimes erases a
second person, and purges; after each step every read route in every view is called. A failure is an
answer 5xx, or a spelling of an erased person in an application-view answer after the erasure, or in
any view's answer or any stored property after the purge, or a text property the erasure reach table
(`graphmem/privacy/reach.py`) does not know. Each failure names its seed, and
`--seed N --examples 1` replays it.
"""

from __future__ import annotations

import json
import random
import re
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import click

from graphmem_tools.checks._world import Person, World, build_world

#: JSON fields that echo what the caller sent, not what memory holds
ECHOES = {"attribute", "value", "query", "terms", "start", "session", "task"}


@dataclass
class Failure:
    seed: int
    step: str
    what: str

    def __str__(self) -> str:
        return f"seed {self.seed}, after {self.step}: {self.what}"


@dataclass
class Example:
    """One seed's run: the client, the keys by role, the namespace and what it wrote."""

    seed: int
    client: Any  # fastapi.testclient.TestClient
    tokens: dict[str, str]
    world: World
    failures: list[Failure] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"/v1/{self.world.ns}"

    def auth(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[role]}"}

    def call(self, role: str, method: str, path: str, **kw: Any) -> Any:
        r = self.client.request(method, self.base + path, headers={**self.auth(role), **kw.pop("headers", {})}, **kw)
        if r.status_code >= 500:
            self.failures.append(Failure(self.seed, f"{method} {path}", f"{r.status_code}: {r.text[:300]}"))
        return r


def visible_text(r: Any, sent: list[str]) -> str:
    """What an answer reveals from memory: echo fields dropped from JSON, and in an error answer (which
    may name what was asked for) the caller's own input removed."""
    if not r.headers.get("content-type", "").startswith("application/json"):
        text = str(r.text)
    else:
        body = r.json()
        if isinstance(body, dict) and "results" in body and "route" in body:  # recall: `reason` quotes the query
            body = [[{k: v for k, v in hit.items() if k != "reason"} for hit in body["results"]], body["context"]]
        elif isinstance(body, dict):
            dossier = "entity" in body and "erasures" in body  # its `key` is the path's key, asked for
            body = {k: v for k, v in body.items() if k not in ECHOES and not (dossier and k == "key")}
        text = json.dumps(body)
    if r.status_code >= 400:
        for s in sorted(sent, key=len, reverse=True):
            if len(s) >= 3:
                text = re.sub(re.escape(s), "", text, flags=re.IGNORECASE)
    return text


_JOINED = re.compile(r"(?<=\d)[\s\-().+/]{1,3}(?=\d)")


def spelled(person: Person, text: str) -> list[str]:
    """The spellings of `person` in `text`: any letter case, the phone in any format."""
    low = text.lower()
    found = [s for s in person.spellings if s.lower() in low]
    if person.phone in _JOINED.sub("", text):
        found.append(f"phone {person.phone} (any format)")
    return found


def reads(ex: Example, role: str, focus: list[Person]) -> Iterator[tuple[str, Any, list[str]]]:
    """(label, answer, what was sent) for every read route, in `role`'s own view: each route at least
    once, and for the people in `focus` every question about them (the application view asks them all,
    the other views one search and one recall each, to keep an example a few seconds long)."""
    w = ex.world
    full = role == "agent"

    def get(label: str, path: str, **params: Any) -> tuple[str, Any, list[str]]:
        sent = [*path.split("/"), *(str(v) for v in params.values())]
        return label, ex.call(role, "GET", path, params=params), sent

    def post(label: str, path: str, body: dict[str, Any]) -> tuple[str, Any, list[str]]:
        return label, ex.call(role, "POST", path, json=body), [str(v) for v in body.values()]

    k = w.keeper
    for p in [*focus, k]:
        yield get(f"entity {p.key}", f"/entities/{p.key}")
        yield get(f"history {p.key}", f"/entities/{p.key}/history")
        yield get(f"graph {p.key}", "/graph", start=p.key, depth=3)
        yield get(f"lookup phone {p.key}", "/lookup", attribute="phone", value=p.phone_formats[1])
        yield get(f"lookup email {p.key}", "/lookup", attribute="email", value=p.email)
    yield get(f"timeline {k.key}", f"/entities/{k.key}/timeline.svg")  # a picture: slow, drawn once a view
    for p in focus or [k]:
        searches = (p.secret, p.name, p.phone_formats[2], p.email, f"what is the phone of {p.name}?")
        recalls = ({"query": f"what is the phone of {p.key}?"}, {"query": f"who has phone {p.phone_formats[0]}"},
                   {"query": f"how do I refund {p.name}?"}, {"query": "profile", "entity": p.key})
        for q in searches if full else searches[:1]:
            yield post(f"search {q}", "/search", {"query": q, "k": 20})
        for body in recalls if full else recalls[1:2]:
            yield post(f"recall {body}", "/recall", body)
        yield get(f"workflows for {p.key}", "/workflows", task=f"refund the order of {p.name}")
    for order in w.orders:
        yield get(f"entity {order}", f"/entities/{order}")
    yield get("graphml", "/graph", start=w.hub, format="graphml")
    for sid in w.sessions:
        yield get(f"window {sid}", f"/sessions/{sid}/window")
        yield get(f"summary {sid}", f"/sessions/{sid}/summary")
        yield post(f"recall in {sid}", "/recall", {"query": "what did the customer say?", "session": sid})
    for tid in w.turns if full else w.turns[:1]:
        yield get(f"turn {tid}", f"/turns/{tid}")
    for task_type, group in w.groups.items():
        yield get(f"workflows {task_type}", "/workflows", task_type=task_type)
        yield get(f"workflow history {task_type}", f"/workflows/{group}/history")
    wide = {"from": "2000-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"}
    yield get("changes", "/changes", **wide)
    yield get("changes valid", "/changes", axis="valid", **wide)
    yield get("hit rate", "/stats")
    if role == "compliance":
        yield get("erasures", "/erasures")
        for p in focus:
            yield get(f"dossier {p.key}", f"/entities/{p.key}/dossier")


def exported(ex: Example) -> tuple[str, Any, list[str]]:
    """The namespace's export (admin): what an erasure hid is never in it (erased turns stripped)."""
    return "export", ex.call("admin", "GET", "/export", params={"vectors": "false"}), []


def check_reads(ex: Example, step: str, erased: list[Person], *, purged: list[Person]) -> None:
    """Every read route in every view: no 5xx anywhere; an erased person's spellings in no application
    answer, and a purged one's in no answer at all (the compliance list shows only a hash by then)."""
    for role in ("agent", "auditor", "compliance", "admin"):
        hidden = erased if role in ("agent", "admin") else purged
        for label, r, sent in (reads(ex, role, erased) if role != "admin" else [exported(ex)]):
            if not hidden or r.status_code >= 500:
                continue
            text = visible_text(r, sent)
            for p in hidden:
                if found := spelled(p, text):
                    ex.failures.append(Failure(ex.seed, step, f"{role} read {label!r} shows {p.key}: {found}"))


def check_store(ex: Example, store: Any, step: str, purged: list[Person]) -> None:
    """After a purge: no property of any node or relationship of the namespace holds a spelling."""
    from graphmem.channels.conversation import drain_folds
    from graphmem.channels.search import drain_stats, drain_touches

    drain_touches()
    drain_stats()
    drain_folds()
    nodes = store.read("admin/namespace_properties", ns=ex.world.ns)
    for row in nodes:
        text = json.dumps(row["props"], default=str)
        for p in purged:
            if found := spelled(p, text):
                ex.failures.append(Failure(ex.seed, step, f"stored {row['what']} holds {p.key}: {found}"))


def check_reach(ex: Example, store: Any) -> None:
    """Before erasing: every text property the namespace holds is one the reach table knows (erasure scans
    those only: an unknown one would keep its copy of an erased person)."""
    from graphmem.channels.conversation import drain_folds
    from graphmem.privacy.reach import unknown_text_properties

    drain_folds()
    unknown = unknown_text_properties(store.read("admin/text_properties", ns=ex.world.ns))
    if unknown:
        ex.failures.append(Failure(ex.seed, "writes", "text properties the erasure reach table does not know "
                                   f"(graphmem/privacy/reach.py REACH or UNREACHED): {', '.join(unknown)}"))


def run_example(seed: int, client: Any, tokens: dict[str, str], store: Any, *, used: list[str]) -> list[Failure]:
    """One randomized example; returns its failures (empty when erasure held). Its namespace is added to
    `used`, for the caller to delete after all examples (`purge_all`, see why there)."""
    rng = random.Random(seed)
    world = build_world(rng, ns=f"chk-{seed % 10**6}-{uuid.uuid4().hex[:8]}")
    ex = Example(seed, client, tokens, world)
    try:
        for label, method, path, kw in world.writes():
            r = ex.call("agent", method, path, **kw)
            if r.status_code >= 400 and r.status_code != 409:
                ex.failures.append(Failure(seed, f"{method} {path}", f"write answered {r.status_code}: {r.text[:200]}"))
        check_reach(ex, store)
        erased: list[Person] = []
        for n, person in enumerate(world.to_erase):
            r = ex.call("compliance", "DELETE", f"/entities/{person.key}", json={"reason": f"request {seed}-{n}"})
            if r.status_code != 200:
                ex.failures.append(Failure(seed, f"erasure of {person.key}", f"answered {r.status_code}: {r.text[:300]}"))
                return ex.failures
            erased.append(person)
            again = ex.call("compliance", "DELETE", f"/entities/{person.key}", json={"reason": "again"})
            if again.status_code != 200 or again.json().get("erased_at") != r.json().get("erased_at"):
                ex.failures.append(Failure(seed, f"second erasure of {person.key}", again.text[:200]))
            for label, method, path, kw in world.later_writes(rng):  # writes about the others, interleaved
                ex.call("agent", method, path, **kw)
            check_reads(ex, f"erasure {n + 1}", erased, purged=[])
        r = ex.call("compliance", "POST", "/purge", json={"older_than_days": 0})
        if r.status_code != 200:
            ex.failures.append(Failure(seed, "purge", f"answered {r.status_code}: {r.text[:300]}"))
            return ex.failures
        check_reads(ex, "purge", erased, purged=erased)
        check_store(ex, store, "purge", erased)
    finally:
        used.append(world.ns)
    return ex.failures


@contextmanager
def served(settings: Any, store: Any, **overrides: Any) -> Iterator[tuple[Any, dict[str, str]]]:
    """An in-process app with one key per role, for the examples (keys deleted on exit)."""
    from fastapi.testclient import TestClient

    from api.app import create_app
    from graphmem.access.keystore import create_key, revoke_key

    made = {role: create_key(store, role, ["*"], f"check erasure {role}")
            for role in ("agent", "auditor", "compliance", "admin")}
    app = create_app(settings.model_copy(update={"open": False, **overrides}), store)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client, {role: key for role, (key, _) in made.items()}
    finally:
        for _, rec in made.values():
            revoke_key(store, rec.key_id)


def run_examples(seeds: list[int], client: Any, tokens: dict[str, str], store: Any, *, workers: int = 2,
                 tick: Any = None, used: list[str] | None = None) -> list[Failure]:
    """Examples on `workers` threads against one app (each in a namespace of its own): an example mostly
    waits on Neo4j and the model, so on two cores two at once run more examples a second than one (stop 46, with
    the namespaces deleted after all examples: 3.77 s an example alone, 40 examples; the CI test's 200 in four
    parts two at a time took 142-203 s a part, 2.8-4.1 s an example; at stop 54, 155-206 s a part). The namespaces are deleted at the
    end (`purge_all`), or added to `used` for a caller that runs several batches to delete after the last."""
    from concurrent.futures import ThreadPoolExecutor

    own = used is None
    namespaces: list[str] = [] if used is None else used

    def one(n: int) -> list[Failure]:
        found = run_example(n, client, tokens, store, used=namespaces)
        if tick is not None:
            tick(n, found)
        return found

    try:
        with ThreadPoolExecutor(max(1, workers), thread_name_prefix="check-erasure") as pool:
            return [f for found in pool.map(one, seeds) for f in found]
    finally:
        if own:
            purge_all(store, namespaces)


def purge_all(store: Any, namespaces: list[str]) -> None:
    """Delete the examples' namespaces, after all of them rather than after each. Why: a namespace deleted
    after each example took whole labels (procedures, summaries) to none and back, and Neo4j replanned its
    statements on the changed counts (0.3-0.6 s each on two cores): three quarters of its time in the check."""
    from graphmem.store import purge_namespace

    for ns in namespaces:
        try:
            purge_namespace(store, ns)
        except Exception as exc:  # the others still go; `graphmem purge --namespace` deletes this one later
            click.echo(f"could not delete namespace {ns}: {type(exc).__name__}: {exc}", err=True)


@click.command("erasure")
@click.option("--examples", default=200, show_default=True, help="how many seeds to run")
@click.option("--seed", default=0, show_default=True, help="the first seed")
@click.option("--window", default=2, show_default=True, help="window size: a small one folds turns into summaries")
@click.option("--embed-writes", type=click.Choice(["inline", "background"]), default=None,
              help="turn embeddings inline or from the durable queue (default: alternate per seed)")
@click.option("--workers", default=2, show_default=True, help="examples run at once (threads, one app)")
def command(examples: int, seed: int, window: int, embed_writes: str | None, workers: int) -> None:
    """Run randomized erasure examples against the real service (the managed Neo4j unless NEO4J_URI is
    set) and print the seed of every failure; exits 1 when any example failed."""
    from graphmem.settings import load_settings
    from graphmem.store import open_store
    from graphmem_tools.progress import bar

    s = load_settings()
    started, failed = time.monotonic(), []
    modes = [embed_writes] if embed_writes else ["inline", "background"]
    with open_store(s) as store:
        for mode in modes:
            seeds = [n for n in range(seed, seed + examples) if modes[(n - seed) % len(modes)] == mode]
            if not seeds:
                continue
            with served(s, store, window_size=window, embed_writes=mode) as (client, tokens), \
                    bar(total=len(seeds), desc=f"erasure ({mode})", unit="example") as progress:
                def tick(n: int, found: list[Failure], mode: str = mode) -> None:
                    for f in found:
                        click.echo(f"FAIL {f} (embed_writes={mode})")
                    progress.update(1)

                failed += run_examples(seeds, client, tokens, store, workers=workers, tick=tick)
    bad = sorted({f.seed for f in failed})
    click.echo(f"{examples} examples from seed {seed} in {time.monotonic() - started:.0f}s: "
               f"{examples - len(bad)} held, {len(bad)} failed" + (f" (seeds {bad})" if bad else ""))
    if bad:
        raise SystemExit(1)
