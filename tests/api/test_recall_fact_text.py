"""Facts findable by their text (issue 31): a question that names no one and no identifier still reaches the
facts asserted through the API, by the words of their values ("Who is allergic to penicillin?"), as of
the question's times, in the caller's view and namespace only; never an attribute name alone when a value
says more."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j

PEOPLE = {
    "c-1001": {"name": "Maria Lopez", "attributes": {"city": "Porto", "note": "allergic to penicillin",
                                                     "plan": "premium gold"}},
    "c-1002": {"name": "Tom Berg", "attributes": {"city": "Lisbon", "note": "prefers calls after six in the evening",
                                                  "plan": "basic"}},
    "c-1003": {"name": "Zhang Wei", "attributes": {"city": "Shanghai", "note": "vegetarian, no nuts",
                                                   "plan": "premium silver"}},
}


def _put_all(client: TestClient, ns: str) -> None:
    for key, body in PEOPLE.items():
        r = client.put(f"/v1/{ns}/entities/{key}", json={"type": "customer", **body})
        assert r.status_code in (200, 201), r.text


def _ask(client: TestClient, ns: str, query: str, **extra: Any) -> tuple[list[str], list[dict[str, Any]]]:
    r = client.post(f"/v1/{ns}/recall", json={"query": query, **extra})
    assert r.status_code == 200, r.text
    body = r.json()
    return [f"{s['channel']}: {s['reason']}" for s in body["route"]], body["results"]


def _facts(results: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(h["entity"], h["attribute"]) for h in results if h["kind"] == "fact"]


@pytest.mark.parametrize("question, key, attribute", [
    ("Who is allergic to penicillin?", "c-1001", "note"),
    ("Which of our customers is allergic to Penicillin", "c-1001", "note"),
    ("which customer prefers calls in the evening?", "c-1002", "note"),
    ("Do we have anyone who is vegetarian?", "c-1003", "note"),
    ("who is on the gold plan?", "c-1001", "plan"),
])
def test_a_question_in_plain_words_reaches_the_fact_that_holds_them(client: TestClient, ns: Namespace,
                                                                     question: str, key: str, attribute: str) -> None:
    _put_all(client, ns.name)
    route, results = _ask(client, ns.name, question)
    assert any(line.startswith("facts: facts whose text holds") and key in line for line in route), route
    assert _facts(results)[0] == (key, attribute)  # the matching fact first
    assert {e for e, _ in _facts(results)} == {key}  # and nobody else's profile


def test_fact_text_follows_time_views_and_namespaces(client: TestClient, ns: Namespace) -> None:
    _put_all(client, ns.name)
    before = client.get(f"/v1/{ns.name}/entities/c-1001").json()["valid_at"]
    r = client.post(f"/v1/{ns.name}/facts", json={"entity": "c-1001", "attribute": "note", "value": "no allergies"})
    assert r.status_code in (200, 201), r.text
    _, now = _ask(client, ns.name, "Who is allergic to penicillin?")
    assert ("c-1001", "note") not in _facts(now) or all(
        h["value"] != "allergic to penicillin" for h in now if h["kind"] == "fact")
    _, then = _ask(client, ns.name, "Who is allergic to penicillin?", valid_at=before, known_at=before)
    assert [(h["entity"], h["value"]) for h in then if h["kind"] == "fact"][0] == (
        "c-1001", "allergic to penicillin")

    other = Namespace(f"{ns.name}-b")
    try:
        route, results = _ask(client, other.name, "Do we have anyone who is vegetarian?")
        assert _facts(results) == [] and not any(line.startswith("facts:") for line in route)
    finally:
        client.post(f"/v1/{other.name}/purge", json={"older_than_days": 0})

    assert client.request("DELETE", f"/v1/{ns.name}/entities/c-1003", json={"reason": "request"}).status_code == 200
    route, results = _ask(client, ns.name, "Do we have anyone who is vegetarian?")
    assert _facts(results) == [] and "Zhang" not in str(results)


def test_words_no_fact_holds_add_nothing(client: TestClient, ns: Namespace) -> None:
    _put_all(client, ns.name)
    route, results = _ask(client, ns.name, "what is the weather like on Mars?")
    assert _facts(results) == [] and not any(line.startswith("facts:") for line in route)
