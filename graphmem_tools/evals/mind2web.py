"""`graphmem eval mind2web`: workflow memory on real human web demonstrations, beside two baselines.

Data: `mind2web/mind2web_train_dev_sites.json` (the data README's mind2web section: Mind2Web training
demonstrations as kept by WebCanvas, CC BY 4.0 / MIT; 53 websites), read from --data, else from
GRAPHMEM_DATA_DIR, else the repository's ../shared/data (graphmem_tools/paths.py). Absent: skipped
with a message and exit code 0.

Protocol (the data README's "How workflow memory is scored"): per website, `--holdout` tasks are
drawn with a fixed seed; fold f holds out the f-th drawn task of every website and stores every other
task of the file as a successful trajectory THROUGH THE REST API (the app in-process on a TestClient
against the configured Neo4j; `POST /v1/{ns}/trajectories`, online induction), with task_type = the
website and each action `[op, role, text]` as the step `"<OP> <role> <text>"`, the typed or chosen
value as the arg `value`. Then `POST …/workflows/induce` (offline over the same runs: it must change
nothing) and, for each held-out task of the selected websites, `GET …/workflows?task=<text>&k=1`
with no task type (blind) and with `task_type=<website>` (told). Printed, for graphmem and the
baselines computed on the same stored runs, coverage, precision (`precision`) and their F1, and:
- site@1: the first workflow (or trajectory) comes from the held-out task's website;
- step coverage: the share of the held-out task's distinct actions (`<op> <role> <text>`; the value
  is an argument) the first workflow holds, as the same action or as the same operation on the
  same role with a parameter in place of element text that the held-out task's text names.
Baselines: the stored task nearest by token overlap (Jaccard of lower-case words), its trajectory
returned verbatim, among all stored tasks (beside blind) and among its website's (beside told); the
best single stored trajectory of the right website (an oracle).
`--sites even|odd|all` evaluates the websites at even or odd positions of the sorted website names
(every website is stored either way), so tuning on one half leaves the other to report.
"""

from __future__ import annotations

import json
import logging
import random
import re
import time
import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import click

from graphmem_tools.evals.locomo import api_client
from graphmem_tools.paths import data_file
from graphmem_tools.progress import bar, quiet_option

DATA_FILE = "mind2web/mind2web_train_dev_sites.json"
_T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
_WORD = re.compile(r"\w+")
_PARAM = re.compile(r"\{[A-Za-z0-9_]+\}")


@dataclass(frozen=True)
class Action:
    op: str
    role: str
    text: str
    value: str | None

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.op, self.role, self.text) if p)


@dataclass(frozen=True)
class Task:
    id: str
    website: str
    task: str
    actions: tuple[Action, ...]


def parse_action(raw: Sequence[str]) -> Action:
    op, role, text = (list(raw) + ["", "", ""])[:3]
    value = None
    if ":" in op:
        op, value = op.split(":", 1)
        value = value.strip()
    return Action(op.strip(), role.strip(), " ".join(text.split()), value or None)


def load(path: Path) -> list[Task]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out: list[Task] = []
    for i, item in enumerate(data):
        actions = tuple(parse_action(a) for a in item["actions"])
        if actions and item.get("task"):
            out.append(Task(f"m2w-{i:04d}", item["website"], item["task"], actions))
    return out


def steps_of(t: Task) -> list[dict[str, Any]]:
    return [{"action": a.name, "args": {"value": a.value} if a.value is not None else {}} for a in t.actions]


def _appears(text: str, task: str) -> bool:
    t = text.lower().strip()
    return len(t) >= 2 and re.search(r"(?<!\w)" + re.escape(t) + r"(?!\w)", task.lower()) is not None


def coverage(held: Task, steps: Sequence[tuple[str, dict[str, Any]]]) -> float:
    """Share of the held-out task's distinct actions (`<op> <role> <text>`; the typed or chosen value is
    an argument, not part of the action) the steps hold: the same action, or the same operation on
    the same role with a parameter where the held-out action has element text its task names."""
    wanted = {a.name: a for a in held.actions}
    if not wanted:
        return 0.0
    names = {action for action, _ in steps}
    templated = set()
    for action, _ in steps:
        op, _, rest = action.partition(" ")
        role, _, text = rest.partition(" ")
        if _PARAM.search(text):
            templated.add((op, role))
    covered = sum(1 for name, a in wanted.items()
                  if name in names or ((a.op, a.role) in templated and a.text and _appears(a.text, held.task)))
    return covered / len(wanted)


def precision(held: Task, steps: Sequence[tuple[str, dict[str, Any]]]) -> float:
    """Share of the returned steps that the held-out task takes: the same action, or the same operation
    on the same role with a parameter where the task has an action whose element text its task names
    (coverage's rule, from the other side): long workflows cannot buy coverage for free."""
    if not steps:
        return 0.0
    names = {a.name for a in held.actions}
    named = {(a.op, a.role) for a in held.actions if a.text and _appears(a.text, held.task)}
    right = 0
    for action, _ in steps:
        op, _, rest = action.partition(" ")
        role, _, text = rest.partition(" ")
        right += action in names or (bool(_PARAM.search(text)) and (op, role) in named)
    return right / len(steps)


def _tokens(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def draw_holdouts(tasks: Sequence[Task], holdout: int, seed: int) -> dict[str, list[Task]]:
    by_site: dict[str, list[Task]] = defaultdict(list)
    for t in tasks:
        by_site[t.website].append(t)
    rng = random.Random(seed)
    return {site: rng.sample(ts, min(holdout, len(ts) - 1)) for site, ts in sorted(by_site.items())}


def select_sites(sites: Sequence[str], which: str) -> list[str]:
    ordered = sorted(sites)
    if which == "all":
        return ordered
    return [s for i, s in enumerate(ordered) if i % 2 == (0 if which == "even" else 1)]


class Scores:
    def __init__(self) -> None:
        self.site: dict[str, list[float]] = defaultdict(list)
        self.cover: dict[str, list[float]] = defaultdict(list)
        self.prec: dict[str, list[float]] = defaultdict(list)
        self.f1: dict[str, list[float]] = defaultdict(list)

    def add(self, method: str, site_ok: bool | None, held: Task, steps: Sequence[tuple[str, dict[str, Any]]]) -> None:
        if site_ok is not None:
            self.site[method].append(1.0 if site_ok else 0.0)
        c, p = coverage(held, steps), precision(held, steps)
        self.cover[method].append(c)
        self.prec[method].append(p)
        self.f1[method].append(2 * p * c / (p + c) if p + c else 0.0)

    def line(self, method: str, label: str) -> str:
        s, c, p, f = self.site.get(method), self.cover[method], self.prec[method], self.f1[method]
        site = f"{sum(s) / len(s):.3f}" if s else "  —  "
        return (f"  {label:<62} site@1 {site:>6}   coverage {sum(c) / len(c):.3f}   precision "
                f"{sum(p) / len(p):.3f}   F1 {sum(f) / len(f):.3f}   (n={len(c)})")


def _verbatim(t: Task) -> list[tuple[str, dict[str, Any]]]:
    return [(a.name, {"value": a.value} if a.value is not None else {}) for a in t.actions]


def _nearest(held: Task, stored: Sequence[Task]) -> Task:
    q = _tokens(held.task)
    return max(stored, key=lambda t: (len(q & _tokens(t.task)) / (len(q | _tokens(t.task)) or 1), t.id))


def baselines(held: Task, stored: Sequence[Task], scores: Scores) -> None:
    """Verbatim demonstrations: the nearest stored task of all, the nearest of the held-out task's website
    (what an agent told its website could be handed), and the best one of the website (an oracle)."""
    nearest = _nearest(held, stored)
    scores.add("nearest", nearest.website == held.website, held, _verbatim(nearest))
    own = [t for t in stored if t.website == held.website]
    if own:
        scores.add("nearest_site", None, held, _verbatim(_nearest(held, own)))
        best = max(own, key=lambda t: (coverage(held, _verbatim(t)), precision(held, _verbatim(t)), t.id))
        scores.add("oracle", None, held, _verbatim(best))


def ingest(client: Any, ns: str, tasks: Sequence[Task], quiet: bool = True) -> None:
    for n, t in enumerate(bar(tasks, desc=f"{ns} trajectories", unit="run", quiet=quiet)):
        body = {"id": t.id, "task": t.task, "task_type": t.website, "steps": steps_of(t), "outcome": "success",
                "at": (_T0 + timedelta(seconds=n)).isoformat()}
        r = client.post(f"/v1/{ns}/trajectories", json=body)
        if r.status_code != 201:
            raise click.ClickException(f"ingest {ns}/{t.id}: {r.status_code} {r.text[:300]}")


@click.command(name="mind2web")
@click.option("--data", "data_path", type=click.Path(path_type=Path), default=None,
              help="mind2web_train_dev_sites.json (default: in GRAPHMEM_DATA_DIR, else ../shared/data)")
@click.option("--sites", "which", type=click.Choice(["even", "odd", "all"]), default="all", show_default=True,
              help="evaluate websites at even or odd positions of the sorted names (all are stored)")
@click.option("--holdout", default=3, show_default=True, help="held-out tasks per website (one fold each)")
@click.option("--seed", default=0, show_default=True)
@click.option("--keep", is_flag=True, help="keep the namespaces afterwards")
@quiet_option
def command(data_path: Path | None, which: str, holdout: int, seed: int, keep: bool, quiet: bool) -> None:
    """site@1 and step coverage of the first workflow for held-out Mind2Web tasks, with baselines."""
    path = data_file(DATA_FILE, data_path)
    if not path.is_file():
        click.echo(f"Mind2Web data not found at {path}: evaluation skipped")
        return
    from graphmem.store import purge_namespace

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    tasks = load(path)
    held_by_site = draw_holdouts(tasks, holdout, seed)
    chosen = select_sites(list(held_by_site), which)
    scores = Scores()
    by_half = {"even": Scores(), "odd": Scores()}
    halves = {s: by_half["even" if s in select_sites(list(held_by_site), "even") else "odd"] for s in held_by_site}
    started = time.perf_counter()
    offline_changed = 0
    run = uuid.uuid4().hex[:6]
    with api_client() as (client, _store):
        for fold in range(holdout):
            held = {site: ts[fold] for site, ts in held_by_site.items() if len(ts) > fold}
            held_ids = {t.id for t in held.values()}
            stored = [t for t in tasks if t.id not in held_ids]
            ns = f"eval-mind2web-{seed}-{fold}-{run}"  # a run of its own: two evaluations side by side never mix
            t0 = time.perf_counter()
            ingest(client, ns, stored, quiet)
            r = client.post(f"/v1/{ns}/workflows/induce", json={})
            if r.status_code != 200:
                raise click.ClickException(f"induce {ns}: {r.status_code} {r.text[:300]}")
            offline_changed += sum(c["change"] != "unchanged" for c in r.json()["changes"])
            t1 = time.perf_counter()
            for site in bar(chosen, desc=f"{ns} match", unit="site", quiet=quiet):
                if site not in held:
                    continue
                h = held[site]
                part = halves[site]
                for method, params in (("graphmem", {"task": h.task, "k": 1}),
                                       ("graphmem_told", {"task": h.task, "task_type": site, "k": 1})):
                    r = client.get(f"/v1/{ns}/workflows", params=params)
                    if r.status_code != 200:
                        raise click.ClickException(f"match {ns}: {r.status_code} {r.text[:300]}")
                    found = r.json()["workflows"]
                    steps = [(s["action"], s["args"]) for s in found[0]["steps"]] if found else []
                    for sc in (scores, part):
                        sc.add(method, (found[0]["task_type"] == site if found else False)
                               if method == "graphmem" else None, h, steps)
                for sc in (scores, part):
                    baselines(h, stored, sc)
            click.echo(f"fold {fold}: {len(stored)} trajectories posted and induced in {t1 - t0:.0f}s; "
                       f"matched in {time.perf_counter() - t1:.0f}s", err=True)
            if keep:
                click.echo(f"kept namespace {ns}", err=True)
            else:
                purge_namespace(_store, ns)
    click.echo(f"Mind2Web {path.name}: {len(held_by_site)} websites stored, {len(chosen)} evaluated (--sites {which}), "
               f"{holdout} held-out task(s) per website, seed {seed}, {time.perf_counter() - started:.0f}s; "
               f"offline induction after online changed {offline_changed} workflow(s)")
    parts = [("websites evaluated", scores)] + ([(f"{h} half", by_half[h]) for h in ("even", "odd")
                                                 if by_half[h].cover] if which == "all" else [])
    for title, sc in parts:
        click.echo(f"{title}:")
        click.echo(" blind (no task type):")
        click.echo(sc.line("graphmem", "graphmem (GET /workflows?task=, first workflow)"))
        click.echo(sc.line("nearest", "nearest stored task by token overlap, verbatim"))
        click.echo(" told the website (task_type):")
        click.echo(sc.line("graphmem_told", "graphmem (GET /workflows?task=&task_type=, first workflow)"))
        click.echo(sc.line("nearest_site", "nearest stored task of the website, verbatim"))
        click.echo(sc.line("oracle", "best single stored trajectory of the website (oracle)"))
