"""REST: POST /v1/{ns}/search — shape of hits, filters, and 422s naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.channels.search import TURN_PARTS
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j


def _seed(client: TestClient, ns: Namespace) -> None:
    turns = [{"text": "We adopted a puppy called Biscuit last weekend.", "speaker": "Ann", "id": "p1",
              "at": "2026-05-02T10:00:00Z"},
             {"text": "Biscuit chewed my running shoes!", "speaker": "Ann", "id": "p2", "at": "2026-05-03T10:00:00Z"},
             {"text": "I ran a half marathon in 1:52.", "speaker": "Ben", "id": "p3", "at": "2026-05-10T10:00:00Z"}]
    assert client.post(f"/v1/{ns.name}/sessions/s/turns/batch", json={"turns": turns}).status_code == 201


def test_search_returns_hits_with_score_parts(client: TestClient, ns: Namespace) -> None:
    _seed(client, ns)
    r = client.post(f"/v1/{ns.name}/search", json={"query": "what is the puppy's name?", "k": 2})
    assert r.status_code == 200, r.text
    body = r.json()
    assert len(body["hits"]) == 2 and "puppy" in body["terms"]
    hit = body["hits"][0]
    assert set(hit) >= {"kind", "id", "text", "at", "session", "speaker", "score", "parts"}
    assert hit["kind"] == "turn" and hit["id"] in ("p1", "p2") and hit["at"].endswith("Z")
    assert abs(sum(v for p, v in hit["parts"].items() if p in TURN_PARTS) - hit["score"]) < 1e-3


def test_search_filters(client: TestClient, ns: Namespace) -> None:
    _seed(client, ns)
    url = f"/v1/{ns.name}/search"
    assert [h["id"] for h in client.post(url, json={"query": "marathon shoes puppy", "speaker": "Ben"}).json()["hits"]] \
        == ["p3"]
    hits = client.post(url, json={"query": "marathon shoes puppy", "until": "2026-05-03T10:00:00Z"}).json()["hits"]
    assert {h["id"] for h in hits} == {"p1", "p2"}
    hits = client.post(url, json={"query": "marathon shoes puppy", "since": "2026-05-03"}).json()["hits"]
    assert {h["id"] for h in hits} == {"p2", "p3"}
    assert client.post(url, json={"query": "puppy", "session": "other"}).json()["hits"] == []


@pytest.mark.parametrize("body,field,code", [
    ({"query": ""}, "query", "invalid_input"),
    ({"query": "   "}, "query", "invalid_input"),
    ({"query": "x" * 20_001}, "query", "text_too_long"),
    ({"query": "x", "k": 0}, "k", "invalid_input"),
    ({"query": "x", "k": 101}, "k", "invalid_input"),
    ({"query": "x", "k": "ten"}, "k", "invalid_input"),
    ({"query": "x", "since": "2026-05-04T00:00:00Z", "until": "2026-05-03T00:00:00Z"}, "until", "invalid_interval"),
    ({"query": "x", "since": "2026-05-04T00:00:00"}, "since", "invalid_time"),
    ({"query": "x", "kinds": []}, "kinds", "invalid_input"),
    ({"k": 3}, "query", "invalid_input"),
])
def test_bad_search_is_422_naming_the_field(client: TestClient, ns: Namespace, body: dict[str, Any], field: str,
                                           code: str) -> None:
    r = client.post(f"/v1/{ns.name}/search", json=body)
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["code"] == code and field in [f["field"] for f in err["details"]["fields"]], err


def test_lucene_syntax_is_harmless(client: TestClient, ns: Namespace) -> None:
    _seed(client, ns)
    for q in ['Biscuit" OR *:*', "puppy AND (", "title:x~2^3 [a TO b] \\", "/regex/", "&& || !"]:
        r = client.post(f"/v1/{ns.name}/search", json={"query": q})
        assert r.status_code == 200, (q, r.text)
