"""The memory hit rate: of the items recall returned from each channel, how many the agent used.

Every recall answer gets an id and each of its items an `item_id` (`<recall id>.<position>`). The agent
says which it used (`POST /v1/{ns}/recall/{id}/feedback {"used": [...]}`), once per answer. Per namespace
and channel, `(:RecallStats)` counts the items returned, the items judged (returned in an answer that got
feedback) and the items used: the hit rate is used / judged, so answers nobody judged do not dilute it.
The same counts go to Prometheus per process (`graphmem.metrics`).

Why only positions and channels are stored (`(:RecallAnswer {id, at, channels})`): an item is memory (a
fact, a turn), and a copy of it here would be one more place erasure must reach. Answers are written in
the background (a recall never waits on it) and forgotten after `FEEDBACK_DAYS`.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from graphmem import metrics
from graphmem.errors import Conflict, InvalidInput, NotFound
from graphmem.instants import utcnow
from graphmem.store import Coalescer, Store, Tx
from graphmem.types import Namespace

FEEDBACK_DAYS = 7  # an answer takes feedback this long after it was given
MAX_USED = 1000


def new_recall_id() -> str:
    return f"rc-{uuid.uuid4().hex[:16]}"


def item_id(recall_id: str, position: int) -> str:
    return f"{recall_id}.{position}"


class Answers(Coalescer[dict[str, list[dict[str, Any]]]]):
    """Recall answers waiting to be recorded, per namespace: many recalls share one small write."""

    pool = "usage"

    def __init__(self, store: Store) -> None:
        self.pending: dict[str, list[dict[str, Any]]] = {}
        super().__init__(store)

    def add(self, ns: Namespace, answer: dict[str, Any]) -> None:
        with self.lock:
            self.pending.setdefault(ns.name, []).append(answer)
            if self.queued:
                return
            self.schedule()
        self.submit()

    def take(self) -> dict[str, list[dict[str, Any]]]:
        work, self.pending = self.pending, {}
        return work

    def write(self, work: dict[str, list[dict[str, Any]]]) -> None:
        now = utcnow()
        for ns, answers in work.items():
            counts: Counter[str] = Counter()
            present: Counter[str] = Counter()
            for a in answers:
                counts.update(a["channels"])
                present.update(set(a["channels"]))
            rows = [{"channel": c, "returned": counts[c], "answers": present[c]} for c in sorted(counts)]
            self.store.write_one("usage/record_answers", ns=ns, answers=answers, counts=rows,
                                 cutoff=now - timedelta(days=FEEDBACK_DAYS))


def drain_answers(timeout: float = 10.0) -> None:
    """Write the answers every open store has pending now and wait (tests, and callers that must see them)."""
    Answers.drain_all(timeout)


def _answers(store: Store) -> Answers:
    return store.services.state("usage.answers", lambda: Answers(store))


def record_answer(store: Store, ns: Namespace, recall_id: str, channels: Sequence[str]) -> None:
    """Note an answer's items (their channels, by position), in the background."""
    for channel, n in Counter(channels).items():
        metrics.RECALL_ITEMS.labels(channel=channel, count="returned").inc(n)
    _answers(store).add(ns, {"id": recall_id, "at": utcnow().isoformat(), "channels": list(channels)})


@dataclass(frozen=True)
class Feedback:
    recall_id: str
    by_channel: dict[str, dict[str, int]]  # channel -> {"returned": n, "used": m} in this answer


def record_feedback(store: Store, ns: Namespace, recall_id: str, used: Sequence[str]) -> Feedback:
    """Which of answer `recall_id`'s items the agent used (their `item_id`s); once per answer.

    Raises:
        InvalidInput: more than MAX_USED ids, or an id that is not one of this answer's items.
        NotFound: no such answer (never given, or older than FEEDBACK_DAYS).
        Conflict: feedback on this answer was given already.
    """
    if len(used) > MAX_USED:
        raise InvalidInput.field("used", f"at most {MAX_USED} item ids")
    _answers(store).drain()  # an answer this process gave a moment ago is written before it is read
    now = utcnow()

    def work(tx: Tx) -> Feedback:
        row = tx.one("usage/read_answer", ns=ns, id=recall_id, cutoff=now - timedelta(days=FEEDBACK_DAYS))
        if row is None:
            raise NotFound(f"no recall answer {recall_id!r} in namespace {ns.name!r} (answers take feedback for "
                           f"{FEEDBACK_DAYS} days)", code="unknown_recall")
        if row["feedback_at"] is not None:
            raise Conflict(f"feedback on recall answer {recall_id!r} was given already", code="feedback_given")
        channels: list[str] = list(row["channels"])
        valid = {item_id(recall_id, i): i for i in range(len(channels))}
        unknown = [u for u in used if u not in valid]
        if unknown:
            raise InvalidInput.field("used", f"not items of recall answer {recall_id}: {', '.join(unknown[:10])}")
        positions = sorted({valid[u] for u in used})
        judged, hits = Counter(channels), Counter(channels[i] for i in positions)
        counts = [{"channel": c, "judged": judged[c], "used": hits[c]} for c in sorted(judged)]
        if not tx.run("usage/record_feedback", ns=ns, id=recall_id, used=positions, counts=counts, now=now):
            raise Conflict(f"feedback on recall answer {recall_id!r} was given already", code="feedback_given")
        return Feedback(recall_id, {c: {"returned": judged[c], "used": hits[c]} for c in sorted(judged)})

    result = store.write(work)
    for channel, n in result.by_channel.items():
        metrics.observe_feedback(channel, n["returned"], n["used"])
    return result


@dataclass(frozen=True)
class ChannelStats:
    channel: str
    returned: int  # items returned in every answer
    judged: int  # items returned in answers that got feedback
    used: int
    answers: int  # answers holding an item of this channel
    feedbacks: int  # of those, the ones that got feedback

    @property
    def hit_rate(self) -> float | None:
        return None if self.judged == 0 else self.used / self.judged


def read_stats(store: Store, ns: Namespace) -> list[ChannelStats]:
    """The namespace's hit rate per channel (answers of the last moments may still be on their way)."""
    _answers(store).drain()
    return [ChannelStats(str(r["channel"]), int(r["returned"] or 0), int(r["judged"] or 0), int(r["used"] or 0),
                         int(r["answers"] or 0), int(r["feedbacks"] or 0))
            for r in store.read("usage/read_stats", ns=ns)]
