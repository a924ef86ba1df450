"""Exact lookup among 10,000 entities whose identifiers are near-duplicates of each other.

Phones differ from their neighbours in one digit (and are stored in three spellings), order ids differ
by zero padding (ORD-2024-001 / ORD-2024-010 / ORD-2024-100), turn references by a trailing digit
(D1:3 / D1:30). Every lookup must return exactly its own entity: precision and recall 100 %, no prefix,
case-folding or fuzzy match.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from uuid import uuid4

import pytest

from graphmem.identifiers.names import LUCENE_STOP
from graphmem.channels.exact import lookup
from graphmem.channels.fact_records import EntitySpec
from graphmem.channels.temporal import assert_fact, put_entities
from graphmem.store import Store, purge_namespace
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
N = 10_000
SAMPLE = 800  # entities whose three identifiers are looked up (plus the hand-picked near-duplicates)


def phone(i: int, style: int) -> str:
    digits = f"138{i:08d}"
    return [digits, f"{digits[:3]}-{digits[3:7]}-{digits[7:]}", f"+{digits[:3]} {digits[3:7]} {digits[7:]}"][style % 3]


def order(i: int) -> str:
    return f"ORD-2024-{i:03d}"


def turn(i: int) -> str:
    return f"D{i // 100}:{i % 100}"


@pytest.fixture(scope="module")
def population(store: Store) -> Iterator[Namespace]:
    """Built once for the module (10 transactions of 1,000 entities and 3,000 facts), purged after."""
    ns = Namespace(f"test-{uuid4().hex[:12]}")
    try:
        for start in range(0, N, 1000):
            put_entities(store, ns, entities=[
                EntitySpec(f"C-{i}", "customer",
                           attributes={"phone": phone(i, i), "order_id": order(i), "turn_ref": turn(i)})
                for i in range(start, start + 1000)])
        yield ns
    finally:
        purge_namespace(store, ns.name)


def test_exact_lookup_precision_and_recall(store: Store, population: Namespace) -> None:
    ns = population
    rng = random.Random(7)
    picked = (set(rng.sample(range(N), SAMPLE)) | {1, 10, 100, 103, 130, 1000, 1234, 1243, 9999}) - {42}
    queries = [(attr, value, f"C-{i}") for i in sorted(picked)
               for attr, value in (("phone", phone(i, i + 1)), ("order_id", order(i)), ("turn_ref", turn(i)))]

    def found(q: tuple[str, str, str]) -> tuple[str, list[str]]:
        return q[2], [e.key for e in lookup(store, ns, attribute=q[0], value=q[1]).entities]

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(found, queries))
    tp = sum(want in got for want, got in results)
    returned = sum(len(got) for _, got in results)
    precision, recall = tp / returned, tp / len(results)
    assert (precision, recall) == (1.0, 1.0), [r for r in results if r[1] != [r[0]]][:5]

    # near misses find nothing: padding, case, prefix, one digit off or missing, a different spelling of a key
    for attr, value in [("order_id", "ORD-2024-01"), ("order_id", "ORD-2024-1"), ("order_id", "ord-2024-001"),
                        ("order_id", "ORD-2024-0010"), ("turn_ref", "D1:"), ("turn_ref", "D1:3 "),
                        ("turn_ref", "d1:3"), ("phone", "1380000123"), ("phone", "138000012345"),
                        ("phone", "13800010000")]:
        assert lookup(store, ns, attribute=attr, value=value).entities == (), (attr, value)
    assert [e.key for e in lookup(store, ns, attribute="turn_ref", value="D1:3").entities] == ["C-103"]
    assert [e.key for e in lookup(store, ns, attribute="turn_ref", value="D1:30").entities] == ["C-130"]
    assert [e.key for e in lookup(store, ns, attribute="order_id", value="ORD-2024-010").entities] == ["C-10"]
    assert [e.key for e in lookup(store, ns, attribute="phone", value="138 0000 1234").entities] == ["C-1234"]
    assert [e.key for e in lookup(store, ns, attribute="phone", value="13800001243").entities] == ["C-1243"]


def test_lookup_as_of_both_axes(store: Store, population: Namespace) -> None:
    """C-42 is kept out of the sample above: this test changes its phone."""
    ns = population
    before = datetime.now(timezone.utc)
    assert_fact(store, ns, entity="C-42", attribute="phone", value="13999999999")
    old, new = phone(42, 0), "13999999999"
    assert lookup(store, ns, attribute="phone", value=old).entities == ()
    assert [e.key for e in lookup(store, ns, attribute="phone", value=new).entities] == ["C-42"]
    assert [e.key for e in lookup(store, ns, attribute="phone", value=old, known_at=before).entities] == ["C-42"]
    assert lookup(store, ns, attribute="phone", value=new, known_at=before).entities == ()
    assert [e.key for e in lookup(store, ns, attribute="phone", value=old, valid_at=before).entities] == ["C-42"]


def test_the_stop_words_the_name_index_drops_are_the_ones_graphmem_asks_elsewhere(store: Store) -> None:
    """`names.LUCENE_STOP` is the list of the name index's analyzer on this server: a word dropped there and not
    listed here would make a name unfindable ("Will" Hunter was, before the list)."""
    records, _, _ = store._driver.execute_query(
        "CALL db.index.fulltext.listAvailableAnalyzers() YIELD analyzer, stopwords "
        "WHERE analyzer = 'standard-folding' RETURN stopwords", database_=store.services.settings.neo4j_database)
    assert set(records[0]["stopwords"]) == LUCENE_STOP
