"""`graphmem bench ingest`: turn writes to one session, one writer and many, measured in one run.

Why: writers to one session serialise on the session's lock (graphmem.channels.conversation.turns);
this shows what that costs. In its own namespace it times
- one writer adding `--single` turns, one call each: p50/p99 latency per turn;
- `--writers` threads adding `--per-writer` turns each to one fresh session: turns/s, errors, and
  whether the session came out whole (seq 1..N gapless, one NEXT chain, every turn in exactly one of
  the window and the summary chunks).
Both phases fold turns that leave the window (default window size), as real writes do.
The namespace is purged at the end unless --keep.
"""

from __future__ import annotations

import threading
import time
from typing import Any
from uuid import uuid4

import click

from graphmem.channels.conversation import NewTurn, add_turn
from graphmem.settings import load_settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace


def pct(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000


def session_check(store: Store, ns: Namespace, session: str) -> dict[str, Any]:
    """Seq gapless, NEXT chain in seq order, every turn covered at most once: what the run left behind."""
    rows = store.read("turns/session_shape", ns=ns.name, session=session)
    row = rows[0] if rows else {}
    return {"turns": row.get("turns", 0), "gapless": row.get("gapless", False),
            "chain_ok": row.get("chain_ok", False), "covered_twice": row.get("covered_twice", -1)}


@click.command()
@click.option("--single", default=60, show_default=True, help="turns written by the lone writer")
@click.option("--writers", default=16, show_default=True, help="concurrent writers on one session")
@click.option("--per-writer", default=10, show_default=True, help="turns each concurrent writer adds")
@click.option("--keep", is_flag=True, help="keep the namespace for inspection")
def command(single: int, writers: int, per_writer: int, keep: bool) -> None:
    """Time single-writer latency and many-writer throughput on one session."""
    settings = load_settings()
    ns = Namespace(f"bench-ingest-{uuid4().hex[:8]}")
    with open_store(settings) as store:
        try:
            add_turn(store, ns, session="warm", turn=NewTurn("warming the model up"))
            lone: list[float] = []
            for i in range(single):
                started = time.perf_counter()
                add_turn(store, ns, session="lone", turn=NewTurn(f"lone writer turn {i} about order ORD-{i:04d}"))
                lone.append(time.perf_counter() - started)
            click.echo(f"1 writer, {single} turns: p50 {pct(lone, 50):.1f} ms p99 {pct(lone, 99):.1f} ms")

            errors: list[str] = []

            def writer(w: int) -> None:
                for i in range(per_writer):
                    try:
                        add_turn(store, ns, session="busy", turn=NewTurn(f"writer {w} says {i}", speaker=f"w{w}"))
                    except Exception as exc:  # counted and reported: the point of the run
                        errors.append(f"{type(exc).__name__}: {exc}")

            threads = [threading.Thread(target=writer, args=(w,)) for w in range(writers)]
            started = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            took = time.perf_counter() - started
            total = writers * per_writer
            shape = session_check(store, ns, "busy")
            click.echo(f"{writers} writers x {per_writer} turns: {total - len(errors)}/{total} stored in {took:.2f}s "
                       f"= {(total - len(errors)) / took:.1f} turns/s, {len(errors)} errors "
                       f"({len(errors) / total:.1%})")
            click.echo(f"  session: {shape['turns']} turns, seq gapless {shape['gapless']}, "
                       f"NEXT chain in seq order {shape['chain_ok']}, turns covered twice {shape['covered_twice']}")
            for e in sorted(set(errors))[:5]:
                click.echo(f"  error: {e}")
        finally:
            if keep:
                click.echo(f"kept namespace {ns.name}")
            else:
                purge_namespace(store, ns.name)
