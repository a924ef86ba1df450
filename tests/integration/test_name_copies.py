"""A process's copy of a namespace's names (`graphmem.channels.names._copy`) answers name questions without the
full-text index, and never answers from a stale copy: every write that changes names, made by this process or by
another one (a second store, its own driver), is seen by the next question."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from graphmem.channels import temporal
from graphmem.metrics import REGISTRY
from graphmem.channels.fact_records import EntitySpec, FactSpec
from graphmem.channels.names._copy import Copies, Copy, copies
from graphmem.privacy import erase_entity
from graphmem.recall import recall
from graphmem.settings import Settings
from graphmem.store import Store, open_store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Copies made again at once after a stale read (not every 2 s): the test waits for each."""
    monkeypatch.setattr("graphmem.channels.names._copy.RETRY_SECONDS", 0.05)
    monkeypatch.setattr("graphmem.channels.names._copy.NOT_COPIED_SECONDS", 0.05)


@pytest.fixture
def other(settings: Settings) -> Iterator[Store]:
    """Another process's store: its own driver, its own copies."""
    with open_store(settings) as s:
        yield s


def put(store: Store, ns: Namespace, key: str, name: str, city: str, aliases: tuple[str, ...] | None = None) -> None:
    temporal.put_entities(store, ns, entities=[EntitySpec(key=key, type="customer", name=name,
                                                          attributes={"city": city}, aliases=aliases)])


def copied(store: Store, ns: Namespace) -> Copy:
    """The namespace's copy, once the background copy (started by asking) is made."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = copies(store).get(ns)
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError("no copy of the names was made")


def context(store: Store, ns: Namespace, question: str) -> str:
    return recall(store, ns, query=question).context


def from_copy(store: Store, ns: Namespace, question: str) -> str:
    """The context of `question`, asked until a copy answers it (a stale one is found out and made again in the
    background); every answer before that one must be the same."""
    first = context(store, ns, question)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        before = answered()
        got = context(store, ns, question)
        assert got == first
        if answered() > before:
            return got
        time.sleep(0.05)
    raise AssertionError("no copy answered")


def answered() -> float:
    """Name questions this process answered from a copy so far."""
    return REGISTRY.get_sample_value("graphmem_name_copy_reads_total", {"outcome": "answered"}) or 0.0


def test_a_copy_answers_and_every_change_of_names_is_seen_at_once(store: Store, other: Store, ns: Namespace) -> None:
    put(store, ns, "c-1", "Maria Lopez", "Lisbon")
    put(store, ns, "c-2", "Tom Berg", "Oslo")
    assert "Lisbon" in context(store, ns, "What is Maria's city?")
    first, before = copied(store, ns), answered()
    assert "Lisbon" in context(store, ns, "Where does Maria Lopez live?")
    assert copies(store).get(ns) is first and answered() == before + 1  # answered from the copy: it still holds

    put(other, ns, "c-3", "Maria Silva", "Faro")  # another process: a second Maria
    got = recall(store, ns, query="What is Maria's city?")
    assert "Lisbon" in got.context and "Faro" in got.context  # both Marias, never one silently
    assert any("ambiguous" in s.reason for s in got.route)

    put(other, ns, "c-2", "Tom Bergström", "Oslo")  # a rename elsewhere: the new name resolves here
    assert "Oslo" in from_copy(store, ns, "Where is Tom Bergström based?")  # right each time, then from a copy

    erase_entity(other, ns, key="c-3", reason="asked", by="test")  # an erasure elsewhere
    after = from_copy(store, ns, "What is Maria's city?")
    assert "Lisbon" in after and "Faro" not in after

    put(other, ns, "c-1", "Maria Lopez", "Lisbon", aliases=("Mia",))  # an alias elsewhere
    assert "Lisbon" in from_copy(store, ns, "What is Mia's city?")


def test_writes_that_change_no_name_keep_the_copy(store: Store, ns: Namespace) -> None:
    put(store, ns, "c-1", "Maria Lopez", "Lisbon")
    context(store, ns, "What is Maria's city?")
    kept = copied(store, ns)
    put(store, ns, "c-1", "Maria Lopez", "Porto")  # a new city, the same name: no new stamp
    temporal.assert_facts(store, ns, facts=[FactSpec(entity="c-1", attribute="plan", value="gold")])
    assert "Porto" in context(store, ns, "Where does Maria Lopez live now?")
    assert copies(store).get(ns) is kept


def test_a_namespace_copies_only_its_own_names(store: Store, ns: Namespace) -> None:
    other_ns = Namespace(ns.name + "-b")
    try:
        put(store, ns, "c-1", "Maria Lopez", "Lisbon")
        put(store, other_ns, "c-9", "Zhang Wei", "Shanghai")
        context(store, ns, "What is Maria's city?")
        context(store, other_ns, "What is Zhang Wei's city?")
        copied(store, ns), copied(store, other_ns)
        assert "Shanghai" not in context(store, ns, "What is Zhang Wei's city?")
        assert "Lisbon" not in context(store, other_ns, "What is Maria Lopez's city?")
    finally:
        from graphmem.store import purge_namespace

        purge_namespace(store, other_ns.name)


def test_a_value_that_is_also_an_entity_name_still_finds_its_holders(store: Store, ns: Namespace) -> None:
    """The copy's read leaves out holder names the question says only inside a name it spells in full ("what plan
    was Zelin Hazara on": no attribute `zelin_hazara`); "plan" said outside the name "Gold Plan" is still asked."""
    temporal.put_entities(store, ns, entities=[
        EntitySpec(key="p-1", type="product", name="Gold Plan", attributes={"price": "20"}),
        EntitySpec(key="c-1", type="customer", name="Maria Lopez", attributes={"plan": "Gold Plan"}),
        EntitySpec(key="c-2", type="customer", name="Tom Berg", attributes={"plan": "Silver"})])
    for question in ("Who is on plan Gold Plan?", "Who has plan Gold Plan?"):
        assert "Maria Lopez" in context(store, ns, question)  # by the index
        copied(store, ns)
        assert "Maria Lopez" in context(store, ns, question)  # by the copy


def test_a_reverse_question_as_of_a_date_finds_the_holders_of_then(store: Store, ns: Namespace,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy's read takes the holders' instant as text (`exact/read_named`): the same versions as the index's."""
    temporal.put_entities(store, ns, entities=[
        EntitySpec(key="p-1", type="person", name="Tom Berg", attributes={"city": "Oslo"}),
        EntitySpec(key="p-2", type="person", name="Ana Costa", attributes={"city": "Porto"}),
        EntitySpec(key="a-1", type="account", name="Fabrikam", attributes={"account_manager": "Tom Berg"},
                   valid_from=datetime(2024, 1, 1, tzinfo=UTC))])
    temporal.assert_facts(store, ns, facts=[FactSpec("a-1", "account_manager", "Ana Costa",
                                                     valid_from=datetime(2025, 6, 1, tzinfo=UTC))])
    then = "Which account was Tom Berg the account manager of on 31 May 2025?"
    after = "Which account was Tom Berg the account manager of on 1 June 2025?"
    with monkeypatch.context() as m:  # no copy yet for these two: both read by the index
        m.setattr(Copies, "get", lambda self, ns: None)
        before = answered()
        by_index = context(store, ns, then), context(store, ns, after)
        assert answered() == before
    copied(store, ns)
    assert (from_copy(store, ns, then), from_copy(store, ns, after)) == by_index
    assert "a-1 (Fabrikam) account_manager: Tom Berg" in by_index[0]
    assert "Fabrikam" not in by_index[1]
