"""What a name question costs in reads, and that what is read once is read right.

A question that names someone is read with the names (`exact/read_named`, from the process's copy of the names):
the named entities' timelines come with it, and so does whether each other word of the question is an entity key
("Where", "live", "hq"). Nothing of that is read again: not by the fast path (a key question), not by the full
route's profiles when the fast path cannot answer alone ("before" asks for earlier values). The profiles are made
from timelines, so they must say what the exact channel's own as-of read says, at every pair of times.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from graphmem.channels import temporal
from graphmem.channels.exact import read_entities
from graphmem.channels.fact_records import EntitySpec
from graphmem.channels.graph import neighbours, relate, relations_of
from graphmem.channels.names import find_names_timelines
from graphmem.channels.names._copy import copies
from graphmem.metrics import REGISTRY
from graphmem.privacy import erase_entity
from graphmem.recall import recall
from graphmem.recall.hits import RELATIONS_PER_ENTITY, Channels
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

T0 = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.fixture
def people(store: Store, ns: Namespace) -> Namespace:
    """Two Marias with lowercase keys (no identifier kind claims them), a site keyed by a plain word and named by
    nobody, and Maria Lopez's city moved twice, once corrected late."""
    temporal.put_entities(store, ns, entities=[
        EntitySpec(key="c-1001", type="customer", name="Maria Lopez", attributes={"plan": "Gold"}),
        EntitySpec(key="c-1002", type="customer", name="Maria Silva", attributes={"city": "Faro"}),
        EntitySpec(key="hq", type="site", attributes={"city": "Oslo"}),
        EntitySpec(key="gone", type="customer", name="Maria Gone", attributes={"city": "Rome"})])
    temporal.assert_fact(store, ns, entity="c-1001", attribute="city", value="Lisbon", valid_from=T0)
    temporal.assert_fact(store, ns, entity="c-1001", attribute="city", value="Porto",
                         valid_from=T0 + timedelta(days=200))
    temporal.correct_fact(store, ns, entity="c-1001", attribute="city", value="Braga",
                          valid_from=T0 + timedelta(days=100), valid_to=T0 + timedelta(days=200))
    temporal.retract_fact(store, ns, entity="c-1001", attribute="plan", valid_from=T0 + timedelta(days=300))
    erase_entity(store, ns, key="gone", reason="asked to be forgotten", by="test")
    return ns


@pytest.fixture
def reads(store: Store) -> Iterator[list[str]]:
    """The statements the store reads (a spy: the reads still run against Neo4j), but for the background workers'
    reads: a worker an earlier test started rescans its queue on its own thread whenever it wakes (once,
    `admin/queued_embeddings` landed in a recall's reads), and hands embedding writes to its own pool."""
    seen: list[str] = []
    real = store.read
    # the `DurableWorker` threads and the embedding worker's pool (`graphmem-embedding-writes_N`)
    background = ("graphmem-folds", "graphmem-embeddings", "graphmem-extractions", "graphmem-embedding-writes")

    def spy(name: str, **params: object) -> object:
        if not threading.current_thread().name.startswith(background):
            seen.append(name)
        return real(name, **params)

    store.read = spy  # type: ignore[method-assign]
    yield seen
    store.read = real  # type: ignore[method-assign]


def _answered(outcome: str = "answered") -> float:
    return REGISTRY.get_sample_value("graphmem_name_copy_reads_total", {"outcome": outcome}) or 0.0


def _copied(store: Store, ns: Namespace) -> None:
    """Ask until the process's copy of the names answers (it is made in the background the first time)."""
    deadline = time.monotonic() + 30  # the first copy waits for a Neo4j started a moment before
    while time.monotonic() < deadline:
        before = _answered()
        recall(store, ns, query="What is Maria Silva's city?")
        if _answered() > before:
            return
        time.sleep(0.05)
    raise AssertionError("no copy of the names answered")


def test_a_key_question_by_name_reads_once(store: Store, people: Namespace, reads: list[str]) -> None:
    _copied(store, people)
    reads.clear()
    answer = recall(store, people, query="Where does Maria Lopez live now?")
    assert reads == ["exact/read_named"]
    assert "c-1001 (Maria Lopez) city: Porto (since 2024-07-19)" in answer.context
    assert any("key question" in step.reason for step in answer.route)


def test_earlier_values_by_name_read_the_names_only(store: Store, people: Namespace, reads: list[str]) -> None:
    """"before" takes the full route (the fast path reads one point in time): its profile is made from the
    timeline and the relations read with the names, not read again (no exact/read_entities, no
    temporal/read_history, no graph/expand_frontier)."""
    _copied(store, people)
    reads.clear()
    answer = recall(store, people, query="Where did Maria Lopez live before?")
    assert reads == ["exact/read_named"]
    assert "c-1001 (Maria Lopez) city: Porto" in answer.context
    assert "c-1001 (Maria Lopez) city before: Braga (2024-04-10 to 2024-07-19)" in answer.context


@pytest.mark.parametrize(("question", "read"), [
    ("What is the city of hq and of Maria Lopez?", ["exact/read_named"]),  # the fast path
    ("Compare the city of hq with Maria Lopez's city", ["exact/read_named"])])  # the full route, its relations read too
def test_a_plain_word_that_is_a_key_is_found_in_the_same_read(store: Store, people: Namespace, reads: list[str],
                                                              question: str, read: list[str]) -> None:
    """"hq" is no name and no identifier: only a read says it is an entity key, and the names' read says so (the full
    route asks no exact/lookup_batch of the question's words)."""
    _copied(store, people)
    reads.clear()
    answer = recall(store, people, query=question)
    assert sorted(reads) == read
    assert "hq city: Oslo" in answer.context
    assert "c-1001 (Maria Lopez) city: Porto" in answer.context


def test_a_value_that_names_nobody_costs_no_read(store: Store, people: Namespace, reads: list[str]) -> None:
    """An asked value that may be someone's name ("Porto") is looked up in the copy the names' read found fresh: no
    one holds its word, so nothing more is read; once someone is named Porto, the value leads to them."""
    _copied(store, people)
    reads.clear()
    nobody = _answered("nobody")
    recall(store, people, query="Where did Maria Lopez live before?")
    assert _answered("nobody") == nobody + 1  # "Porto" was looked up, in the copy
    assert "exact/find_names_timelines" not in reads
    temporal.put_entities(store, people, entities=[
        EntitySpec(key="porto-fc", type="club", name="Porto", attributes={"city": "Porto", "stadium": "Dragao"})])
    answer = recall(store, people, query="What is the stadium of Maria Lopez's city?")
    assert "porto-fc (Porto) stadium: Dragao" in answer.context


@pytest.mark.parametrize("valid_days", [-10, 50, 150, 250, 350])
@pytest.mark.parametrize("known", ["now", "before the correction", "before the move", "before anyone"])
def test_profiles_from_timelines_say_what_the_as_of_read_says(store: Store, people: Namespace, valid_days: int,
                                                              known: str) -> None:
    """The profiles recall gives from the timelines the names' read brings (`exact/read_named`) are those it gives
    from `exact/read_timelines`, and their values are the exact channel's as-of read of the same entities at the same
    two times (an erased entity and a word that is no key have none)."""
    _copied(store, people)
    history = temporal.history(store, people, key="c-1001", view="audit")
    stamps = sorted(v.txn_time for v in history.versions)
    known_at = {"now": None, "before the correction": stamps[2] + timedelta(microseconds=1),
                "before the move": stamps[1] - timedelta(microseconds=1),
                "before anyone": stamps[0] - timedelta(microseconds=1)}[known]
    valid_at = T0 + timedelta(days=valid_days)
    keys = ["c-1001", "c-1002", "hq", "gone", "nobody"]
    ch = Channels(store, people, store.services.registry)
    reasons = dict.fromkeys(keys, "asked")
    named = find_names_timelines(store, people, "Maria Lopez", known_at=known_at, tokens=keys)
    if known != "before anyone":  # then Maria Lopez was no one yet: the copy has no name to answer for
        assert set(named.timelines) | named.read_keys == set(keys)  # the copy answered: every key read with the name
    read = ch.profiles(keys, valid_at, known_at, channel="exact", reasons=reasons, earlier_word="before")
    given = ch.profiles(keys, valid_at, known_at, channel="exact", reasons=reasons, earlier_word="before",
                        read={**dict.fromkeys(named.read_keys), **named.timelines})
    assert read == given
    states = read_entities(store, people, keys=keys, valid_at=valid_at, known_at=known_at)
    assert read.found == [k for k in keys if k in states] and "gone" not in read.found
    facts = sorted((h.data["entity"], h.data["attribute"], h.data["value"]) for h in read.hits
                   if h.kind == "fact" and not h.data.get("earlier"))
    assert facts == sorted((key, f.attribute, f.value) for key, s in states.items() for f in s.facts)


@pytest.mark.parametrize("valid_days", [50, 150, 250])
@pytest.mark.parametrize("known", ["now", "between the first two relations", "before any relation"])
def test_relations_read_with_the_names_are_those_the_graph_reads(store: Store, people: Namespace, valid_days: int,
                                                                 known: str, reads: list[str]) -> None:
    """The relations the names' read brings (`exact/read_named`) are `graph.relations_of`'s (`graph/expand_frontier`)
    at the same two times, in the application view: both directions, a relation that ended or began, one recorded
    after known_at, a neighbour erased, one to itself; and a whole profile by name then reads nothing more."""
    works = relate(store, people, source_key="c-1001", type="WORKS_AT", target_key="hq", valid_from=T0,
                   valid_to=T0 + timedelta(days=100))
    relate(store, people, source_key="c-1002", type="KNOWS", target_key="c-1001", valid_from=T0 + timedelta(days=120))
    relate(store, people, source_key="c-1001", type="MENTORS", target_key="c-1001", valid_from=T0)
    temporal.put_entities(store, people, entities=[EntitySpec(key="old-friend", type="customer", name="Ana Rocha")])
    relate(store, people, source_key="c-1001", type="KNOWS", target_key="old-friend", valid_from=T0)
    erase_entity(store, people, key="old-friend", reason="asked to be forgotten", by="test")
    known_at = {"now": None, "between the first two relations": works.txn_time,
                "before any relation": works.txn_time - timedelta(microseconds=1)}[known]
    valid_at = T0 + timedelta(days=valid_days)
    _copied(store, people)
    named = find_names_timelines(store, people, "Maria Lopez", valid_at=valid_at, known_at=known_at,
                                 tokens=["hq", "c-1002"], relations=RELATIONS_PER_ENTITY)
    assert named.relations_at == valid_at and set(named.relations) == set(named.timelines) == {"c-1001", "c-1002", "hq"}
    keys = sorted(named.relations)
    found = neighbours(named.relations)
    assert found == relations_of(store, people, keys=keys, valid_at=valid_at, known_at=known_at)
    assert {n.relation.type for n in found.get("hq", [])} == (
        {"WORKS_AT"} if known != "before any relation" and valid_days < 100 else set())
    assert {n.key for n in found.get("c-1002", [])} == ({"c-1001"} if known == "now" and valid_days > 120 else set())
    assert "old-friend" not in {n.key for listed in found.values() for n in listed}
    first = find_names_timelines(store, people, "Maria Lopez", valid_at=valid_at, known_at=known_at,
                                 tokens=["hq", "c-1002"], relations=1)  # the cut: the same first one, read either way
    assert neighbours(first.relations) == relations_of(store, people, keys=keys, valid_at=valid_at, known_at=known_at,
                                                       limit=1)
    if known == "now":
        reads.clear()
        answer = recall(store, people, query="Tell me everything about Maria Lopez",
                        valid_at=T0 + timedelta(days=valid_days))
        assert reads == ["exact/read_named"]
        assert "c-1001 MENTORS c-1001 (Maria Lopez)" in answer.context


def test_nobody_is_answered_without_a_read_only_at_the_stamp_just_read(store: Store, people: Namespace,
                                                                       reads: list[str]) -> None:
    """The copy says "no one holds this word" without a read only when it is at the stamp the caller gives (the one
    its recall has just read); given another (names written since), it reads, and finds the new name."""
    _copied(store, people)
    copy = copies(store).get(people)
    assert copy is not None
    reads.clear()
    assert find_names_timelines(store, people, "Porto", fresh=copy.stamp).named == []
    assert reads == []
    temporal.put_entities(store, people, entities=[EntitySpec(key="porto-fc", type="club", name="Porto")])
    found = find_names_timelines(store, people, "Porto", fresh="a stamp read elsewhere")
    assert [list(n.keys) for n in found.named] == [["porto-fc"]]
    assert reads
