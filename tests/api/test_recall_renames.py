"""A renamed entity keeps its old name as of then (issue 31, item 1), over REST in users' words: a company
renamed today resolves by its old name for last year's questions, by its new name for today's; asked today
by the old name it is only offered as similar (the route says until when the name was its own); a second
rename keeps both old names; an erased entity's old names resolve no more, and another tenant never sees
them. The erasure finds copies of an old name too."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j


def _put(client: TestClient, base: str, key: str, body: dict[str, Any]) -> None:
    r = client.put(f"{base}/entities/{key}", json=body)
    assert r.status_code in (200, 201), r.text


def _ask(client: TestClient, base: str, query: str) -> dict[str, Any]:
    r = client.post(f"{base}/recall", json={"query": query})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _reasons(answer: dict[str, Any]) -> str:
    return "\n".join(step["reason"] for step in answer["route"])


def _seed(client: TestClient, base: str) -> None:
    _put(client, base, "org-7", {"type": "company", "name": "Acme Corporation", "attributes": {"city": "Lisbon"},
                                 "valid_from": "2025-01-01T00:00:00Z"})
    assert client.post(f"{base}/facts", json={"entity": "org-7", "attribute": "city", "value": "Porto",
                                              "valid_from": "2026-06-01T00:00:00Z"}).status_code in (200, 201)
    _put(client, base, "org-7", {"type": "company", "name": "Apex Industries"})  # renamed today


def test_the_old_name_resolves_as_of_a_time_before_the_rename(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    _seed(client, base)
    then = _ask(client, base, "What was Acme Corporation's city last year?")
    assert "Lisbon" in then["context"] and "org-7" in _reasons(then), then["route"]
    now = _ask(client, base, "Where is Apex Industries based?")
    assert "Porto" in now["context"] and "org-7" in _reasons(now)
    assert client.get(f"{base}/entities/org-7").json()["name"] == "Apex Industries"


def test_the_old_name_asked_about_today_is_only_offered_as_similar(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    _seed(client, base)
    today = _ask(client, base, "Which city is Acme Corporation in?")
    reasons = _reasons(today)
    assert "'Acme Corporation' was the name of org-7 (now Apex Industries) until" in reasons, reasons
    assert "offered as similar only" in reasons
    assert not any(s["reason"].startswith("name 'Acme") for s in today["route"])


def test_a_question_about_the_old_name_itself_resolves_it_today(client: TestClient, ns: Namespace) -> None:
    """"Which company used to be called Acme Corporation?" and "What did Acme change its name to?" ask about the old
    name: it resolves, today, and the answer says the new one."""
    base = f"/v1/{ns.name}"
    _seed(client, base)
    for question in ("Which company used to be called Acme Corporation?", "Where is the company formerly known as "
                     "Acme Corporation based?", "What did Acme change its name to?", "What is Acme Corporation called "
                     "now?", "What's Acme's new name?", "what's the new name of acme", "Has Acme been renamed?"):
        answer = _ask(client, base, question)
        assert "Apex Industries" in answer["context"] and "Porto" in answer["context"], (question, answer)
    # the words elsewhere in the question ask nothing of the old name: it stays only similar today
    other = _ask(client, base, "Acme Corporation was called by the agent: which city is it in?")
    assert "offered as similar only" in _reasons(other) and "Porto" not in other["context"], other


def test_a_second_rename_keeps_both_old_names(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    _seed(client, base)
    _put(client, base, "org-7", {"type": "company", "name": "Zenith Holdings"})
    for old in ("Acme Corporation", "Apex Industries"):
        answer = _ask(client, base, f"What was {old}'s city last year?")
        assert "Lisbon" in answer["context"], (old, answer["route"])
    _put(client, base, "org-7", {"type": "company"})  # no name given: the name stays, no rename recorded
    assert client.get(f"{base}/entities/org-7").json()["name"] == "Zenith Holdings"


def test_erased_old_names_resolve_no_more_and_other_tenants_never_see_them(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    _seed(client, base)
    note = client.post(f"{base}/sessions/s1/turns", json={"text": "Acme Corporation called about the invoice.",
                                                            "speaker": "agent"})
    assert note.status_code == 201, note.text
    other = f"/v1/test-{uuid4().hex[:12]}"
    try:
        _put(client, other, "x-1", {"type": "company", "name": "Somebody Else"})
        away = _ask(client, other, "What was Acme Corporation's city last year?")
        assert "Lisbon" not in away["context"] and "org-7" not in _reasons(away)
    finally:
        from graphmem.store import purge_namespace

        purge_namespace(client.app.state.store, other[4:])  # type: ignore[attr-defined]
    erased = client.request("DELETE", f"{base}/entities/org-7", json={"reason": "request"})
    assert erased.status_code == 200, erased.text
    gone = _ask(client, base, "What was Acme Corporation's city last year?")
    assert "Lisbon" not in gone["context"] and "org-7" not in _reasons(gone)
    turn = client.get(f"{base}/turns/{note.json()['id']}")  # the application view: the copy of the old name
    assert turn.status_code == 404 or "Acme" not in (turn.json().get("text") or ""), turn.text


def test_aliases_resolve_and_a_dropped_alias_is_kept_as_of_then(client: TestClient, ns: Namespace) -> None:
    base = f"/v1/{ns.name}"
    _put(client, base, "org-9", {"type": "company", "name": "Northwind Traders", "aliases": ["NWT", "Northwind"],
                                 "attributes": {"account_manager": "Tom Berg"}, "valid_from": "2025-01-01T00:00:00Z"})
    assert client.get(f"{base}/entities/org-9").json()["aliases"] == ["NWT", "Northwind"]
    for question in ("Who is NWT's account manager?", "who manages northwind", "nwt account manager?"):
        answer = _ask(client, base, question)
        assert "Tom Berg" in answer["context"] and "org-9" in _reasons(answer), (question, answer["route"])
    _put(client, base, "org-9", {"type": "company", "aliases": ["Northwind"]})  # NWT dropped today
    assert client.get(f"{base}/entities/org-9").json()["aliases"] == ["Northwind"]
    then = _ask(client, base, "Who was NWT's account manager last year?")
    assert "org-9" in _reasons(then) and "Tom Berg" in then["context"]
    today = _reasons(_ask(client, base, "Who is NWT's account manager?"))
    assert "'NWT' was the name of org-9 (now Northwind Traders) until" in today, today
    _put(client, base, "org-9", {"type": "company"})  # no aliases given: they stay
    assert client.get(f"{base}/entities/org-9").json()["aliases"] == ["Northwind"]


@pytest.mark.parametrize("aliases", [["", "x"], ["ok", 7], "NWT", ["x" * 2001]])
def test_bad_aliases_are_refused_naming_the_field(client: TestClient, ns: Namespace, aliases: Any) -> None:
    r = client.put(f"/v1/{ns.name}/entities/org-1", json={"type": "company", "aliases": aliases})
    assert r.status_code == 422, r.text
    assert "aliases" in r.text


@pytest.mark.parametrize("query", ["What was Apex Industries called before?", "What was Apex's old name?",
                                   "Apex Industries: previous name?"])
def test_asked_for_its_old_name_a_renamed_entity_gives_it(client: TestClient, ns: Namespace, query: str) -> None:
    """"What was Fabrikam called before?": the profile holds no name history, so the former names come with
    the entity the question names, each with the day it stopped being the name; only when asked for."""
    base = f"/v1/{ns.name}"
    _seed(client, base)
    answer = _ask(client, base, query)
    assert "org-7 (Apex Industries) was named Acme Corporation until" in answer["context"], answer["context"]
    plain = _ask(client, base, "Where is Apex Industries based?")
    assert "Acme Corporation" not in plain["context"]
