"""`graphmem bench workflows`: induction time for 10,000 trajectories and matching latency, with
the quality of the match on held-out runs, measured side by side in one run.

Trajectories come from the synthetic task families in the repository's `tests/workflow_families.py`
(ground-truth procedures with noise: concrete values, extra steps, a reordered pair, failures at
known steps). Printed, all in one namespace that is purged at the end (unless --keep):
- induction of N trajectories (procedures, shared sub-workflows): pure in memory, then offline from Neo4j (read, induce, write, one
  transaction) after a bulk load; their ratio is what storage costs on top of induction;
- online induction: M more trajectories reported one by one (each re-induces its group);
- matching p50/p99 by task text (query embedding included, cache cleared before each query) next
  to matching by task_type (no model), and the held-out quality: right workflow, steps covered (by the steps returned,
  fitted to the task),
  task parameters filled.
"""

from __future__ import annotations

import importlib
import math
import statistics
import sys
import time
from collections import defaultdict
from types import ModuleType
from typing import Any
from uuid import uuid4

import click

from graphmem.settings import load_settings
from graphmem.store import open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.paths import REPO_ROOT
from graphmem_tools.bench._percentile import pct
from graphmem_tools.progress import bar, quiet_option


def _families() -> ModuleType:
    """The synthetic families live with the tests; a source checkout (editable install) has them."""
    tests = REPO_ROOT / "tests"
    if not (tests / "workflow_families.py").is_file():
        raise click.ClickException(f"tests/workflow_families.py not found under {tests.parent}: "
                                   "run from a source checkout (pip install -e .)")
    if str(tests) not in sys.path:
        sys.path.insert(0, str(tests))
    return importlib.import_module("workflow_families")


def _line(label: str, ms: list[float]) -> str:
    return f"  {label:<44} p50 {pct(ms, 50):8.1f} ms   p99 {pct(ms, 99):8.1f} ms   (n={len(ms)})"


@click.command()
@click.option("--trajectories", "n", default=10_000, show_default=True, help="trajectories induced at once")
@click.option("--online", "n_online", default=50, show_default=True, help="then reported one by one")
@click.option("--queries", "n_queries", default=210, show_default=True, help="held-out runs matched")
@click.option("--seed", default=0, show_default=True)
@click.option("--torch-threads", type=int, default=None, help="torch intra-op threads (default: torch's own)")
@click.option("--keep", is_flag=True, help="keep the namespace for a look in Neo4j Browser")
@quiet_option
def command(n: int, n_online: int, n_queries: int, seed: int, torch_threads: int | None, keep: bool,
            quiet: bool) -> None:
    """Induction time for N trajectories; matching p50/p99 and held-out accuracy."""
    import torch

    from graphmem.channels import workflow as wf
    from graphmem.induction import group_key, induce_type

    fam = _families()
    if torch_threads:
        torch.set_num_threads(torch_threads)
    settings = load_settings()
    per_family = math.ceil((n + n_online) / len(fam.FAMILIES))
    samples = fam.generate(per_family, seed=seed, id_prefix="bench")[:n + n_online]
    runs = [wf.parse_trajectory(s.body) for s in samples]
    batch, later = runs[:n], runs[n:]
    held = fam.generate(math.ceil(n_queries / len(fam.FAMILIES)), seed=seed + 1, held_out=True, failure_rate=0.0,
                        id_prefix="held")[:n_queries]
    with open_store(settings) as store:
        ns = Namespace(f"bench-workflows-{uuid4().hex[:8]}")
        click.echo(f"graphmem bench workflows: namespace {ns}, {len(fam.FAMILIES)} task families, "
                   f"torch threads {torch.get_num_threads()}")
        try:
            wf.embed_texts(settings, ["warm the model up"])
            started = time.perf_counter()
            groups: dict[str, list[Any]] = defaultdict(list)
            for r in batch:
                groups[r.task_type or ""].append(r)
            for task_type, members in groups.items():
                induce_type(members, key=group_key(task_type=task_type))
            pure_s = time.perf_counter() - started

            started = time.perf_counter()
            wf.add_trajectories(store, ns, runs=batch)
            load_s = time.perf_counter() - started
            with bar(desc="offline induction", unit="step", quiet=quiet) as b:
                def progress(done: int, total: int) -> None:
                    b.total, b.n = total, done  # a retried transaction starts over: set, do not add
                    b.refresh()

                started = time.perf_counter()
                report = wf.induce_workflows(store, ns, progress=progress)
                offline_s = time.perf_counter() - started

            online_ms = []
            for r in bar(later, desc="online induction", unit="run", quiet=quiet):
                t = time.perf_counter()
                wf.add_trajectory(store, ns, run=r)
                online_ms.append((time.perf_counter() - t) * 1000)

            by_text, by_type = [], []
            score = fam.Score()
            for s in bar(held, desc="matching", unit="run", quiet=quiet):
                wf.clear_embedding_cache()
                t = time.perf_counter()
                found = wf.match_workflows(store, ns, task=s.body["task"], k=3)
                by_text.append((time.perf_counter() - t) * 1000)
                best = found[0]  # scored on the steps returned: fitted to the task when its runs have vectors
                score.add(s, best.workflow.task_type, [st.action for st in best.steps], best.filled)
                t = time.perf_counter()
                wf.match_workflows(store, ns, task_type=s.family.task_type, k=3)
                by_type.append((time.perf_counter() - t) * 1000)

            click.echo(f"\ninduction of {len(batch):,} trajectories ({report.groups} workflows):")
            click.echo(f"  pure, in memory                    {pure_s:8.2f} s   "
                       f"({len(batch) / pure_s:,.0f} trajectories/s)")
            click.echo(f"  offline from Neo4j, one transaction {offline_s:7.2f} s   "
                       f"({len(batch) / offline_s:,.0f} trajectories/s)   ratio offline/pure "
                       f"{offline_s / pure_s:.2f}x")
            click.echo(f"  (bulk load before it                {load_s:7.2f} s)")
            if online_ms:
                click.echo(f"\nonline induction, {len(later)} more trajectories reported one by one:")
                click.echo(_line("per trajectory (re-induces its group)", online_ms))
                click.echo(f"  ratio online/offline per trajectory: "
                           f"{statistics.median(online_ms) / (offline_s * 1000 / len(batch)):,.0f}x")
            click.echo(f"\nmatching over {len(by_text)} held-out runs (paraphrased task texts, new values):")
            click.echo(_line("by task text (embedding included)", by_text))
            click.echo(_line("by task_type (no model)", by_type))
            click.echo(f"  ratio text/type at p50: {pct(by_text, 50) / pct(by_type, 50):.1f}x")
            click.echo(f"  right workflow first {score.accuracy:.1%}; held-out steps covered {score.coverage:.1%} "
                       f"(in order {score.in_order:.1%}; non-noise steps {score.ceiling:.1%}); "
                       f"task parameters filled {score.fill_rate:.1%}")
        finally:
            if keep:
                click.echo(f"kept namespace {ns}")
            else:
                purge_namespace(store, ns.name)
