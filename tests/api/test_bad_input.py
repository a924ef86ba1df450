"""The bad-input corpus: every field of every body, filled with what Neo4j, its driver or a JSON
response cannot hold, answers a 4xx envelope naming the field, and stores nothing.

The probe's 12 inputs that answered 500 are here (integers beyond 64 bits, edge dates, a lone
surrogate, a 1,100-word query, a 20,000-character relation type, a 900-deep metadata object that was
stored and then broke every read of its turn and window, a chunked body past the limit), and, for
each field of each body, huge integers, NaN and infinities, edge dates, lone surrogates (in values and
in keys), deep nesting, huge strings, huge lists and wrong types. The namespace's nodes,
relationships and properties are counted before and after: a refused request writes nothing.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from graphmem.channels.conversation import drain_folds
from graphmem.channels.search import drain_stats, drain_touches
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace
from tenancy import cypher

pytestmark = pytest.mark.neo4j

DEEP = '{"a":' * 900 + "1" + "}" * 900
#: raw JSON for each kind of bad value (NaN, Infinity and lone surrogates have no json.dumps spelling)
BAD = {
    "int_big": "123456789012345678901234567890", "int_2_63": "9223372036854775808", "int_low": "-9223372036854775809",
    "nan": "NaN", "inf": "Infinity", "ninf": "-Infinity", "surrogate": '"a\\ud800b"', "low_surrogate": '"\\udfff"',
    "deep": DEEP, "deep_list": "[" * 900 + "]" * 900, "huge_string": '"' + "x" * 300_000 + '"',
    "huge_list": "[" + ",".join(['"x"'] * 20_000) + "]", "object": '{"x": 1}',
}
EDGE_TIMES = ['"0001-01-01T00:00:00+01:00"', '"9999-12-31T23:59:59-01:00"', '"10000-01-01T00:00:00Z"',
              '"0000-12-31T00:00:00Z"', '"2026-02-30T00:00:00Z"', '"2026-07-01T09:00:00"']
#: which bad values each kind of field must refuse
KINDS = {
    "text": [k for k in BAD],  # a string field: every bad value is refused (wrong types included)
    "time": ["int_big", "nan", "surrogate", "deep", "huge_string", "huge_list", "object"],
    "json": ["int_big", "int_2_63", "int_low", "nan", "inf", "ninf", "surrogate", "low_surrogate", "deep",
             "deep_list", "huge_string", "huge_list"],
    "scalar": ["int_big", "int_2_63", "int_low", "nan", "inf", "ninf", "surrogate", "low_surrogate", "deep",
               "deep_list", "huge_string", "huge_list", "object"],
    "number": ["int_big", "nan", "inf", "surrogate", "deep", "huge_string", "huge_list", "object"],
    "bool": ["int_big", "nan", "surrogate", "deep", "huge_string", "huge_list", "object"],
}
TURN = {"text": "hello there", "role": "user", "speaker": "Al", "id": "ok-1", "at": "2026-07-01T09:00:00Z",
        "metadata": {"k": "v"}}
#: (method, path, a valid body, {field path: kind}); the seeded namespace makes every body valid as is
BODIES: list[tuple[str, str, dict[str, Any], dict[str, str]]] = [
    ("POST", "/sessions/s1/turns", TURN, {"text": "text", "role": "text", "speaker": "text", "id": "text",
                                          "at": "time", "metadata.k": "json"}),
    ("POST", "/sessions/s1/turns/batch", {"turns": [TURN | {"id": "ok-2"}, TURN]},
     {"turns.1.text": "text", "turns.1.at": "time", "turns.1.metadata.k": "json", "turns.1.speaker": "text"}),
    ("PUT", "/entities/U9", {"type": "user", "name": "Nine", "attributes": {"city": "Paris"},
                             "valid_from": "2026-01-01", "source": "crm", "reason": "signup"},
     {"type": "text", "name": "text", "attributes.city": "scalar", "valid_from": "time", "source": "text",
      "reason": "text"}),
    ("POST", "/facts", {"entity": "U1", "attribute": "city", "value": "Rome", "valid_from": "2026-01-01",
                        "valid_to": "2027-01-01", "source": "s", "reason": "r"},
     {"entity": "text", "attribute": "text", "value": "scalar", "valid_from": "time", "valid_to": "time",
      "source": "text", "reason": "text"}),
    ("POST", "/facts/batch", {"facts": [{"entity": "U1", "attribute": "city", "value": "Oslo"},
                                        {"entity": "U1", "attribute": "age", "value": 3}]},
     {"facts.1.value": "scalar", "facts.1.attribute": "text", "facts.1.valid_from": "time"}),
    ("POST", "/facts/retract", {"entity": "U1", "attribute": "city", "value": "Lima"},
     {"entity": "text", "attribute": "text", "value": "scalar", "valid_from": "time"}),
    ("POST", "/relations", {"from": "U1", "type": "KNOWS", "to": "U2", "properties": {"w": 1},
                            "valid_from": "2026-01-01"},
     {"from": "text", "type": "text", "to": "text", "properties.w": "scalar", "valid_from": "time"}),
    ("POST", "/relations/retract", {"from": "U1", "type": "LIKES", "to": "U2"},
     {"from": "text", "type": "text", "to": "text", "valid_to": "time"}),
    ("POST", "/search", {"query": "hello", "k": 5, "session": "s1", "speaker": "Al",
                         "since": "2020-01-01", "until": "2030-01-01"},
     {"query": "text", "k": "number", "session": "text", "speaker": "text", "since": "time", "until": "time"}),
    ("POST", "/recall", {"query": "hello", "k": 5, "session": "s1", "entity": "U1", "task_type": "refund",
                         "valid_at": "2026-01-01", "known_at": "2030-01-01", "budget_tokens": 100},
     {"query": "text", "session": "text", "entity": "text", "task_type": "text", "valid_at": "time",
      "known_at": "time", "k": "number", "budget_tokens": "number"}),
    ("POST", "/trajectories", {"task": "refund A-1", "task_type": "refund", "outcome": "failure", "error": "boom",
                               "steps": [{"action": "look", "args": {"x": 1}}], "id": "run-1",
                               "at": "2026-01-01T00:00:00Z"},
     {"task": "text", "task_type": "text", "error": "text", "steps.0.action": "text", "steps.0.args.x": "json",
      "id": "text", "at": "time"}),
    ("POST", "/workflows/induce", {"task_type": "refund", "llm": False}, {"task_type": "text", "llm": "bool"}),
    ("DELETE", "/entities/U2", {"reason": "gdpr"}, {"reason": "text"}),
    ("POST", "/purge", {"older_than_days": 30}, {"older_than_days": "number"}),
    ("PUT", "/attributes/tags", {"many": True}, {"many": "bool"}),
    ("PUT", "/relation-types/KNOWS", {"many": True}, {"many": "bool"}),
]
SENTINEL = "__BAD_VALUE__"


def _with(body: Any, path: list[str], raw: str) -> str:
    """The body as JSON text with the value at `path` replaced by the raw JSON `raw`."""
    def put(node: Any, rest: list[str]) -> Any:
        if not rest:
            return SENTINEL
        node = json.loads(json.dumps(node))
        key: Any = int(rest[0]) if isinstance(node, list) else rest[0]
        node[key] = put(node[key] if (isinstance(node, list) or key in node) else {}, rest[1:])
        return node
    return json.dumps(put(body, path)).replace(json.dumps(SENTINEL), raw)


def _corpus() -> list[tuple[str, str, str, str]]:
    """(method, path, raw body, field) for every field of every body and every bad value of its kind."""
    out = []
    for method, path, body, fields in BODIES:
        for field, kind in fields.items():
            raws = [BAD[k] for k in KINDS[kind]] + (EDGE_TIMES if kind == "time" else [])
            out += [(method, path, _with(body, field.split("."), raw), field) for raw in raws]
        if any(k == "json" for k in fields.values()):  # a lone surrogate in a key of a free JSON object
            field = next(f for f, k in fields.items() if k == "json")
            out.append((method, path, _with(body, field.split(".")[:-1], '{"\\ud800": 1}'), field.rsplit(".", 1)[0]))
    out += [("POST", "/relations", json.dumps({"from": "U1", "type": "R" * 20_000, "to": "U2"}), "type"),
            ("PUT", "/relation-types/" + "R" * 20_000, '{"many": true}', "type"),
            ("PUT", "/attributes/" + "a" * 5_000, '{"many": true}', "name"),
            ("POST", "/sessions/s1/turns", '{"text": "hi", "metadata": ' + DEEP + "}", "metadata"),
            ("POST", "/sessions/s1/turns", '{"text": "hi", "speaker": "\\ud800"}', "speaker"),
            ("POST", "/sessions/s1/turns", '{"text": "hi", "bogus": 1}', "bogus")]
    return out


CORPUS = _corpus()


def snapshot(store: Store, ns: str) -> tuple[int, int, int, int]:
    """Nodes, their properties, relationships and theirs, in the namespace: what a write would change
    (after the background writers, keyword statistics and summary text, wrote what earlier writes left)."""
    drain_stats()
    drain_folds()
    drain_touches()
    n = cypher(store, "MATCH (n {ns: $ns}) RETURN count(n) AS c, sum(size(keys(n))) AS p", ns=ns)[0]
    r = cypher(store, "MATCH ({ns: $ns})-[r]-() RETURN count(r) AS c, sum(size(keys(r))) AS p", ns=ns)[0]
    return n["c"], n["p"] or 0, r["c"], r["p"] or 0


@pytest.fixture
def seeded(client: TestClient, ns: Namespace) -> str:
    """A namespace where every body of the corpus would succeed: so only the bad value can refuse it."""
    base = f"/v1/{ns.name}"
    for key in ("U1", "U2"):
        assert client.put(f"{base}/entities/{key}", json={"type": "user"}).status_code == 201
    assert client.post(f"{base}/relations", json={"from": "U1", "type": "LIKES", "to": "U2"}).status_code == 201
    assert client.post(f"{base}/sessions/s1/turns", json={"text": "seed turn", "id": "seed-1"}).status_code == 201
    return base


def assert_refused(r: Any, field: str) -> None:
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    body = r.json()
    assert list(body) == ["error"] and set(body["error"]) == {"code", "message", "details"}, body
    if r.status_code == 422:
        # the turn channel names batch items `turns[1].text`, the schemas `turns.1.text`: both name it
        names = [re.sub(r"\[(\d+)\]", r".\1", f["field"]) for f in body["error"]["details"]["fields"]]
        assert any(n == field or n.startswith(field + ".") or field.startswith(n + ".") for n in names), \
            (field, names)


def test_every_bad_value_in_every_field_is_refused_and_stores_nothing(client: TestClient, store: Store,
                                                                       ns: Namespace, seeded: str) -> None:
    assert len(CORPUS) > 300
    before = snapshot(store, ns.name)
    statuses: dict[int, int] = {}
    for method, path, raw, field in CORPUS:
        r = client.request(method, seeded + path, content=raw.encode("utf-8", "surrogatepass"),
                           headers={"Content-Type": "application/json"})
        assert_refused(r, field)
        statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
    assert snapshot(store, ns.name) == before
    assert set(statuses) <= {400, 413, 422}, statuses


def test_refused_deep_turn_leaves_reads_working(client: TestClient, store: Store, ns: Namespace, seeded: str) -> None:
    """The probe's worst case: a 900-deep metadata object was stored, then broke its turn and window."""
    raw = '{"text": "deep", "id": "deep-1", "metadata": ' + DEEP + "}"
    r = client.post(f"{seeded}/sessions/s1/turns", content=raw, headers={"Content-Type": "application/json"})
    assert_refused(r, "metadata")
    assert r.status_code == 422 and r.json()["error"]["code"] == "limit_exceeded"
    assert client.get(f"{seeded}/turns/deep-1").status_code == 404
    window = client.get(f"{seeded}/sessions/s1/window")
    assert window.status_code == 200 and [t["id"] for t in window.json()["turns"]] == ["seed-1"]
    # 32 levels are the limit, not a refusal: stored and read back whole
    ok = {"text": "deep enough", "id": "deep-32", "metadata": json.loads('{"a":' * 31 + "1" + "}" * 31)}
    assert client.post(f"{seeded}/sessions/s1/turns", json=ok).status_code == 201
    assert client.get(f"{seeded}/turns/deep-32").json()["metadata"] == ok["metadata"]


@pytest.mark.parametrize("path", ["/search", "/recall"])
def test_a_1100_word_query_answers_200(client: TestClient, seeded: str, path: str) -> None:
    """Lucene refuses over 1,024 clauses; the keyword side keeps the first words, so it still answers."""
    query = " ".join(f"word{i}" for i in range(1_100)) + " seed"
    r = client.post(seeded + path, json={"query": query})
    assert r.status_code == 200, r.text[:300]


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z", "0001-01-01T00:00:00-01:00"])
def test_the_edges_of_the_range_are_stored_and_read_back(client: TestClient, seeded: str, value: str) -> None:
    r = client.post(f"{seeded}/sessions/s1/turns", json={"text": "at the edge", "at": value, "id": "edge"})
    assert r.status_code == 201, r.text
    assert client.get(f"{seeded}/turns/edge").status_code == 200
    assert client.get(f"{seeded}/sessions/s1/window").status_code == 200


def test_64_bit_integers_round_trip(client: TestClient, seeded: str) -> None:
    for value in (2**63 - 1, -(2**63)):
        r = client.post(f"{seeded}/facts", json={"entity": "U1", "attribute": "big", "value": value})
        assert r.status_code == 201, r.text
        assert client.get(f"{seeded}/entities/U1").json()["attributes"]["big"] == value


class _Chunks:
    """An ASGI `receive` feeding `total` bytes in `size`-byte chunks, counting what was pulled."""

    def __init__(self, total: int, size: int = 65_536) -> None:
        self.left, self.size, self.pulled = total, size, 0

    async def __call__(self) -> dict[str, Any]:
        n = min(self.size, self.left)
        self.left -= n
        self.pulled += n
        return {"type": "http.request", "body": b" " * n, "more_body": self.left > 0}


@pytest.mark.parametrize("route", [("POST", "/search", {}), ("PUT", "/entities/U7", {}),
                                   ("POST", "/sessions/s1/turns", {"idempotency-key": "chunked-1"}),
                                   ("DELETE", "/entities/U1", {})])
def test_a_chunked_body_past_the_limit_answers_413_without_being_read(settings: Settings, store: Store,
                                                                     ns: Namespace, route: Any) -> None:
    """100 MB without Content-Length: 413 from the one renderer, after reading one chunk past the limit."""
    method, path, extra = route
    app = create_app(settings, store)  # the session's settings: explicitly open (conftest)
    before = snapshot(store, ns.name)
    chunks = _Chunks(100 * 2**20)
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"content-type", b"application/json"), (b"transfer-encoding", b"chunked"),
               *((k.encode(), v.encode()) for k, v in extra.items())]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": f"/v1/{ns.name}{path}", "raw_path": f"/v1/{ns.name}{path}".encode(), "query_string": b"",
             "root_path": "", "headers": headers, "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80),
             "app": app}
    with TestClient(app) as c:  # the lifespan runs: the app is as it serves
        c.portal.call(app, scope, chunks, send)
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 413, sent[:1]
    body = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))
    assert body["error"]["code"] == "payload_too_large"
    assert body["error"]["details"] == {"limit": settings.max_body_bytes}
    assert chunks.pulled <= settings.max_body_bytes + chunks.size
    assert snapshot(store, ns.name) == before


def test_a_declared_length_past_the_limit_answers_413(client: TestClient, seeded: str, settings: Settings) -> None:
    r = client.post(f"{seeded}/search", content=b" " * (settings.max_body_bytes + 1),
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "payload_too_large"
