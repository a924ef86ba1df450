"""`graphmem eval locomo`: evidence recall on LoCoMo, graphmem search beside a vector store and BM25.

Every turn is ingested THROUGH THE REST API (the app runs in-process on a TestClient against the
configured Neo4j), one namespace per conversation, each turn timestamped with its session's date
(parsed by dateparser, a general date library), its id the dialog id, its speaker the speaker's
name. `--mode batch` (the default) imports each session through `POST …/turns/batch`; `--mode turn`
posts every turn alone through `POST …/sessions/{sid}/turns`, the way a live agent writes, into
namespaces of its own (`locomo-turn-…`), so that both can be kept and compared: the same data must give
the same memory and the same ranking either way. Each session's summary is read once after ingest, in
both modes, so that any chunk still queued for its text is written before the questions. Then every category 1–4 question is asked and recall@5 / recall@10 of the evidence dialog ids
is printed per category and overall for three retrievers computed in the same run:
- dense: all-MiniLM-L6-v2 cosine over "Speaker: text" (what a plain vector store does),
- bm25: rank_bm25 over `\\w+` lower-case tokens of "Speaker: text",
- graphmem: `POST /v1/{ns}/search` with k=10, returning turns (summaries still lift their turns).
The data set is read from --data, else locomo10.json in GRAPHMEM_DATA_DIR, else in the repository's
../shared/data (graphmem_tools/paths.py); absent, the evaluation is skipped with a message and exit
code 0. The namespaces are purged afterwards unless --keep.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from graphmem_tools.paths import data_file
from graphmem_tools.progress import bar, quiet_option

DATA_FILE = "locomo10.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
KS = (5, 10)
_TOKEN = re.compile(r"\w+")


def default_path() -> Path:
    """locomo10.json in the data directory: GRAPHMEM_DATA_DIR, else the repository's ../shared/data."""
    return data_file(DATA_FILE)


@dataclass
class Conversation:
    sample_id: str
    sessions: list[tuple[str, str, list[dict[str, Any]]]]  # (session key, date text, turns)
    questions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def turns(self) -> list[dict[str, Any]]:
        return [t for _, _, ts in self.sessions for t in ts]


def load(path: Path) -> list[Conversation]:
    """Conversations with their sessions in order and their category 1–4 questions; evidence entries
    are split on `;`, `,` and spaces and only ids that exist are kept (the file has malformed ones)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    out: list[Conversation] = []
    for item in data:
        conv = item["conversation"]
        keys = sorted((k for k in conv if re.fullmatch(r"session_\d+", k) and isinstance(conv[k], list)),
                      key=lambda k: int(k.split("_")[1]))
        c = Conversation(str(item.get("sample_id", len(out))),
                         [(k, conv[f"{k}_date_time"], conv[k]) for k in keys])
        ids = {t["dia_id"] for t in c.turns}
        for q in item["qa"]:
            if q.get("category") not in CATEGORIES:
                continue
            evidence = sorted({e for raw in q.get("evidence", []) for e in re.split(r"[;,\s]+", str(raw)) if e in ids})
            if evidence:
                c.questions.append({"question": q["question"], "category": q["category"], "evidence": evidence})
        out.append(c)
    return out


MODES = ("batch", "turn")


def namespace_for(sample_id: str, mode: str = "batch") -> str:
    """One namespace per conversation and mode (batch keeps the name it always had)."""
    prefix = "locomo-" if mode == "batch" else f"locomo-{mode}-"
    return prefix + re.sub(r"[^a-z0-9_-]", "-", sample_id.lower())[:50]


def pick(convs: list[Conversation], only: str | None, limit: int | None) -> list[Conversation]:
    """The conversations to evaluate: `only` ("5,6,7" or "5-9", 0-based indexes into the file), then
    the first `limit` of those. Why indexes: results can be reported on a held-out half."""
    if only:
        wanted: list[int] = []
        for part in only.split(","):
            a, _, b = part.strip().partition("-")
            if not a.isdigit() or (b and not b.isdigit()):
                raise click.BadParameter(f"{part!r}: want indexes like 5,6,7 or 5-9", param_hint="--only")
            wanted += range(int(a), int(b or a) + 1)
        bad = [i for i in wanted if i >= len(convs)]
        if bad:
            raise click.BadParameter(f"no conversation {bad[0]} (the file holds {len(convs)})", param_hint="--only")
        convs = [convs[i] for i in dict.fromkeys(wanted)]
    return convs[:limit]


def parse_date(text: str) -> str:
    """ISO-8601 (UTC) for a session's date text, by dateparser (no format of LoCoMo's hard-coded)."""
    import dateparser

    when = dateparser.parse(text, settings={"TIMEZONE": "UTC", "RETURN_AS_TIMEZONE_AWARE": True})
    if when is None:
        raise click.ClickException(f"cannot parse session date {text!r}")
    return str(when.isoformat())


def labelled(t: dict[str, Any]) -> str:
    return f"{t['speaker']}: {t['text']}"


def recall(ranked: list[str], evidence: list[str], k: int) -> float:
    return len(set(ranked[:k]) & set(evidence)) / len(evidence)


class Scores:
    def __init__(self) -> None:
        self.values: dict[tuple[str, str, int], list[float]] = defaultdict(list)

    def add(self, retriever: str, category: int, ranked: list[str], evidence: list[str]) -> None:
        for k in KS:
            r = recall(ranked, evidence, k)
            self.values[(retriever, CATEGORIES[category], k)].append(r)
            self.values[(retriever, "overall", k)].append(r)

    def mean(self, retriever: str, group: str, k: int) -> float:
        v = self.values.get((retriever, group, k), [])
        return sum(v) / len(v) if v else float("nan")

    def count(self, group: str) -> int:
        return len(self.values.get(("graphmem", group, 5), []))


@contextmanager
def api_client() -> Iterator[Any]:
    """The real app, in-process, on the configured Neo4j: explicitly open (every call is the eval's own,
    in this process; nothing listens on a port)."""
    from fastapi.testclient import TestClient

    from api.app import create_app
    from graphmem.settings import load_settings
    from graphmem.store import open_store

    settings = load_settings().model_copy(update={"open": True})
    with open_store(settings) as store, TestClient(create_app(settings, store)) as client:
        yield client, store


@contextmanager
def served_client() -> Iterator[Any]:
    """`graphmem serve` in its own process on a loopback port (`service.RestServer`, as the benches use it: explicitly open,
    on the configured Neo4j), and an HTTP client of it with the TestClient's calls (both are httpx clients): what
    a caller of the service sees, without the TestClient's own cost in every call."""
    import httpx

    from graphmem.settings import load_settings
    from graphmem.store import open_store
    from graphmem_tools.service import RestServer

    settings = load_settings()
    with open_store(settings) as store, RestServer(settings) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{server.port}", timeout=120.0) as client:
        yield client, store


def ingest(client: Any, ns: str, conv: Conversation, max_batch: int, mode: str = "batch",
           tick: Callable[[int], object] | None = None) -> int:
    """Each session's turns in order: through `POST …/sessions/{sid}/turns/batch` (mode batch) or one
    `POST …/sessions/{sid}/turns` per turn (mode turn); then each session's summary is read once."""
    n = 0
    for key, date_text, turns in conv.sessions:
        at = parse_date(date_text)
        body = [{"id": t["dia_id"], "speaker": t["speaker"], "text": t["text"], "role": "user", "at": at}
                for t in turns]
        if mode == "turn":
            for turn in body:
                r = client.post(f"/v1/{ns}/sessions/{key}/turns", json=turn)
                if r.status_code != 201:
                    raise click.ClickException(f"ingest {ns}/{key} {turn['id']}: {r.status_code} {r.text[:300]}")
                n += 1
                if tick is not None:
                    tick(1)
        else:
            for i in range(0, len(body), max_batch):
                r = client.post(f"/v1/{ns}/sessions/{key}/turns/batch", json={"turns": body[i:i + max_batch]})
                if r.status_code != 201:
                    raise click.ClickException(f"ingest {ns}/{key}: {r.status_code} {r.text[:300]}")
                n += len(body[i:i + max_batch])
                if tick is not None:
                    tick(len(body[i:i + max_batch]))
    for key, _, _ in conv.sessions:
        r = client.get(f"/v1/{ns}/sessions/{key}/summary")
        if r.status_code != 200:
            raise click.ClickException(f"summary {ns}/{key}: {r.status_code} {r.text[:300]}")
    return n


def _indexes(chosen: list[int]) -> str:
    return "[" + ",".join(map(str, chosen)) + "]"


def baselines(conv: Conversation, scores: Scores) -> None:
    """Dense and BM25 over the same turns, top-10 per question (the README's baselines)."""
    import numpy as np
    from rank_bm25 import BM25Okapi

    from graphmem.embedding import get_embedder

    turns = conv.turns
    ids = [t["dia_id"] for t in turns]
    embedder = get_embedder()
    docs = np.array(embedder.embed([labelled(t) for t in turns]))
    queries = np.array([embedder.embed_query(q["question"]) for q in conv.questions])
    bm25 = BM25Okapi([_TOKEN.findall(labelled(t).lower()) for t in turns])
    for q, qv in zip(conv.questions, queries):
        dense = np.argsort(-(docs @ qv))[:10]
        scores.add("dense", q["category"], [ids[i] for i in dense], q["evidence"])
        bm = np.argsort(-bm25.get_scores(_TOKEN.findall(q["question"].lower())))[:10]
        scores.add("bm25", q["category"], [ids[i] for i in bm], q["evidence"])


def judge(client: Any, ns: str, q: dict[str, Any]) -> None:
    """Ask the question through POST /recall (k=10) and give its feedback as an agent that used exactly the
    evidence turns it was handed: the memory hit rate per channel (GET /stats) then counts them."""
    r = client.post(f"/v1/{ns}/recall", json={"query": q["question"], "k": 10})
    if r.status_code != 200:
        raise click.ClickException(f"recall {ns}: {r.status_code} {r.text[:300]}")
    answer = r.json()
    used = [h["item_id"] for h in answer["results"] if h.get("kind") == "turn" and h.get("id") in q["evidence"]]
    f = client.post(f"/v1/{ns}/recall/{answer['id']}/feedback", json={"used": used})
    if f.status_code != 200:
        raise click.ClickException(f"feedback {ns}: {f.status_code} {f.text[:300]}")


class Usage:
    """The hit rate per channel over every conversation (each namespace's GET /stats, added up)."""

    def __init__(self) -> None:
        self.totals: dict[str, list[int]] = {}

    def add(self, after: list[dict[str, Any]], before: list[dict[str, Any]]) -> None:
        for sign, channels in ((1, after), (-1, before)):
            for c in channels:
                t = self.totals.setdefault(c["channel"], [0, 0, 0])
                t[0] += sign * c["returned"]
                t[1] += sign * c["judged"]
                t[2] += sign * c["used"]

    def report(self) -> str:
        lines = [f"{'channel':<12} {'returned':>9} {'judged':>9} {'used':>7} {'hit rate':>9}   "
                 "(POST /recall k=10; evidence turns count as used)"]
        for channel, (returned, judged, used) in sorted(self.totals.items()):
            lines.append(f"{channel:<12} {returned:>9} {judged:>9} {used:>7} "
                         f"{(used / judged if judged else 0.0):>9.3f}")
        return "\n".join(lines)


def report(scores: Scores) -> str:
    groups = [*CATEGORIES.values(), "overall"]
    lines = [f"{'group':<12} {'n':>5}  " + "  ".join(f"{r + ' R@' + str(k):>15}" for r in ("dense", "bm25", "graphmem")
                                                  for k in KS)]
    for g in groups:
        lines.append(f"{g:<12} {scores.count(g):>5}  " + "  ".join(
            f"{scores.mean(r, g, k):>15.3f}" for r in ("dense", "bm25", "graphmem") for k in KS))
    return "\n".join(lines)


@click.command(name="locomo")
@click.option("--data", "data_path", type=click.Path(path_type=Path), default=None,
              help="locomo10.json (default: in GRAPHMEM_DATA_DIR, else the repository's ../shared/data)")
@click.option("--conversations", "limit", type=int, default=None, help="only the first N conversations")
@click.option("--only", default=None, help="only these conversations, 0-based indexes: 5,6,7,8,9 or 5-9")
@click.option("--mode", type=click.Choice(MODES), default="batch", show_default=True,
              help="batch: import each session through turns/batch; turn: post every turn alone, as a live agent")
@click.option("--keep", is_flag=True, help="keep the namespaces afterwards")
@click.option("--hit-rate/--no-hit-rate", default=True, show_default=True,
              help="also ask every question through POST /recall and report the memory hit rate per channel")
@click.option("--reuse", is_flag=True, help="search namespaces kept by an earlier --keep run (same --mode), "
                                            "without ingesting")
@quiet_option
def command(data_path: Path | None, limit: int | None, only: str | None, mode: str, keep: bool,
            reuse: bool, hit_rate: bool, quiet: bool) -> None:
    """Recall@5/@10 of evidence dialog ids: dense vs BM25 vs graphmem search, one run."""
    path = data_file(DATA_FILE, data_path)
    if not path.is_file():
        click.echo(f"LoCoMo data not found at {path}: evaluation skipped")
        return
    from graphmem.store import purge_namespace

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    everything = load(path)
    convs = pick(everything, only, limit)
    chosen = [everything.index(c) for c in convs]
    scores = Scores()
    usage = Usage()
    started = time.perf_counter()
    ingested = 0
    click.echo(f"LoCoMo eval mode={mode}: conversations {_indexes(chosen)}", err=True)
    with api_client() as (client, store):
        for conv in convs:
            ns = namespace_for(conv.sample_id, mode)
            t0 = time.perf_counter()
            if not reuse:
                purge_namespace(store, ns)
                with bar(total=len(conv.turns), desc=f"{ns} ingest", unit="turn", quiet=quiet) as b:
                    ingested += ingest(client, ns, conv, store.services.settings.max_batch, mode, tick=b.update)
            t1 = time.perf_counter()
            for q in bar(conv.questions, desc=f"{ns} search", unit="question", quiet=quiet):
                r = client.post(f"/v1/{ns}/search", json={"query": q["question"], "k": 10, "kinds": ["turn"]})
                if r.status_code != 200:
                    raise click.ClickException(f"search {ns}: {r.status_code} {r.text[:300]}")
                scores.add("graphmem", q["category"], [h["id"] for h in r.json()["hits"]], q["evidence"])
            t2 = time.perf_counter()
            if hit_rate:  # counted as the change of the namespace's stats (a kept one has earlier answers)
                before = client.get(f"/v1/{ns}/stats").json()["channels"]
                for q in bar(conv.questions, desc=f"{ns} recall", unit="question", quiet=quiet):
                    judge(client, ns, q)
                usage.add(client.get(f"/v1/{ns}/stats").json()["channels"], before)
            baselines(conv, scores)
            click.echo(f"{ns} (mode={mode}): {len(conv.turns)} turns ingested in {t1 - t0:.0f}s, {len(conv.questions)} "
                       f"questions searched in {t2 - t1:.0f}s", err=True)
            click.echo(report(scores), err=True)
            if not keep:
                purge_namespace(store, ns)
    how = "reused (--reuse)" if reuse else f"{ingested} turns ingested through the REST API"
    click.echo(f"LoCoMo {path.name} mode={mode}: {len(convs)} conversations {_indexes(chosen)}, {how}, "
               f"{scores.count('overall')} questions (categories 1-4), {time.perf_counter() - started:.0f}s")
    click.echo(report(scores))
    if hit_rate:
        click.echo(usage.report())
