"""GET /changes lists relation versions too: kind `relation`, the type as `attribute`, the target's key as each
version's value, in the same (instant, entity, name) order and keyset paging as facts, views applied to both
ends of the relation."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.channels import temporal
from graphmem.channels.graph import relate, unrelate
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

UTC = timezone.utc
T0 = datetime(2026, 6, 1, 10, tzinfo=UTC)
TA, TB, TC = T0 + timedelta(hours=1), T0 + timedelta(days=30), T0 + timedelta(days=30, hours=1)
def D(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(tzinfo=UTC)


WIDE = {"from": "2000-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"}


def ok(r: Any) -> Any:
    assert r.status_code == 200, r.text
    return r.json()


def seed(store: Store, ns: Namespace) -> None:
    """U-1 lives in Shanghai; works at C-1 from 06-01 (learned TA); from 07-01 at C-2 instead (learned TB, TC)."""
    temporal.put_entity(store, ns, key="U-1", type="user", attributes={"city": "Shanghai"},
                        valid_from=D("2026-06-01"), now=T0)
    for key in ("C-1", "C-2"):
        temporal.put_entity(store, ns, key=key, type="company", now=T0)
    relate(store, ns, source_key="U-1", type="WORKS_AT", target_key="C-1", valid_from=D("2026-06-01"),
           source="hr", now=TA)
    unrelate(store, ns, source_key="U-1", type="WORKS_AT", target_key="C-1", valid_from=D("2026-07-01"),
             reason="changed jobs", now=TB)
    relate(store, ns, source_key="U-1", type="WORKS_AT", target_key="C-2", valid_from=D("2026-07-01"),
           source="hr", now=TC)


def brief(c: dict[str, Any]) -> tuple[Any, ...]:
    def vs(side: str) -> list[tuple[Any, ...]]:
        return [(v["value"], v["valid_from"][:10], (v["valid_to"] or "")[:10]) for v in c[side]]
    return (c["at"], c["entity"], c["kind"], c["attribute"], vs("before"), vs("after"))


def test_relations_change_on_both_axes_in_order(client: TestClient, store: Store, ns: Namespace) -> None:
    seed(store, ns)
    base = f"/v1/{ns.name}/changes"
    txn = ok(client.get(base, params={**WIDE, "axis": "txn"}))["changes"]
    assert [brief(c) for c in txn] == [
        ("2026-06-01T10:00:00Z", "U-1", "fact", "city", [], [("Shanghai", "2026-06-01", "")]),
        ("2026-06-01T11:00:00Z", "U-1", "relation", "WORKS_AT", [], [("C-1", "2026-06-01", "")]),
        ("2026-07-01T10:00:00Z", "U-1", "relation", "WORKS_AT", [("C-1", "2026-06-01", "")],
         [("C-1", "2026-06-01", "2026-07-01")]),
        ("2026-07-01T11:00:00Z", "U-1", "relation", "WORKS_AT", [], [("C-2", "2026-07-01", "")]),
    ]
    assert txn[2]["reason"] == "changed jobs" and txn[1]["source"] == "hr"
    valid = ok(client.get(base, params={"from": "2026-06-01", "to": "2026-08-01", "axis": "valid", "view": "audit"}))
    assert [(c["at"][:10], c["kind"], c["attribute"], sorted(v["value"] for v in c["before"]),
             sorted(v["value"] for v in c["after"])) for c in valid["changes"]] == [
        ("2026-06-01", "relation", "WORKS_AT", [], ["C-1", "C-1"]),  # the first belief and its clipped copy
        ("2026-06-01", "fact", "city", [], ["Shanghai"]),  # same instant and entity: by name, "W" < "c"
        ("2026-07-01", "relation", "WORKS_AT", ["C-1"], ["C-2"]),
    ]
    # keyset paging one change at a time gives the same list, on both axes
    for axis, everything in (("txn", txn), ("valid", None)):
        everything = everything or ok(client.get(base, params={**WIDE, "axis": axis}))["changes"]
        pages, after = [], None
        while True:
            page = ok(client.get(base, params={**WIDE, "axis": axis, "limit": 1, **({"after": after} if after else {})}))
            pages += page["changes"]
            after = page["next"]
            if after is None:
                break
        assert pages == everything
    # filters: an entity's own relations (as the source); an attribute means facts only
    assert [c["kind"] for c in ok(client.get(base, params={**WIDE, "entity": "U-1"}))["changes"]] == [
        "fact", "relation", "relation", "relation"]
    assert ok(client.get(base, params={**WIDE, "entity": "C-1"}))["changes"] == []
    assert [c["kind"] for c in ok(client.get(base, params={**WIDE, "attribute": "city"}))["changes"]] == ["fact"]


def test_a_relation_to_an_erased_entity_is_audit_only(client: TestClient, store: Store, ns: Namespace) -> None:
    seed(store, ns)
    ok(client.request("DELETE", f"/v1/{ns.name}/entities/C-2", json={"reason": "GDPR art. 17"}))
    base = f"/v1/{ns.name}/changes"
    app = ok(client.get(base, params={**WIDE, "view": "application"}))["changes"]
    assert "C-2" not in str(app) and len([c for c in app if c["kind"] == "relation"]) == 2
    audit = ok(client.get(base, params={**WIDE, "view": "audit"}))["changes"]
    assert [c["after"][0]["value"] for c in audit if c["kind"] == "relation"][-1] == "C-2"
