"""Turn by turn equals batch: the same conversation written one turn per POST (as a live agent writes) and
imported a session per POST builds the same memory: the same summary chunks, and the same top 10 search
results in the same order for the same questions.

Two namespaces, one per way, in the same shared indexes. Raw Lucene scores are never compared (the
full-text statistics are not per namespace); only ids and their order, which is what a caller sees.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any
from uuid import uuid4

import pytest

from graphmem.store import Store, purge_namespace
from graphmem_tools.paths import data_file

pytestmark = pytest.mark.neo4j
T0 = datetime(2025, 5, 2, 9, 0, tzinfo=timezone.utc)

#: three sessions, two speakers, identifiers, questions and their answers; 42 turns in all
SESSIONS: list[list[tuple[str, str]]] = [
    [("Dana", "Hi Sam! I finally moved into the new flat at 14 Harbor Rd last weekend."),
     ("Sam", "Congrats! How is the neighbourhood?"),
     ("Dana", "Quiet, and there is a bakery on the corner that sells amazing sourdough."),
     ("Sam", "I'm jealous. Did the movers break anything?"),
     ("Dana", "Only one lamp. The company, SwiftMove, promised a refund under claim CLM-4471."),
     ("Sam", "Good. Have they emailed you about it yet?"),
     ("Dana", "Yes, they wrote to dana.reyes@example.com this morning."),
     ("Sam", "By the way, I started painting again. Mostly lakes and mountains."),
     ("Dana", "That's lovely! Where do you paint?"),
     ("Sam", "At a studio in Portland, on Thursday evenings."),
     ("Dana", "Would you show me some of the paintings next time?"),
     ("Sam", "Sure, I will bring two of them when we meet."),
     ("Dana", "Deal. I have to run to the hardware store now."),
     ("Sam", "See you soon!")],
    [("Sam", "Dana, I brought the paintings. This one is Lake Tahoe at sunrise."),
     ("Dana", "Wow, the colours are stunning. How long did it take?"),
     ("Sam", "About three weeks, a little every Thursday."),
     ("Dana", "My refund for the lamp arrived, 45 dollars for claim CLM-4471."),
     ("Sam", "Nice, SwiftMove kept its word then."),
     ("Dana", "They did. I also adopted a cat from the shelter, her name is Pepper."),
     ("Sam", "A cat! Is Pepper shy?"),
     ("Dana", "Very shy the first day, now she sleeps on my keyboard."),
     ("Sam", "Ha, classic. My dog Toby would love to meet her."),
     ("Dana", "Maybe not yet, Pepper hisses at the vacuum cleaner."),
     ("Sam", "Fair. Are you still running on Sundays?"),
     ("Dana", "Yes, I am training for the Portland half marathon in October."),
     ("Sam", "Impressive! What is your target time?"),
     ("Dana", "Under two hours, if my knee holds up.")],
    [("Dana", "Bad news, my knee started hurting after the long run."),
     ("Sam", "Oh no. Did you see a doctor?"),
     ("Dana", "Yes, Dr. Patel at Mercy Hospital said it is a mild strain."),
     ("Sam", "So will you still run the half marathon?"),
     ("Dana", "She said two weeks of rest, then I can train again."),
     ("Sam", "Good. I entered one of my paintings in the county art fair."),
     ("Dana", "That's amazing! Which one did you pick?"),
     ("Sam", "Lake Tahoe at sunrise, the one you liked."),
     ("Dana", "Great choice. When is the fair?"),
     ("Sam", "The second weekend of June, at the fairgrounds on Elm Ave."),
     ("Dana", "I'll be there with Pepper's photo on my phone to show everyone."),
     ("Sam", "Ha! Text me at 503-555-0142 when you arrive."),
     ("Dana", "Will do. How is Toby by the way?"),
     ("Sam", "Toby is great, he learned to open the fridge.")],
]
QUERIES = [
    "Where did Dana move to?",
    "What happened with the refund for the broken lamp?",
    "What is the name of Dana's cat?",
    "When does Sam paint and where?",
    "Which painting did Sam enter in the art fair?",
    "What did the doctor say about Dana's knee?",
    "CLM-4471",
    "half marathon target time",
    "What did Sam's dog learn?",
]


def _bodies(sessions: list[list[tuple[str, str]]], prefix: str) -> list[tuple[str, list[dict[str, Any]]]]:
    out = []
    for i, rows in enumerate(sessions):
        day = T0 + timedelta(days=9 * i)
        out.append((f"session_{i + 1}", [{"id": f"{prefix}{i + 1}:{j + 1}", "speaker": sp, "text": text, "role": "user",
                                          "at": (day + timedelta(minutes=j)).isoformat()}
                                         for j, (sp, text) in enumerate(rows)]))
    return out


def _ingest(client: Any, ns: str, sessions: list[tuple[str, list[dict[str, Any]]]], mode: str) -> None:
    for sid, body in sessions:
        if mode == "turn":
            for turn in body:
                r = client.post(f"/v1/{ns}/sessions/{sid}/turns", json=turn)
                assert r.status_code == 201, r.text
        else:
            r = client.post(f"/v1/{ns}/sessions/{sid}/turns/batch", json={"turns": body})
            assert r.status_code == 201, r.text


def _summaries(client: Any, ns: str, sessions: list[tuple[str, list[dict[str, Any]]]]) -> list[Any]:
    """Each session's summary (reading it also writes any chunk still queued for its text)."""
    out = []
    for sid, _ in sessions:
        r = client.get(f"/v1/{ns}/sessions/{sid}/summary")
        assert r.status_code == 200, r.text
        out.append(r.json())
    return out


def _ranked(client: Any, ns: str, query: str) -> list[tuple[str, str]]:
    r = client.post(f"/v1/{ns}/search", json={"query": query, "k": 10})
    assert r.status_code == 200, r.text
    return [(h["kind"], h["id"]) for h in r.json()["hits"]]


def _comparable(summary: dict[str, Any]) -> Any:
    """A summary without the instants of its writing (created_at, updated_at differ by construction)."""
    drop = re.compile(r"^(created_at|updated_at)$")
    if isinstance(summary, dict):
        return {k: _comparable(v) for k, v in summary.items() if not drop.match(k)}
    if isinstance(summary, list):
        return [_comparable(v) for v in summary]
    return summary


@pytest.fixture
def two_namespaces(store: Store) -> Iterator[tuple[str, str]]:
    names = (f"test-batch-{uuid4().hex[:10]}", f"test-turn-{uuid4().hex[:10]}")
    yield names
    for name in names:
        purge_namespace(store, name)


def _locomo_slice() -> list[list[tuple[str, str]]] | None:
    """The first two sessions of LoCoMo's first conversation, if the data file is here."""
    path = data_file("locomo10.json")
    if not path.is_file():
        return None
    import json

    conv = json.loads(path.read_text(encoding="utf-8"))[0]["conversation"]
    return [[(t["speaker"], t["text"]) for t in conv[f"session_{i}"]] for i in (1, 2)]


@pytest.mark.parametrize("data", ["synthetic", "locomo"])
def test_turn_by_turn_builds_what_batch_builds(client: Any, two_namespaces: tuple[str, str], data: str) -> None:
    sessions = SESSIONS if data == "synthetic" else _locomo_slice()
    if sessions is None:
        pytest.skip("LoCoMo data file absent")
    batch_ns, turn_ns = two_namespaces
    bodies = _bodies(sessions, "D")
    _ingest(client, batch_ns, bodies, "batch")
    _ingest(client, turn_ns, bodies, "turn")
    assert _comparable(_summaries(client, turn_ns, bodies)) == _comparable(_summaries(client, batch_ns, bodies))
    queries = QUERIES if data == "synthetic" else [
        "When did Caroline go to the LGBTQ support group?", "What did Melanie paint?",
        "What is Caroline's identity?", "What career path has Caroline decided to pursue?",
        "What do Melanie's kids like?", "When did Melanie run a charity race?"]
    differing = {}
    for q in queries:
        batch, turn = _ranked(client, batch_ns, q), _ranked(client, turn_ns, q)
        assert batch, q
        if batch != turn:
            differing[q] = (batch, turn)
    assert not differing, differing
