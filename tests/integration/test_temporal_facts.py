"""The temporal channel against Neo4j: the seed examples, late facts, retraction, many-valued attributes,
transaction times, erasure and all-or-nothing batches."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.channels.exact import lookup, read_entity
from graphmem.channels.fact_records import EntitySpec, FactSpec
from graphmem.channels.temporal import (
    assert_fact,
    assert_facts,
    attribute_declaration,
    declare_attribute,
    history,
    put_entities,
    put_entity,
    retract_fact,
)
from graphmem.errors import Conflict, EntityNotFound, InvalidInput, InvalidInterval, LimitExceeded
from graphmem.privacy import erase_entity
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
UTC = timezone.utc


def D(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


#: "now" for reads of facts given fixed 2026 dates: after all of them, whatever the machine's calendar says
#: (a read's default valid_at is the machine's clock, which these dates once lay ahead of)
NOW = D("2026-09-01")


def count_versions(store: Store, ns: Namespace, key: str) -> int:
    return len(history(store, ns, key=key, view="audit").versions)


def test_shanghai_then_beijing(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user", attributes={"city": "Shanghai"})
    assert_fact(store, ns, entity="U-1", attribute="city", value="Beijing")
    now = read_entity(store, ns, key="U-1")
    assert now.attributes == {"city": "Beijing"}
    assert [f.value for f in now.facts] == ["Beijing"]
    believed = history(store, ns, key="U-1", attribute="city")
    assert [v.value for v in believed.versions] == ["Shanghai", "Beijing"]
    assert all(v.txn_end is None for v in believed.versions)
    assert believed.versions[0].valid_to == believed.versions[1].valid_from
    audit = history(store, ns, key="U-1", attribute="city", view="audit")
    assert sorted(v.value for v in audit.versions) == ["Beijing", "Shanghai", "Shanghai"]


def test_moved_on_07_01_learned_on_07_04(store: Store, ns: Namespace) -> None:
    """The transaction clock is injected (library only) so the dates of the design's example are literal."""
    put_entity(store, ns, key="U-1", type="user", attributes={"city": "Shanghai"}, valid_from=D("2026-01-01"),
               now=D("2026-06-01"))
    change = assert_fact(store, ns, entity="U-1", attribute="city", value="Beijing", valid_from=D("2026-07-01"),
                         now=D("2026-07-04"))
    assert change.txn_time == D("2026-07-04")
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-07-02")).attributes["city"] == "Beijing"
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-07-02"),
                       known_at=D("2026-07-03")).attributes["city"] == "Shanghai"
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-06-30"),
                       known_at=D("2026-07-05")).attributes["city"] == "Shanghai"
    assert read_entity(store, ns, key="U-1", valid_at=D("2025-12-31")).attributes == {}
    with pytest.raises(EntityNotFound):  # known_at before the entity was created
        read_entity(store, ns, key="U-1", known_at=D("2026-05-31"))


def test_late_and_out_of_order_facts(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user")
    assert_fact(store, ns, entity="U-1", attribute="city", value="Hangzhou", valid_from=D("2026-05-01"))
    # learned later, true earlier: holds until the version that starts after it, never wipes it
    late = assert_fact(store, ns, entity="U-1", attribute="city", value="Suzhou", valid_from=D("2026-03-01"))
    assert late.version is not None and late.version.valid_to == D("2026-05-01")
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-04-01")).attributes["city"] == "Suzhou"
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-06-01")).attributes["city"] == "Hangzhou"
    # a correction of the past with an explicit interval replaces everything inside it
    assert_fact(store, ns, entity="U-1", attribute="city", value="Nanjing", valid_from=D("2026-04-01"),
                valid_to=D("2026-06-01"))
    got = [read_entity(store, ns, key="U-1", valid_at=D(d)).attributes.get("city")
           for d in ("2026-02-01", "2026-03-15", "2026-04-15", "2026-05-15", "2026-06-15")]
    assert got == [None, "Suzhou", "Nanjing", "Nanjing", "Hangzhou"]
    believed = history(store, ns, key="U-1", attribute="city").versions
    for a, b in zip(believed, believed[1:]):
        assert a.valid_to is not None and a.valid_to <= b.valid_from  # never overlapping


def test_reassert_writes_nothing_and_returns_the_existing_version(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user", attributes={"phone": "138-0000-1234"}, valid_from=D("2026-01-01"))
    before = count_versions(store, ns, "U-1")
    again = assert_fact(store, ns, entity="U-1", attribute="phone", value="138 0000 1234", valid_from=D("2026-01-01"))
    assert not again.changed and again.version is not None and again.version.valid_from == D("2026-01-01")
    assert count_versions(store, ns, "U-1") == before


def test_retract_and_reasons_are_kept_for_audit(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user", attributes={"city": "Shanghai"}, valid_from=D("2026-01-01"),
               source="crm", reason="signup")
    out = retract_fact(store, ns, entity="U-1", attribute="city", valid_from=D("2026-03-01"), reason="moved abroad",
                       source="agent-7")
    assert out.changed and out.version is None
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-02-01")).attributes == {"city": "Shanghai"}
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-04-01")).attributes == {}
    audit = history(store, ns, key="U-1", attribute="city", view="audit").versions
    closed = [v for v in audit if v.txn_end is not None]
    assert [(v.end_reason, v.end_source) for v in closed] == [("moved abroad", "agent-7")]
    assert {(v.source, v.reason) for v in audit} == {("crm", "signup")}


def test_many_valued_attribute(store: Store, ns: Namespace) -> None:
    assert not attribute_declaration(store, ns, name="tag").many
    declare_attribute(store, ns, name="tag", many=True)
    put_entity(store, ns, key="U-1", type="user", attributes={"tag": ["vip", "beta"]}, valid_from=D("2026-01-01"))
    assert_fact(store, ns, entity="U-1", attribute="tag", value="churn-risk", valid_from=D("2026-02-01"))
    assert sorted(read_entity(store, ns, key="U-1", valid_at=NOW).attributes["tag"]) == ["beta", "churn-risk", "vip"]
    retract_fact(store, ns, entity="U-1", attribute="tag", value="beta", valid_from=D("2026-03-01"))
    assert sorted(read_entity(store, ns, key="U-1", valid_at=NOW).attributes["tag"]) == ["churn-risk", "vip"]
    assert sorted(read_entity(store, ns, key="U-1", valid_at=D("2026-02-15")).attributes["tag"]) == [
        "beta", "churn-risk", "vip"]
    k = datetime.now(UTC)
    believed = read_entity(store, ns, key="U-1", valid_at=NOW, known_at=k)
    assert sorted(believed.attributes["tag"]) == ["churn-risk", "vip"]
    assert [e.key for e in lookup(store, ns, attribute="tag", value="vip", valid_at=NOW).entities] == ["U-1"]
    with pytest.raises(Conflict):  # values exist: it cannot become single-valued
        declare_attribute(store, ns, name="tag", many=False)
    with pytest.raises(InvalidInput):  # a list for a single-valued attribute
        put_entity(store, ns, key="U-1", type="user", attributes={"city": ["a", "b"]})


def test_transaction_time_strictly_increases_and_known_at_is_exact(store: Store, ns: Namespace) -> None:
    t = D("2026-08-01")
    put_entity(store, ns, key="U-1", type="user", now=t)
    a = assert_fact(store, ns, entity="U-1", attribute="x", value=1, now=t)  # same clock reading
    b = assert_fact(store, ns, entity="U-1", attribute="x", value=2, now=t)
    assert t <= a.txn_time < b.txn_time and b.txn_time - a.txn_time == timedelta(microseconds=1)
    # valid_at too: the facts start at the injected clock `t`, which the machine's may not have reached
    assert read_entity(store, ns, key="U-1", valid_at=b.txn_time, known_at=b.txn_time).attributes["x"] == 2
    assert read_entity(store, ns, key="U-1", valid_at=b.txn_time,
                       known_at=b.txn_time - timedelta(microseconds=1)).attributes["x"] == 1


def test_values_keep_their_types(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user", attributes={"age": 41, "score": 0.5, "active": True, "note": "41"})
    assert read_entity(store, ns, key="U-1").attributes == {"age": 41, "score": 0.5, "active": True, "note": "41"}
    assert [e.key for e in lookup(store, ns, attribute="age", value=41).entities] == ["U-1"]
    assert lookup(store, ns, attribute="note", value=41).entities == ()
    assert lookup(store, ns, attribute="active", value=1).entities == ()


def test_put_merges_and_keeps_other_attributes(store: Store, ns: Namespace) -> None:
    first = put_entity(store, ns, key="U-1", type="user", name="Li", attributes={"city": "Shanghai", "age": 40})
    second = put_entity(store, ns, key="U-1", type="customer", attributes={"age": 41})
    assert first.created and not second.created and second.name == "Li"
    got = read_entity(store, ns, key="U-1")
    assert (got.type, got.name, got.attributes) == ("customer", "Li", {"city": "Shanghai", "age": 41})


def test_batch_is_all_or_nothing(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user")
    good = FactSpec("U-1", "city", "Paris", where="facts.0.")
    with pytest.raises(EntityNotFound) as err:
        assert_facts(store, ns, facts=[good, FactSpec("U-404", "city", "Rome", where="facts.1.")])
    assert err.value.details["fields"][0]["field"] == "facts.1.entity"
    with pytest.raises(InvalidInterval) as bad:
        assert_facts(store, ns, facts=[good, FactSpec("U-1", "x", 1, D("2026-02-01"), D("2026-01-01"), where="facts.1.")])
    assert bad.value.details["fields"][0]["field"] == "facts.1.valid_to"
    with pytest.raises(LimitExceeded):
        assert_facts(store, ns, facts=[good] * 3, max_batch=2)
    assert count_versions(store, ns, "U-1") == 0
    out = assert_facts(store, ns, facts=[good, FactSpec("U-1", "city", "Lyon", D("2026-01-01"), where="facts.1.")])
    assert out[0].txn_time == out[1].txn_time
    assert read_entity(store, ns, key="U-1").attributes == {"city": "Paris"}  # Lyon stops where Paris starts
    assert read_entity(store, ns, key="U-1", valid_at=D("2026-01-02")).attributes == {"city": "Lyon"}


def test_bulk_put_entities(store: Store, ns: Namespace) -> None:
    specs = [EntitySpec(f"K-{i}", "thing", attributes={"n": i}) for i in range(50)]
    out = put_entities(store, ns, entities=specs)
    assert all(w.created for w in out) and len({w.txn_time for w in out}) == 1
    assert [e.key for e in lookup(store, ns, attribute="n", value=7).entities] == ["K-7"]
    with pytest.raises(InvalidInput):
        put_entities(store, ns, entities=[specs[0], specs[0]])


def test_bulk_put_shares_attribute_nodes_and_keeps_types(store: Store, ns: Namespace) -> None:
    """A batch merges each distinct value's Attribute node once; values Python equates stay apart."""
    specs = [EntitySpec(f"K-{i}", "thing", attributes={"city": "Paris", "flag": flag})
             for i, flag in enumerate([1, True, "1", 1, False, 0])]
    put_entities(store, ns, entities=specs)
    got = {k: read_entity(store, ns, key=k).attributes["flag"] for k in ("K-0", "K-1", "K-2", "K-4", "K-5")}
    assert got == {"K-0": 1, "K-1": True, "K-2": "1", "K-4": False, "K-5": 0}
    assert [type(v) for v in got.values()] == [int, bool, str, bool, int]
    assert [e.key for e in lookup(store, ns, attribute="flag", value=1).entities] == ["K-0", "K-3"]
    assert [e.key for e in lookup(store, ns, attribute="flag", value=True).entities] == ["K-1"]
    records, _, _ = store._driver.execute_query(
        "MATCH (a:Attribute {ns: $ns, name: 'city'})<-[v:HAS]-() RETURN count(DISTINCT a) AS nodes, count(v) AS edges",
        {"ns": ns.name}, database_=store.services.settings.neo4j_database)
    assert (records[0]["nodes"], records[0]["edges"]) == (1, 6)


def test_erased_entities_leave_the_application_view(store: Store, ns: Namespace) -> None:
    put_entity(store, ns, key="U-1", type="user", attributes={"phone": "13800001234"})
    put_entity(store, ns, key="U-2", type="user", attributes={"phone": "13800001234"})
    erase_entity(store, ns, key="U-1", reason="user request", by="test")
    with pytest.raises(EntityNotFound):
        read_entity(store, ns, key="U-1")
    audit = read_entity(store, ns, key="U-1", view="audit")
    assert audit.erased and audit.erasure_reason == "user request"
    assert [e.key for e in lookup(store, ns, attribute="phone", value="13800001234").entities] == ["U-2"]
    assert [(e.key, e.erased_at is not None) for e in
            lookup(store, ns, attribute="phone", value="13800001234", view="audit").entities] == [
        ("U-1", True), ("U-2", False)]
    with pytest.raises(EntityNotFound):
        history(store, ns, key="U-1")
    with pytest.raises(EntityNotFound):
        assert_fact(store, ns, entity="U-1", attribute="city", value="x")
    with pytest.raises(Conflict):
        put_entity(store, ns, key="U-1", type="user")
