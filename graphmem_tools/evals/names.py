"""`graphmem eval names`: questions that name people and companies the way people do, through `POST /recall`,
beside Graphiti on the same facts and the same questions.

The set (`_names_set.py` and its `_names_*.py` parts: 994 questions over 39 namespace shapes) is stored through the
REST API (`graphmem serve` in its own process on the configured Neo4j, as deployed, so that the p50 is the one a
caller of `/recall` sees; `--in-process`: the app in this process, through FastAPI's TestClient; one namespace per
shape): each entity by `PUT /entities/{key}`,
each fact version by `POST /facts` with its valid_from, renames last (today). A question is right when
recall's `context` holds every value it must and none it must not; a question naming several entities
must also have a route line that says the name is ambiguous. Questions alternate between two halves (A:
even positions, B: odd): tune on A, report B.

`--graphiti` puts the same fact versions into Graphiti (graphiti-core on its own managed Neo4j, with
graphmem's embedder, as `graphmem bench graphiti` does) and asks the same words through its hybrid fact
search (`EDGE_HYBRID_SEARCH_RRF`, no filters: a caller of Graphiti has none to build from the words). It is
right when its first n facts (n: the values the question must hold) hold them all and none it must not.
"""

from __future__ import annotations

import logging
import statistics
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import click

from graphmem_tools.evals.locomo import api_client, served_client
from graphmem_tools.evals._names_model import RELATIVE_YEAR, Question, World
from graphmem_tools.evals._names_set import WORLDS


@dataclass
class Tally:
    right: list[bool] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)

    def add(self, ok: bool, ms: float) -> None:
        self.right.append(ok)
        self.ms.append(ms)

    def line(self, label: str) -> str:
        n = len(self.right)
        share = sum(self.right) / n if n else 0.0
        p50 = statistics.median(self.ms) if self.ms else float("nan")
        return f"  {label:<44} {sum(self.right):>4}/{n:<4} right {share:.3f}   p50 {p50:7.1f} ms"


#: a session's turns before the questions of `--session`: an agent's chat that names no entity of any world
SMALL_TALK = [{"role": role, "text": text} for role, text in (
    ("user", "Morning! Can you help me with a few lookups today?"),
    ("assistant", "Of course. What do you need?"),
    ("user", "First, remind me what the weather was like for the offsite."),
    ("assistant", "It rained most of the afternoon, so the team stayed indoors."),
    ("user", "Right. I also need some details from the records, bear with me."),
    ("assistant", "Take your time, ask away."),
)]


def store_world(client: Any, ns: str, world: World) -> None:
    for e in world.entities:
        body: dict[str, Any] = {"type": e.type, "name": e.name, "valid_from": e.facts[0][2]}
        if e.aliases:
            body["aliases"] = list(e.aliases)
        _ok(client.put(f"/v1/{ns}/entities/{e.key}", json=body), f"PUT {e.key}")
        for attribute, value, valid_from in e.facts:
            _ok(client.post(f"/v1/{ns}/facts", json={"entity": e.key, "attribute": attribute, "value": value,
                                                     "valid_from": valid_from}), f"fact {e.key}.{attribute}")
    for e in world.entities:
        if e.renamed_to:
            _ok(client.put(f"/v1/{ns}/entities/{e.key}", json={"type": e.type, "name": e.renamed_to}),
                f"rename {e.key}")


def _ok(r: Any, what: str) -> None:
    if r.status_code not in (200, 201):
        raise click.ClickException(f"{what}: {r.status_code} {r.text[:300]}")


def questions_asked(worlds: tuple[World, ...], now: datetime) -> tuple[list[tuple[World, int, Question]], int]:
    """The worlds' questions with their position (even: half A, odd: half B), and how many there are: those with
    relative time words only in the year they were written for (RELATIVE_YEAR)."""
    asked: list[tuple[World, int, Question]] = []
    position = 0
    for world in worlds:
        for question in world.questions:
            if not (question.relative and now.year != RELATIVE_YEAR):
                asked.append((world, position, question))
            position += 1
    return asked, position


def judge(question: Question, context: str, route: list[dict[str, Any]]) -> bool:
    text = context.lower()
    held = all(h.lower() in text for h in question.holds) and not any(x.lower() in text for x in question.lacks)
    if not question.ambiguous:
        return held
    return held and any("ambiguous" in step.get("reason", "") for step in route)


def versions_of(world: World, now: datetime) -> list[Any]:
    """Every fact version as Graphiti's side takes it: a person (the entity's name today), the attribute,
    the value, [valid_from, next valid_from)."""
    from graphmem.instants import parse_instant
    from graphmem_tools.graphiti_side import Version

    out = []
    for e in world.entities:
        by_attr: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for attribute, value, valid_from in e.facts:
            by_attr[attribute].append((value, valid_from))
        for attribute, values in by_attr.items():
            for i, (value, valid_from) in enumerate(values):
                until = parse_instant(values[i + 1][1], "valid_from") if i + 1 < len(values) else None
                out.append(Version(person=e.renamed_to or e.name, attribute=attribute, value=value,
                                   valid_from=parse_instant(valid_from, "valid_from"), valid_to=until,
                                   recorded=now, superseded=None))
    return out


def judge_facts(question: Question, facts: list[str]) -> bool:
    top = " ".join(facts[:max(1, len(question.holds))]).lower()
    return all(h.lower() in top for h in question.holds) and not any(x.lower() in top for x in question.lacks)


@click.command(name="names")
@click.option("--graphiti", "with_graphiti", is_flag=True, help="ask Graphiti the same questions on the same facts "
                                                                 "(needs graphmem[graphiti]; starts its own Neo4j)")
@click.option("-v", "--verbose", is_flag=True, help="print every wrong answer")
@click.option("--session", "in_session", is_flag=True,
              help="ask every question inside a session whose window holds small talk that names nobody (as an agent "
                   "asks: a name question must not be drowned by the window)")
@click.option("--world", "only", multiple=True, metavar="NAME",
              help="ask only this namespace shape (repeatable; default all): " + ", ".join(w.name for w in WORLDS))
@click.option("--served/--in-process", default=True, show_default=True,
              help="through `graphmem serve` in its own process over loopback HTTP (as deployed), or the app in this "
                   "process through FastAPI's TestClient (whose own overhead, some 4 ms a call here, is in the p50)")
def command(with_graphiti: bool, verbose: bool, in_session: bool, only: tuple[str, ...], served: bool) -> None:
    """Right answers and p50 latency of /recall on questions that name entities (and Graphiti's, with --graphiti)."""
    from graphmem.store import purge_namespace

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    now = datetime.now(timezone.utc)
    skip_relative = now.year != RELATIVE_YEAR
    tallies: dict[str, Tally] = defaultdict(Tally)
    wrong: list[str] = []
    unknown = set(only) - {w.name for w in WORLDS}
    if unknown:
        raise click.BadParameter(f"no namespace shape {', '.join(sorted(unknown))}", param_hint="--world")
    worlds = tuple(w for w in WORLDS if not only or w.name in only)
    asked, position = questions_asked(worlds, now)
    run = uuid.uuid4().hex[:6]
    fast = 0  # answers the one exact read gave alone (the key question's fast path)
    gi_answers: dict[int, tuple[bool, float]] = {}
    with (served_client() if served else api_client()) as (client, store):
        try:
            for world in worlds:
                store_world(client, f"eval-names-{world.name}-{run}", world)
                if in_session:
                    _ok(client.post(f"/v1/eval-names-{world.name}-{run}/sessions/chat/turns/batch",
                                    json={"turns": SMALL_TALK}), f"small talk in {world.name}")
            for world, n, question in asked:
                ns = f"eval-names-{world.name}-{run}"
                started = time.perf_counter()
                r = client.post(f"/v1/{ns}/recall", json={"query": question.query, **({"session": "chat"} if in_session else {})})
                ms = (time.perf_counter() - started) * 1000
                _ok(r, f"recall {question.query!r}")
                answer = r.json()
                ok = judge(question, answer["context"], answer["route"])
                fast += any("key question" in step.get("reason", "") for step in answer["route"])
                for key in ("all", f"half {'AB'[n % 2]}", f"world {world.name}", f"kind {question.kind}"):
                    tallies[key].add(ok, ms)
                if not ok:
                    wrong.append(f"  [{'AB'[n % 2]}] {world.name}: {question.query!r} wants {question.holds}"
                                 f"{' (ambiguous)' if question.ambiguous else ''}, not {question.lacks}; "
                                 f"context: {answer['context'][:300]!r}")
            if with_graphiti:
                gi_answers = ask_graphiti(asked, now, run)
        finally:
            for world in worlds:
                purge_namespace(store, f"eval-names-{world.name}-{run}")
    click.echo(f"graphmem eval names: {position} questions over {len(worlds)} namespace shapes, {len(asked)} asked"
               + (f" ({position - len(asked)} with relative time words skipped: written for {RELATIVE_YEAR})"
                  if skip_relative else ""))
    click.echo(f"graphmem POST /recall, {'through graphmem serve over loopback HTTP' if served else 'in-process'} "
               f"(answered by the exact read alone: {fast}/{len(asked)}):")
    for key in ["all", "half A", "half B", *sorted(k for k in tallies if k.startswith("world")),
                *sorted(k for k in tallies if k.startswith("kind"))]:
        click.echo(tallies[key].line(key))
    if gi_answers:
        gi: dict[str, Tally] = defaultdict(Tally)
        for world, n, question in asked:
            ok, ms = gi_answers[n]
            for key in ("all", f"half {'AB'[n % 2]}"):
                gi[key].add(ok, ms)
        click.echo("Graphiti EDGE_HYBRID_SEARCH_RRF over the same fact versions (no LLM: its extraction is not measured):")
        for key in ("all", "half A", "half B"):
            click.echo(gi[key].line(key))
        click.echo(f"  p50 Graphiti / graphmem /recall: "
                   f"{statistics.median(gi['all'].ms) / statistics.median(tallies['all'].ms):.1f}x")
    if verbose and wrong:
        click.echo("wrong answers:")
        for line in wrong:
            click.echo(line)


def ask_graphiti(asked: list[tuple[World, int, Question]], now: datetime, run: str) -> dict[int, tuple[bool, float]]:
    import importlib.util

    if importlib.util.find_spec("graphiti_core") is None:
        raise click.ClickException("graphiti-core is not installed: pip install 'graphmem[graphiti]'")
    from graphmem.embedding import get_embedder
    from graphmem_tools.graphiti_side import GraphitiSide, fact_text, graphiti_server

    out: dict[int, tuple[bool, float]] = {}
    with graphiti_server(None, "neo4j", None) as (uri, user, password):
        gi = GraphitiSide(uri, user, password)
        try:
            for world in {w for w, _, _ in asked}:
                versions = versions_of(world, now)
                vectors = [list(v) for v in get_embedder().embed([fact_text(v) for v in versions])]
                gi.save_facts(f"names-{world.name}-{run}", versions, vectors)
            for world, n, question in asked:
                started = time.perf_counter()
                edges = gi.search_facts(f"names-{world.name}-{run}", question.query)
                out[n] = (judge_facts(question, [e.fact for e in edges]), (time.perf_counter() - started) * 1000)
        finally:
            gi.close()
    return out
