"""`graphmem bench ingest`: turn writes measured in one run, beside the embedding model alone.

Why: a turn write is bounded by the model (every turn is embedded) and, for writers to one session, by
the session's lock (graphmem.channels.conversation.turns). In its own namespace it times
- the model alone on this machine: texts/s in batches, and one text's latency (the floor of both below);
- one writer POSTing `--single` turns through the REST API (in process), one per request: p50/p99, with the
  embedding inline (the default) and with `GRAPHMEM_EMBED_WRITES=background` (the POST answers before the
  model runs; `conversation.embeddings`), alternating in blocks of 10;
- a batch import of `--batch` turns through `POST …/turns/batch`, in each mode: turns/s until every turn is
  embedded, as a ratio to the model alone (background: also how fast the requests answered);
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

from graphmem.channels.conversation import NewTurn, add_turn, drain_embeddings, drain_folds
from graphmem.embedding import get_embedder
from graphmem.settings import load_settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace


def pct(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000


def session_check(store: Store, ns: Namespace, session: str) -> dict[str, Any]:
    """Seq gapless, NEXT chain in seq order, every turn covered at most once: what the run left behind."""
    rows = store.read("turns/session_shape", ns=ns, session=session)
    row = rows[0] if rows else {}
    return {"turns": row.get("turns", 0), "gapless": row.get("gapless", False),
            "chain_ok": row.get("chain_ok", False), "covered_twice": row.get("covered_twice", -1)}


def _texts(n: int, tag: str) -> list[str]:
    """Turn-like texts of varied length (a support chat: ids, places, a question now and then)."""
    words = ("order", "refund", "Lisbon", "delivery", "address", "invoice", "tomorrow", "parcel", "courier",
             "weekend", "payment", "account", "meeting", "flight", "hotel", "Friday")
    return [f"{tag} {i}: " + " ".join(words[(i * 7 + j) % len(words)] for j in range(6 + i % 18))
            + (f" ORD-{i:05d}?" if i % 3 == 0 else ".") for i in range(n)]


def embedding_floor(settings: Any, n: int) -> tuple[float, float]:
    """The model alone on this machine: texts/s embedding in batches of 64, and one text's p50 (ms)."""
    embedder = get_embedder(settings)
    texts = _texts(n, "raw")
    started = time.perf_counter()
    for i in range(0, n, 64):
        embedder.embed(texts[i:i + 64])
    rate = n / (time.perf_counter() - started)
    one: list[float] = []
    for t in texts[:40]:
        t0 = time.perf_counter()
        embedder.embed([t])
        one.append(time.perf_counter() - t0)
    return rate, pct(one, 50)


@click.command()
@click.option("--single", default=60, type=click.IntRange(min=1), show_default=True, help="turns the lone writer POSTs, one per request")
@click.option("--batch", "batch_turns", default=2000, type=click.IntRange(min=1), show_default=True,
              help="turns imported through POST …/turns/batch (100 per request, 10 sessions)")
@click.option("--writers", default=16, type=click.IntRange(min=1), show_default=True, help="concurrent writers on one session")
@click.option("--per-writer", default=10, type=click.IntRange(min=1), show_default=True, help="turns each concurrent writer adds")
@click.option("--keep", is_flag=True, help="keep the namespace for inspection")
def command(single: int, batch_turns: int, writers: int, per_writer: int, keep: bool) -> None:
    """Time live single-turn POSTs, batch import and many writers on one session, beside the raw model."""
    from fastapi.testclient import TestClient

    from api.app import create_app

    settings = load_settings().model_copy(update={"open": True})
    later = settings.model_copy(update={"embed_writes": "background"})
    ns = Namespace(f"bench-ingest-{uuid4().hex[:8]}")
    with open_store(settings) as store, TestClient(create_app(settings, store)) as http, \
            open_store(later, apply_schema=False) as store_bg, TestClient(create_app(later, store_bg)) as http_bg:
        base = f"/v1/{ns.name}"
        clients = {"inline": http, "background": http_bg}
        try:
            add_turn(store, ns, session="warm", turn=NewTurn("warming the model up"))
            raw_rate, raw_one = embedding_floor(settings, max(256, min(batch_turns, 2000)))
            embedder = get_embedder(settings)
            click.echo(f"model {embedder.name} ({embedder.dimension} dimensions) on {embedder.device}, "
                       f"backend {embedder.backend}")
            click.echo(f"model alone: {raw_rate:.0f} texts/s in batches of 64; one text p50 {raw_one:.1f} ms")

            lone: dict[str, list[float]] = {mode: [] for mode in clients}
            texts = _texts(2 * single, "lone")
            block = min(10, single)
            for i, text in enumerate(texts):  # the two modes alternate in blocks of 10: same machine state
                mode = "inline" if (i // block) % 2 == 0 else "background"
                if len(lone[mode]) == single:  # a last short block: the other mode's turns, `single` each
                    mode = "background" if mode == "inline" else "inline"
                started = time.perf_counter()
                res = clients[mode].post(f"{base}/sessions/lone-{mode}/turns", json={"text": text, "speaker": "Ana"})
                lone[mode].append(time.perf_counter() - started)
                if res.status_code != 201:
                    raise click.ClickException(f"POST turn answered {res.status_code}: {res.text[:200]}")
            drained = time.perf_counter()
            drain_embeddings(timeout=120)
            click.echo(f"live POST /sessions/{{sid}}/turns, 1 writer, {single} turns each way, alternating: "
                       f"p50 {pct(lone['inline'], 50):.1f} ms p99 {pct(lone['inline'], 99):.1f} ms embedding inline "
                       f"(one text through the model alone: {raw_one:.1f} ms); p50 "
                       f"{pct(lone['background'], 50):.1f} ms p99 {pct(lone['background'], 99):.1f} ms with "
                       f"GRAPHMEM_EMBED_WRITES=background (every turn embedded "
                       f"{(time.perf_counter() - drained) * 1000:.0f} ms after the last POST)")

            texts = _texts(batch_turns, "batch")
            for mode, client in clients.items():
                started = time.perf_counter()
                for i in range(0, batch_turns, 100):
                    body = {"turns": [{"text": t, "speaker": "Ana" if j % 2 else "Bo"}
                                      for j, t in enumerate(texts[i:i + 100])]}
                    res = client.post(f"{base}/sessions/{mode}-b{(i // 100) % 10}/turns/batch", json=body)
                    if res.status_code != 201:
                        raise click.ClickException(f"POST batch answered {res.status_code}: {res.text[:200]}")
                answered = time.perf_counter() - started
                drain_embeddings(timeout=600)  # background: the rate that counts is until every turn is embedded
                took = time.perf_counter() - started
                rate = batch_turns / took
                drained = time.perf_counter()
                drain_folds(timeout=600)
                extra = (f"; the requests answered at {batch_turns / answered:.0f} turns/s" if mode == "background"
                         else "")
                click.echo(f"batch import ({mode}), {batch_turns} turns in requests of 100: {rate:.0f} turns/s "
                           f"embedded = {rate / raw_rate:.2f} x the model alone{extra}; summaries written "
                           f"{time.perf_counter() - drained:.1f} s later (off the request path)")

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
