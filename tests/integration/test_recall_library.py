"""`graphmem.recall.recall` against the real Neo4j and model: time words bound the search, the merge
across channels, bitemporal reads through time words, erasure, determinism."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from graphmem.channels import temporal
from graphmem.channels.conversation import turns
from graphmem.privacy import erase_entity
from graphmem.recall import recall
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
UTC = timezone.utc
NOW = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)


def at(month: int, day: int, minute: int = 0) -> datetime:
    return datetime(2026, month, day, 9, minute, tzinfo=UTC)


def talk(store: Store, ns: Namespace, session: str, when: datetime, texts: list[str]) -> None:
    turns.add_turns(store, ns, session=session, turns=[
        turns.NewTurn(text=t, role="user", at=when.replace(minute=i)) for i, t in enumerate(texts)])


def test_time_words_bound_the_semantic_search(store: Store, ns: Namespace) -> None:
    talk(store, ns, "march", at(3, 10), ["The delivery address problem was reported in spring.",
                                         "We discussed the delivery address again."])
    talk(store, ns, "july", at(7, 10), ["The delivery address problem came back in summer."])
    got = recall(store, ns, query="what was said about the delivery address in March?", now=NOW)
    assert got.since == datetime(2026, 3, 1, tzinfo=UTC) and got.until is not None
    sessions = {h.data["session"] for h in got.results if h.kind == "turn"}
    assert sessions == {"march"}
    assert any("within the time range" in s.reason for s in got.route)
    everything = recall(store, ns, query="what was said about the delivery address?", now=NOW)
    assert {h.data["session"] for h in everything.results if h.kind == "turn"} == {"march", "july"}


def test_known_on_reads_what_was_believed_then(store: Store, ns: Namespace) -> None:
    """A correction learnt later: "known on" a day before it, recall says what was believed then."""
    temporal.put_entity(store, ns, key="U-7", type="user", attributes={"city": "Shanghai"},
                        valid_from=datetime(2026, 1, 1, tzinfo=UTC))
    learnt = datetime.now(UTC)
    temporal.correct_fact(store, ns, entity="U-7", attribute="city", value="Hangzhou",
                          valid_from=datetime(2026, 1, 1, tzinfo=UTC), valid_to=None, reason="typo")
    current = recall(store, ns, query="where does U-7 live?")
    assert [h.data["value"] for h in current.results if h.kind == "fact"] == ["Hangzhou"]
    then = recall(store, ns, query="where does U-7 live?", known_at=learnt)
    assert [h.data["value"] for h in then.results if h.kind == "fact"] == ["Shanghai"]


def test_exact_hits_outrank_the_window_which_outranks_summaries(store: Store, ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="U-9", type="user", attributes={"phone": "13612345678"},
                        valid_from=datetime(2026, 1, 1, tzinfo=UTC))
    talk(store, ns, "s9", at(7, 1), [f"message {i} about the parcel" for i in range(12)])
    got = recall(store, ns, query="what did 136-1234-5678 ask?", session="s9")
    order = [h.channel for h in got.results]
    assert order[0] == "exact"
    assert order == sorted(order, key=["exact", "window", "summary"].index)
    assert [s.channel for s in got.route] == ["exact", "window", "summary"]


def test_erased_entities_and_their_turns_never_appear(store: Store, ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="U-5", type="user", name="Secret Person", attributes={"city": "Wuhan"},
                        valid_from=datetime(2026, 1, 1, tzinfo=UTC))
    talk(store, ns, "s5", at(7, 1), ["U-5 complained about the broken blender.",
                                     "Someone else complained about a broken kettle."])
    before = recall(store, ns, query="who complained about a broken appliance?")
    assert any("U-5" in h.text for h in before.results)
    erase_entity(store, ns, key="U-5", reason="request", by="test")
    after = recall(store, ns, query="who complained about a broken appliance?")
    blob = after.context + " ".join(h.text for h in after.results)
    assert "U-5" not in blob and "Secret Person" not in blob and "Wuhan" not in blob
    assert any("kettle" in h.text for h in after.results)
    assert recall(store, ns, query="U-5").results == ()


def test_the_same_question_gets_the_same_answer(store: Store, ns: Namespace) -> None:
    temporal.put_entity(store, ns, key="U-2", type="user", attributes={"email": "bob@example.com", "city": "Xi'an"},
                        valid_from=datetime(2026, 1, 1, tzinfo=UTC))
    talk(store, ns, "s2", at(7, 3), ["bob@example.com asked about an invoice", "the invoice was re-sent"])
    first = recall(store, ns, query="What did BOB@example.com ask last week?", session="s2", now=NOW)
    for _ in range(2):
        again = recall(store, ns, query="What did BOB@example.com ask last week?", session="s2", now=NOW)
        assert (again.route, again.results, again.context) == (first.route, first.results, first.context)
    assert first.results[0].channel == "exact" and first.results[0].data["entity"] == "U-2"
