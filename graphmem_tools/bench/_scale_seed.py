"""Bulk seeding for `graphmem bench scale`: turns and fact versions at sizes the real write path cannot reach
in a benchmark run (it embeds every turn: ~200 texts/s on a 2-core machine, so 1M turns would take hours).

Turns: LoCoMo's real turns (text and speaker) are embedded once by the real model (the text labelled with its
speaker, as the write path embeds it) and cached under the graphmem home (`bench/`). Turn i of the seeded
stream takes pool entry (i * STRIDE) % pool size: its text and speaker, and that entry's embedding plus
Gaussian noise (sigma NOISE per dimension, seeded by i), renormalised. The vectors are therefore distinct but
clustered as real conversation is (hundreds of near-duplicates of each real turn at 1M), and texts repeat
(the full-text index sees the same documents many times over). Sessions of SESSION turns, one day apart, are
written by `bench/seed_turns` in UNWIND batches, with the properties the write path gives a turn; the
namespace's keyword statistics are added up by the library's own `record_turns` (what the write path calls).

Fact versions: entities `V-<i>` whose `city` has `depth` versions each, 30 days apart (`bench/seed_versions`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from uuid import uuid4

import numpy as np

from graphmem.channels.conversation.turn_text import indexed_text
from graphmem.channels.search.stats import record_turns
from graphmem.embedding import get_embedder, model_choice
from graphmem.identifiers.reach import reach_text
from graphmem.instants import utcnow
from graphmem.settings import Settings, default_home
from graphmem.store import Store
from graphmem.types import Namespace

SESSION = 40
STRIDE = 7919  # a prime: consecutive turns draw pool entries far apart
NOISE = 0.02   # per dimension; 384 dims: the noise vector's norm is ~0.39 before renormalising
T0 = datetime(2023, 1, 1, tzinfo=timezone.utc)
BASE = datetime(2020, 1, 1, tzinfo=timezone.utc)
CITIES = ["Shanghai", "Beijing", "Hangzhou", "Shenzhen", "Chengdu", "Wuhan", "Xian", "Nanjing", "Suzhou", "Tianjin"]


@dataclass
class Pool:
    texts: list[str]
    speakers: list[str]
    vectors: np.ndarray  # (n, 384) float32, normalised
    questions: list[str]


def load_pool(settings: Settings, data: Path, limit: int = 0) -> Pool:
    """LoCoMo's turns (and its questions, for queries), embedded once and cached by the file's digest."""
    raw = data.read_bytes()
    items = json.loads(raw)
    texts: list[str] = []
    speakers: list[str] = []
    questions: list[str] = []
    for item in items:
        conv = item["conversation"]
        for key in sorted((k for k in conv if k.startswith("session_") and isinstance(conv[k], list)),
                          key=lambda k: int(k.split("_")[1])):
            for turn in conv[key]:
                if str(turn.get("text") or "").strip():
                    texts.append(str(turn["text"]).strip())
                    speakers.append(str(turn.get("speaker") or "someone"))
        questions += [str(q["question"]) for q in item.get("qa", []) if q.get("question")]
    if limit:
        texts, speakers = texts[:limit], speakers[:limit]
    digest = hashlib.sha256(raw + f"|{limit}|{model_choice(settings).name}".encode()).hexdigest()[:16]
    cache = Path(os.environ.get("GRAPHMEM_HOME") or default_home()) / "bench" / f"locomo-pool-{digest}.npy"
    if cache.exists():
        vectors = np.load(cache)
    else:
        embedder = get_embedder(settings)
        labelled = [f"{s}: {t}" for s, t in zip(speakers, texts)]
        vectors = np.asarray([v for i in range(0, len(labelled), 64) for v in embedder.embed(labelled[i:i + 64])],
                             dtype=np.float32)
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.save(cache, vectors)
    return Pool(texts, speakers, vectors, questions)


def empty_pool() -> Pool:
    """No texts: a run that seeds versions only needs none."""
    return Pool([], [], np.zeros((0, 384), dtype=np.float32), [])


def turn_text(pool: Pool, i: int) -> tuple[str, str]:
    """Text and speaker of turn i of the seeded stream."""
    j = (i * STRIDE) % len(pool.texts)
    return pool.texts[j], pool.speakers[j]


def _vectors(pool: Pool, start: int, count: int, seed: int) -> np.ndarray:
    rows = (np.arange(start, start + count, dtype=np.int64) * STRIDE) % len(pool.texts)
    noise = np.random.default_rng([seed, start]).normal(0.0, NOISE, (count, pool.vectors.shape[1]))
    out = pool.vectors[rows] + noise.astype(np.float32)
    out /= np.linalg.norm(out, axis=1, keepdims=True)
    return out


def seed_turns(store: Store, ns: Namespace, pool: Pool, *, start: int, count: int, seed: int,
               batch_sessions: int = 25) -> int:
    """Turns [start, start + count) of the seeded stream (whole sessions; `start` a multiple of SESSION)."""
    now = utcnow()
    first, last = start // SESSION, (start + count) // SESSION
    written = 0
    for s0 in range(first, last, batch_sessions):
        s1 = min(last, s0 + batch_sessions)
        vectors = _vectors(pool, s0 * SESSION, (s1 - s0) * SESSION, seed)
        sessions, texts = [], []
        for s in range(s0, s1):
            turns = []
            for k in range(SESSION):
                i = s * SESSION + k
                text, speaker = turn_text(pool, i)
                at = T0 + timedelta(days=s % 3650, minutes=k)
                search_text = indexed_text(speaker, text, at)
                texts.append(search_text)
                turns.append({"id": f"bulk-{s}:{k}", "speaker": speaker, "text": text, "search_text": search_text,
                              "reach_text": reach_text(text, speaker, None, f"bulk-{s}:{k}", f"bulk-{s}"),
                              "at": at.isoformat(), "importance": round(0.3 + 0.2 * min(1.0, len(text) / 300), 4),
                              "embedding": vectors[i - s0 * SESSION].tolist()})
            sessions.append({"id": f"bulk-{s}", "turns": turns})
        store.write_one("bench/seed_turns", ns=ns, sessions=sessions, now=now)
        record_turns(store, ns, texts)  # the namespace's keyword statistics, as the write path adds them
        written += len(texts)
    return written


def seeded_turns(store: Store, ns: Namespace) -> int:
    return int(store.read("bench/count_seeded", ns=ns)[0]["sessions"]) * SESSION


def seed_versions(store: Store, ns: Namespace, *, start: int, count: int, depth: int, batch: int = 500) -> int:
    """Entities `V-<start>` .. `V-<start + count - 1>`, `depth` versions each; returns versions written."""
    now = utcnow()
    written = 0
    for e0 in range(start, start + count, batch):
        rows = [{"i": i, "key": f"V-{i}", "id": uuid4().hex} for i in range(e0, min(start + count, e0 + batch))]
        got = store.write_one("bench/seed_versions", ns=ns, entities=rows, depth=depth, cities=CITIES,
                              base=BASE, now=now)
        written += int(got[0]["created"]) if got else 0
    return written


def expected_city(i: int, valid_at: datetime, depth: int) -> str:
    """What the as-of read of `V-<i>` must return at valid_at (BASE <= valid_at)."""
    r = min(depth - 1, (valid_at - BASE).days // 30)
    return CITIES[(i + r) % len(CITIES)]
