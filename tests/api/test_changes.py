"""GET /changes (what changed between two instants, on either axis) and GET /entities/{key}/timeline.svg,
end to end over REST against the real Neo4j; the property test checks /changes against a reference computed
in Python from the library's `history` for random version sets written with injected transaction times."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem.channels import temporal
from graphmem.channels.changes import changes
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from tenancy import Keys, keyed_client

pytestmark = pytest.mark.neo4j

UTC = timezone.utc
T0 = datetime(2026, 6, 1, 10, tzinfo=UTC)  # first write (txn)
T1 = datetime(2026, 7, 4, 10, tzinfo=UTC)  # correction: Beijing from 07-01
T2 = datetime(2026, 8, 2, 10, tzinfo=UTC)  # retraction from 08-01
WIDE = {"from": "2000-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"}


def ok(r: Any, code: int = 200) -> Any:
    assert r.status_code == code, r.text
    return r.json()


def seed(store: Store, ns: Namespace, key: str = "U-1") -> None:
    """Shanghai from 06-01 (learned 06-01); Beijing from 07-01 learned 07-04 (a late correction); the city
    retracted from 08-01, learned 08-02. Transaction times are injected (library callers may)."""
    temporal.put_entity(store, ns, key=key, type="user", attributes={"city": "Shanghai"},
                        valid_from="2026-06-01T00:00:00Z", source="signup", now=T0)
    temporal.correct_fact(store, ns, entity=key, attribute="city", value="Beijing", valid_from="2026-07-01T00:00:00Z",
                          valid_to=None, source="crm", reason="moved", now=T1)
    temporal.retract_fact(store, ns, entity=key, attribute="city", valid_from="2026-08-01T00:00:00Z",
                          source="agent", reason="left the country", now=T2)


def brief(c: dict[str, Any]) -> tuple[Any, ...]:
    return (c["at"], c["entity"], c["attribute"], [(v["value"], v["valid_from"][:10], (v["valid_to"] or "")[:10])
                                                   for v in c["before"]],
            [(v["value"], v["valid_from"][:10], (v["valid_to"] or "")[:10]) for v in c["after"]], c["reason"])


def test_txn_axis_shows_each_write_with_before_and_after(client: TestClient, store: Store, ns: Namespace) -> None:
    seed(store, ns)
    body = ok(client.get(f"/v1/{ns.name}/changes", params={**WIDE, "axis": "txn"}))
    assert body["axis"] == "txn" and body["next"] is None and body["erasures"] == []
    assert [brief(c) for c in body["changes"]] == [
        ("2026-06-01T10:00:00Z", "U-1", "city", [], [("Shanghai", "2026-06-01", "")], None),
        ("2026-07-04T10:00:00Z", "U-1", "city", [("Shanghai", "2026-06-01", "")],
         [("Shanghai", "2026-06-01", "2026-07-01"), ("Beijing", "2026-07-01", "")], "moved"),
        ("2026-08-02T10:00:00Z", "U-1", "city", [("Beijing", "2026-07-01", "")], [("Beijing", "2026-07-01", "2026-08-01")],
         "left the country"),
    ]
    second = body["changes"][1]
    assert second["source"] == "crm" and second["before"][0]["end_reason"] == "moved"
    # the window is half-open and seeks one day
    day = ok(client.get(f"/v1/{ns.name}/changes", params={"from": "2026-07-04T10:00:00Z", "to": "2026-07-05"}))
    assert [c["at"] for c in day["changes"]] == ["2026-07-04T10:00:00Z"]
    assert ok(client.get(f"/v1/{ns.name}/changes", params={"from": "2026-07-04T10:00:01Z",
                                                           "to": "2026-08-02T10:00:00Z"}))["changes"] == []


def test_valid_axis_shows_when_values_began_and_ended(client: TestClient, store: Store, ns: Namespace) -> None:
    seed(store, ns)
    body = ok(client.get(f"/v1/{ns.name}/changes", params={"from": "2026-07-01", "to": "2026-09-01",
                                                           "axis": "valid", "view": "audit"}))
    got = [(c["at"], sorted(v["value"] for v in c["before"]), sorted(v["value"] for v in c["after"]))
           for c in body["changes"]]
    # 07-01: Shanghai stops (the clipped copy), Beijing starts (twice: before and after the retraction's clip)
    assert got == [("2026-07-01T00:00:00Z", ["Shanghai"], ["Beijing", "Beijing"]),
                   ("2026-08-01T00:00:00Z", ["Beijing"], [])]
    assert body["changes"][0]["reason"] == "moved"


def test_filters_paging_and_the_cursor(client: TestClient, store: Store, ns: Namespace) -> None:
    seed(store, ns, "U-1")
    seed(store, ns, "U-2")
    temporal.assert_fact(store, ns, entity="U-2", attribute="plan", value="gold", valid_from="2026-06-01",
                         now=T2 + timedelta(days=1))
    base = f"/v1/{ns.name}/changes"
    everything = ok(client.get(base, params={**WIDE, "limit": 100}))["changes"]
    assert len(everything) == 7
    pages, after = [], None
    while True:
        page = ok(client.get(base, params={**WIDE, "limit": 2, **({"after": after} if after else {})}))
        pages += page["changes"]
        after = page["next"]
        if after is None:
            break
    assert pages == everything
    assert [c["at"] for c in everything] == sorted(c["at"] for c in everything)
    one = ok(client.get(base, params={**WIDE, "entity": "U-2"}))["changes"]
    assert {c["entity"] for c in one} == {"U-2"} and len(one) == 4
    plan = ok(client.get(base, params={**WIDE, "attribute": "plan"}))["changes"]
    assert [(c["entity"], c["after"][0]["value"]) for c in plan] == [("U-2", "gold")]
    # a cursor of one axis is refused on the other
    first = ok(client.get(base, params={**WIDE, "limit": 1}))
    r = client.get(base, params={**WIDE, "axis": "valid", "after": first["next"]})
    assert r.status_code == 422 and r.json()["error"]["details"]["fields"][0]["field"] == "after"


@pytest.mark.parametrize("params, field", [
    ({"from": "2026-07-02T00:00:00Z", "to": "2026-07-01T00:00:00Z"}, "to"),
    ({"from": "2026-07-01T00:00:00Z", "to": "2026-07-01T00:00:00Z"}, "to"),
    ({"from": "2026-07-01T00:00:00", "to": "2026-07-02T00:00:00Z"}, "from"),
    ({"from": "2026-07-01T00:00:00Z", "to": "yesterday"}, "to"),
    ({**WIDE, "axis": "decision"}, "axis"),
    ({**WIDE, "limit": 0}, "limit"),
    ({**WIDE, "after": "not-a-cursor"}, "after"),
    ({**WIDE, "attribute": "nope_never_seen"}, "attribute"),
    ({**WIDE, "as_of": "2026-01-01"}, "as_of"),
    ({"to": "2026-07-02T00:00:00Z"}, "from"),
])
def test_bad_input_names_the_field(client: TestClient, ns: Namespace, params: dict[str, Any], field: str) -> None:
    r = client.get(f"/v1/{ns.name}/changes", params=params)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert field in [f["field"] for f in error["details"]["fields"]] or field in error["message"], error


def test_unknown_entity_filter_is_404(client: TestClient, ns: Namespace) -> None:
    r = client.get(f"/v1/{ns.name}/changes", params={**WIDE, "entity": "U-NOPE"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_entity"


@pytest.fixture
def keyed(settings: Settings, store: Store, ns: Namespace) -> Iterator[tuple[TestClient, Keys]]:
    with keyed_client(settings, store, {"agent": ("agent", [ns.name]), "auditor": ("auditor", [ns.name]),
                                        "dpo": ("compliance", [ns.name])}) as pair:
        yield pair


def test_views_hide_erased_entities_from_agents_and_mark_them_for_auditors(
        keyed: tuple[TestClient, Keys], store: Store, ns: Namespace) -> None:
    client, keys = keyed
    seed(store, ns, "U-GONE")
    seed(store, ns, "U-KEPT")
    ok(client.request("DELETE", f"/v1/{ns.name}/entities/U-GONE", json={"reason": "GDPR art. 17"},
                      headers=keys.auth("dpo")))
    base = f"/v1/{ns.name}/changes"
    for axis in ("txn", "valid"):
        agent = ok(client.get(base, params={**WIDE, "axis": axis}, headers=keys.auth("agent")))
        assert agent["view"] == "application" and agent["erasures"] == []
        assert {c["entity"] for c in agent["changes"]} == {"U-KEPT"}
        assert "U-GONE" not in str(agent)
        audit = ok(client.get(base, params={**WIDE, "axis": axis}, headers=keys.auth("auditor")))
        assert audit["view"] == "audit" and {c["entity"] for c in audit["changes"]} == {"U-GONE", "U-KEPT"}
        gone = [c for c in audit["changes"] if c["entity"] == "U-GONE"]
        assert all(c["entity_erased"] and c["entity_erased_at"] for c in gone)
        assert not any(c["entity_erased"] for c in audit["changes"] if c["entity"] == "U-KEPT")
        if axis == "txn":
            [marker] = audit["erasures"]
            assert (marker["entity"], marker["reason"], marker["by"]) == ("U-GONE", "GDPR art. 17", keys.key_id("dpo"))
        else:
            assert audit["erasures"] == []  # an erasure happens in transaction time only
        # the agent's application view is its only one; the entity filter answers 404 for it
    assert client.get(base, params={**WIDE, "view": "audit"}, headers=keys.auth("agent")).status_code == 403
    r = client.get(base, params={**WIDE, "entity": "U-GONE"}, headers=keys.auth("agent"))
    assert r.status_code == 404
    assert len(ok(client.get(base, params={**WIDE, "entity": "U-GONE"}, headers=keys.auth("auditor")))["changes"]) == 3
    # and the picture: 404 for the agent, drawn with the erasure for the auditor
    assert client.get(f"/v1/{ns.name}/entities/U-GONE/timeline.svg", headers=keys.auth("agent")).status_code == 404
    svg = client.get(f"/v1/{ns.name}/entities/U-GONE/timeline.svg", headers=keys.auth("auditor"))
    assert svg.status_code == 200 and "erased" in svg.text
    ET.fromstring(svg.content)


# --- the picture -----------------------------------------------------------------------------------------

def test_timeline_svg_is_a_valid_svg_with_corrections_marked(client: TestClient, store: Store, ns: Namespace) -> None:
    seed(store, ns)
    r = client.get(f"/v1/{ns.name}/entities/U-1/timeline.svg", params={"view": "audit"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(r.content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = " ".join(t for el in root.iter() if el.tag.endswith("text") for t in el.itertext())
    for word in ("city", "Shanghai", "Beijing", "corrected", "retracted", "believed"):
        assert word in text, word
    believed = client.get(f"/v1/{ns.name}/entities/U-1/timeline.svg")
    assert believed.status_code == 200 and ET.fromstring(believed.content) is not None


def test_timeline_svg_of_an_unknown_entity_is_a_json_404(client: TestClient, ns: Namespace) -> None:
    r = client.get(f"/v1/{ns.name}/entities/U-NOPE/timeline.svg")
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/json")
    assert r.json()["error"]["code"] == "unknown_entity"


def test_cli_writes_the_picture_as_png_or_svg(store: Store, ns: Namespace, neo4j_server: dict[str, str],
                                              tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from graphmem_tools.cli import cli

    seed(store, ns)
    for name, value in neo4j_server.items():
        monkeypatch.setenv(name, value)
    for suffix, magic in ((".png", b"\x89PNG"), (".svg", b"<?xml")):
        out = tmp_path / f"u1{suffix}"
        run = CliRunner().invoke(cli, ["timeline", "U-1", "--ns", ns.name, "-o", str(out)])
        assert run.exit_code == 0, run.output
        assert out.read_bytes().startswith(magic)
    missing = CliRunner().invoke(cli, ["timeline", "U-NOPE", "--ns", ns.name, "-o", str(tmp_path / "x.svg")])
    assert missing.exit_code == 1 and "unknown entity" in missing.output


# --- property: /changes agrees with a reference computed from history ------------------------------------

DAY = timedelta(days=1)
BASE = datetime(2026, 1, 1, tzinfo=UTC)
op = st.tuples(st.sampled_from(["U-A", "U-B"]), st.sampled_from(["city", "plan"]),
               st.sampled_from(["assert", "assert", "retract"]), st.sampled_from(["x", "y", "z"]),
               st.integers(0, 20), st.one_of(st.none(), st.integers(1, 10)))


def reference(versions: dict[str, list[Any]], axis: str, start: datetime, end: datetime) -> list[tuple[Any, ...]]:
    """Changes as the issue defines them, from `history` rows: each version begins and ends once per axis."""
    groups: dict[tuple[Any, ...], tuple[list[Any], list[Any]]] = {}
    for key, vs in versions.items():
        for v in vs:
            began, ended = (v.txn_time, v.txn_end) if axis == "txn" else (v.valid_from, v.valid_to)
            if start <= began < end:
                groups.setdefault((began, key, v.attribute), ([], []))[1].append(v.value)
            if ended is not None and start <= ended < end:
                groups.setdefault((ended, key, v.attribute), ([], []))[0].append(v.value)
    return sorted((at, key, attr, sorted(b), sorted(a)) for (at, key, attr), (b, a) in groups.items())


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(op, min_size=1, max_size=12), window=st.tuples(st.integers(-2, 30), st.integers(1, 40)),
       axis=st.sampled_from(["txn", "valid"]), limit=st.integers(1, 4), view=st.sampled_from(["application", "audit"]),
       erase=st.booleans())
def test_changes_match_a_reference_from_history(store: Store, ops: list[Any], window: tuple[int, int], axis: str,
                                                limit: int, view: str, erase: bool) -> None:
    from uuid import uuid4

    from graphmem.privacy import erase_entity
    from graphmem.store import purge_namespace

    ns = Namespace(f"test-{uuid4().hex[:12]}")
    try:
        for key in ("U-A", "U-B"):
            temporal.put_entity(store, ns, key=key, type="user", now=BASE - DAY)
        for i, (key, attr, kind, value, start, length) in enumerate(ops):
            now = BASE + DAY * i
            vf = BASE + DAY * start
            vt = None if length is None else vf + DAY * length
            if kind == "assert":
                temporal.assert_fact(store, ns, entity=key, attribute=attr, value=value, valid_from=vf, valid_to=vt,
                                     now=now)
            else:
                temporal.retract_fact(store, ns, entity=key, attribute=attr, valid_from=vf, valid_to=vt, now=now)
        if erase:
            erase_entity(store, ns, key="U-B", reason="test", by="tester")
        full = {k: list(temporal.history(store, ns, key=k, view="audit").versions) for k in ("U-A", "U-B")}
        if view == "application" and erase:
            del full["U-B"]
        start, end = BASE + DAY * window[0], BASE + DAY * (window[0] + window[1])
        got: list[tuple[Any, ...]] = []
        after = None
        while True:
            page = changes(store, ns, start=start, end=end, axis=axis, view=view, limit=limit,  # type: ignore[arg-type]
                           after=after)
            assert len(page.changes) <= limit
            got += [(c.at, c.entity, c.attribute, sorted(v.value for v in c.before),
                     sorted(v.value for v in c.after)) for c in page.changes]
            after = page.next
            if after is None:
                break
        assert [g[0] for g in got] == sorted(g[0] for g in got)
        assert sorted(got) == reference(full, axis, start, end)
    finally:
        purge_namespace(store, ns.name)
