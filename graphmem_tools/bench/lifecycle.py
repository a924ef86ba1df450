"""`graphmem bench lifecycle`: a tenant exported and imported into a new namespace, beside batch ingest (issue
34: export >= 2,000 turns/s, import >= 0.8x batch ingest, at 100,000 turns).

A namespace is seeded in bulk with `--turns` real LoCoMo turns (graphmem_tools.bench._scale_seed: the real
write path would take ~10 minutes per 100,000), then `--ingest` more turns go through the real batch ingest
(`POST /sessions/{sid}/turns/batch`, 100 per request, embedded inline): its rate is the baseline. In the same
run: the export through `GET /v1/{ns}/export` (streamed NDJSON, written to a file), the import of that file
with its vectors through `POST /v1/{ns}/import` into a new namespace, and the import of an export without
vectors (the import embeds every turn again, as ingest does) of the `--ingest` turns' namespace alone. Every
copy is checked: its turns are counted, and a turn read back must equal the source's.
"""

from __future__ import annotations

import os
import tempfile
import time
from uuid import uuid4

import click

from graphmem.settings import load_settings
from graphmem.store import Store, open_store, purge_namespace
from graphmem.types import Namespace
from graphmem_tools.bench import _scale_seed as seed
from graphmem_tools.paths import data_file

BATCH = 100  # turns per ingest request


def _count_turns(store: Store, ns: Namespace) -> int:
    return int(store.read("bench/count_turns", ns=ns)[0]["turns"])


@click.command("lifecycle")
@click.option("--turns", default=100_000, show_default=True, help="turns seeded in bulk into the source namespace")
@click.option("--ingest", default=2_000, show_default=True, help="turns written through batch ingest (the baseline)")
@click.option("--keep", is_flag=True, help="keep the namespaces and the export file")
@click.option("--seed", "seed_value", default=7, show_default=True)
def command(turns: int, ingest: int, keep: bool, seed_value: int) -> None:
    """Export and import a tenant of --turns turns, beside batch ingest, side by side in one run."""
    from fastapi.testclient import TestClient

    from api.app import create_app
    from graphmem.channels.conversation import drain_folds

    settings = load_settings().model_copy(update={"open": True})
    tag = uuid4().hex[:8]
    source, copy = Namespace(f"bench-life-{tag}"), Namespace(f"bench-life-{tag}-copy")
    fresh, fresh_copy = Namespace(f"bench-life-{tag}-ingest"), Namespace(f"bench-life-{tag}-ingest-copy")
    made = [source, copy, fresh, fresh_copy]
    fd, path = tempfile.mkstemp(prefix="graphmem-export-", suffix=".ndjson")
    os.close(fd)
    with open_store(settings) as store, TestClient(create_app(settings, store)) as http:
        try:
            pool = seed.load_pool(settings, data_file("locomo10.json"))
            started = time.perf_counter()
            bulk = seed.seed_turns(store, source, pool, start=0, count=(turns // seed.SESSION) * seed.SESSION,
                                   seed=seed_value)
            click.echo(f"seeded {bulk} turns in bulk in {time.perf_counter() - started:.1f} s ({source.name})")

            http.post(f"/v1/{fresh.name}/sessions/warm/turns", json={"text": "warming the model up"})
            texts = [seed.turn_text(pool, i) for i in range(ingest)]
            started = time.perf_counter()
            for i in range(0, ingest, BATCH):
                body = {"turns": [{"text": t, "speaker": s} for t, s in texts[i:i + BATCH]]}
                r = http.post(f"/v1/{fresh.name}/sessions/b{(i // BATCH) % 10}/turns/batch", json=body)
                if r.status_code != 201:
                    raise click.ClickException(f"batch ingest answered {r.status_code}: {r.text[:200]}")
            ingest_rate = ingest / (time.perf_counter() - started)
            drain_folds(timeout=600)
            click.echo(f"batch ingest: {ingest} turns in requests of {BATCH}: {ingest_rate:.0f} turns/s (embedded inline)")

            rows = []
            for label, src, dst, vectors, session in (("with vectors", source, copy, True, "bulk-0"),
                                                      ("without vectors", fresh, fresh_copy, False, "b0")):
                n = _count_turns(store, src)
                started = time.perf_counter()
                with http.stream("GET", f"/v1/{src.name}/export", params={"vectors": str(vectors).lower()}) as r, \
                        open(path, "wb") as out:
                    if r.status_code != 200:
                        raise click.ClickException(f"export answered {r.status_code}")
                    for chunk in r.iter_bytes():
                        out.write(chunk)
                exported = time.perf_counter() - started
                size = os.path.getsize(path)
                started = time.perf_counter()
                with open(path, "rb") as upload:
                    r = http.post(f"/v1/{dst.name}/import", content=upload,
                                  headers={"Content-Type": "application/x-ndjson"})
                imported = time.perf_counter() - started
                if r.status_code != 200 or r.json()["state"] != "done":
                    raise click.ClickException(f"import answered {r.status_code}: {r.text[:300]}")
                copied = _count_turns(store, dst)
                if copied != n:
                    raise click.ClickException(f"the copy holds {copied} turns, the source {n}")
                a = http.get(f"/v1/{src.name}/sessions/{session}/window").json()
                b = http.get(f"/v1/{dst.name}/sessions/{session}/window").json()
                if a.get("turns") != b.get("turns") or not a.get("turns"):
                    raise click.ClickException("the copy's window differs from the source's")
                rows.append((label, n, size, n / exported, n / imported, r.json()["embedded"]))

            click.echo(f"{'export / import':<18} {'turns':>8} {'MB':>8} {'export t/s':>11} {'import t/s':>11} "
                       f"{'import / ingest':>16} {'embedded':>9}")
            for label, n, size, ex, im, embedded in rows:
                click.echo(f"{label:<18} {n:>8} {size / 1e6:>8.1f} {ex:>11.0f} {im:>11.0f} "
                           f"{im / ingest_rate:>15.2f}x {embedded:>9}")
            click.echo(f"goals: export >= 2,000 turns/s; import >= 0.8x batch ingest ({0.8 * ingest_rate:.0f} turns/s)")
        finally:
            if keep:
                click.echo(f"kept: {', '.join(n.name for n in made)}; export file {path}")
            else:
                for name in made:
                    purge_namespace(store, name.name)
                    store.write_one("tenants/forget_import", ns=name)
                os.unlink(path)
