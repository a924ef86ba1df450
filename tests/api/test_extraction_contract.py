"""Contract tests of extraction from conversation (`extract: true` on a turn) against a recorded LLM.

No LLM can be reached in CI, so these tests start a local OpenAI-compatible endpoint (stdlib
`http.server` on 127.0.0.1, in a thread) that replays recorded answers keyed by the prompt kind
(graphiti's `extract_nodes.extract_message` -> "nodes", `extract_edges.edge` -> "edges") and by the turn
it is asked about (the prompt's CURRENT MESSAGE). They check graphmem's side of the contract: the prompts
go out through `ChatClient`, the answers are parsed into graphiti's response models, the facts and
relations land under graphmem's own close-and-insert rule with the turn as their source, and a failed or
malformed answer leaves the turn stored, marked failed, with nothing written. Neo4j and the embedding
model are real.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from graphmem.channels.conversation import NewTurn, add_turns, drain_extractions
from graphmem.channels.conversation.extraction import extractions_of
from graphmem.channels.graph import traverse
from graphmem.channels.temporal import history
from graphmem.errors import EntityNotFound
from graphmem.settings import Settings
from graphmem.store import Store, open_store
from graphmem.types import Namespace

pytestmark = [pytest.mark.neo4j, pytest.mark.skipif(
    __import__("importlib").util.find_spec("graphiti_core") is None, reason="graphiti-core not installed")]

CURRENT = re.compile(r"<CURRENT[ _]MESSAGE>\s*(.*?)\s*</CURRENT[ _]MESSAGE>", re.DOTALL)

#: CURRENT MESSAGE -> prompt kind -> the recorded answer (an object: JSON; text: sent as is; int: that status)
RECORDED: dict[str, dict[str, Any]] = {
    "Alice: I live in Berlin.": {
        "nodes": {"extracted_entities": [{"name": "Alice", "entity_type_id": 1},
                                         {"name": "Berlin", "entity_type_id": 3}]},
        "edges": {"edges": [{"source_entity_name": "Alice", "target_entity_name": "Berlin",
                             "relation_type": "LIVES_IN", "fact": "Alice lives in Berlin",
                             "valid_at": None, "invalid_at": None}]}},
    "Alice: I moved to Paris on July 4.": {
        "nodes": {"extracted_entities": [{"name": "Alice", "entity_type_id": 1},
                                         {"name": "Paris", "entity_type_id": 3}]},
        "edges": {"edges": [{"source_entity_name": "Alice", "target_entity_name": "Paris",
                             "relation_type": "lives in", "fact": "Alice moved to Paris on July 4",
                             "valid_at": "2026-07-04T00:00:00Z", "invalid_at": None}]}},
    "Carol: the server fails here.": {"nodes": 500},
    "Carol: the answer is not JSON.": {"nodes": "Sure! Carol lives in Rome."},
    "Carol: the answer has the wrong schema.": {"nodes": {"entities": ["Carol", "Rome"]}},
    "Carol: the edges have the wrong schema.": {
        "nodes": {"extracted_entities": [{"name": "Carol", "entity_type_id": 1},
                                         {"name": "Rome", "entity_type_id": 3}]},
        "edges": {"edges": [{"from": "Carol", "to": "Rome"}]}},
}


class _Recorded(BaseHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
        kind = "nodes" if "entity extraction" in system else "edges" if "fact extractor" in system else "?"
        current = CURRENT.search(user)
        answer = RECORDED.get(current.group(1) if current else "", {}).get(kind, 404)
        self.server.asked.append((kind, current.group(1) if current else None))  # type: ignore[attr-defined]
        if isinstance(answer, int):
            self._send(answer, b"{}")
            return
        content = answer if isinstance(answer, str) else json.dumps(answer)
        self._send(200, json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode())

    def _send(self, status: int, payload: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


@pytest.fixture(scope="module")
def llm() -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorded)
    server.asked = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def llm_settings(settings: Settings, llm: ThreadingHTTPServer) -> Settings:
    return settings.model_copy(update={"llm_base_url": f"http://127.0.0.1:{llm.server_address[1]}/v1",
                                       "llm_model": "recorded"})


@pytest.fixture(scope="module")
def llm_store(llm_settings: Settings) -> Iterator[Store]:
    with open_store(llm_settings) as s:
        yield s


@pytest.fixture
def llm_client(llm_settings: Settings, llm_store: Store) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from api.app import create_app

    with TestClient(create_app(llm_settings, llm_store)) as c:
        yield c


def _post(c: Any, ns: Namespace, text: str, at: str, tid: str) -> dict[str, Any]:
    speaker, said = text.split(": ", 1)
    r = c.post(f"/v1/{ns.name}/sessions/s1/turns", json={"speaker": speaker, "text": said, "at": at, "id": tid,
                                                         "extract": True})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _turn(c: Any, ns: Namespace, tid: str) -> dict[str, Any]:
    r = c.get(f"/v1/{ns.name}/turns/{tid}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _t(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(timezone.utc)


def test_a_recorded_answer_becomes_facts_and_relations_with_the_turn_as_source(llm_client: Any, llm_store: Store,
                                                                                ns: Namespace) -> None:
    posted = _post(llm_client, ns, "Alice: I live in Berlin.", "2026-07-01T09:00:00Z", "D1:1")
    assert posted["extraction"] == "queued"  # the POST answered before the LLM was asked
    assert drain_extractions(30)
    window = llm_client.get(f"/v1/{ns.name}/sessions/s1/window").json()
    assert [(t["id"], t["extraction"], t["extraction_error"]) for t in window["turns"]] == [("D1:1", "done", None)]

    alice = llm_client.get(f"/v1/{ns.name}/entities/Alice").json()
    assert (alice["type"], alice["name"], alice["attributes"]) == ("Person", "Alice", {"lives_in": "Berlin"})
    [version] = history(llm_store, ns, key="Alice", attribute="lives_in").versions
    assert (version.source, version.valid_from) == ("turn:D1:1", _t("2026-07-01T09:00:00Z"))
    edges = traverse(llm_store, ns, start="Alice", depth=1).edges
    assert [(e.source_key, e.type, e.target_key, e.source) for e in edges] == [("Alice", "LIVES_IN", "Berlin",
                                                                              "turn:D1:1")]


def test_a_later_turn_that_changes_the_value_closes_the_old_version(llm_client: Any, llm_store: Store,
                                                                    ns: Namespace) -> None:
    _post(llm_client, ns, "Alice: I live in Berlin.", "2026-07-01T09:00:00Z", "D1:1")
    assert drain_extractions(30)
    first = history(llm_store, ns, key="Alice", attribute="lives_in").versions[0]
    _post(llm_client, ns, "Alice: I moved to Paris on July 4.", "2026-07-05T10:00:00Z", "D1:2")
    assert drain_extractions(30)
    assert _turn(llm_client, ns, "D1:2")["extraction"] == "done"

    audit = history(llm_store, ns, key="Alice", attribute="lives_in", view="audit").versions
    closed = [v for v in audit if v.txn_end is not None]
    believed = sorted((v for v in audit if v.txn_end is None), key=lambda v: v.valid_from)
    # the Berlin version believed open-ended is closed in transaction time, never overwritten ...
    assert [(v.value, v.valid_from, v.valid_to, v.txn_time) for v in closed] == [
        ("Berlin", first.valid_from, None, first.txn_time)]
    assert closed[0].txn_end is not None and closed[0].txn_end > first.txn_time
    # ... and Berlin is now believed until the move, Paris from it, both written by that transaction
    assert [(v.value, v.valid_from, v.valid_to, v.source) for v in believed] == [
        ("Berlin", _t("2026-07-01T09:00:00Z"), _t("2026-07-04T00:00:00Z"), "turn:D1:1"),
        ("Paris", _t("2026-07-04T00:00:00Z"), None, "turn:D1:2")]
    assert {v.txn_time for v in believed} == {closed[0].txn_end}

    before = llm_client.get(f"/v1/{ns.name}/entities/Alice", params={"valid_at": "2026-07-06T00:00:00Z",
                                                                      "known_at": first.txn_time.isoformat()})
    assert before.json()["attributes"] == {"lives_in": "Berlin"}  # what was believed before the second turn
    assert llm_client.get(f"/v1/{ns.name}/entities/Alice").json()["attributes"] == {"lives_in": "Paris"}
    assert llm_client.get(f"/v1/{ns.name}/entities/Alice",
                          params={"valid_at": "2026-07-02T00:00:00Z"}).json()["attributes"] == {"lives_in": "Berlin"}


@pytest.mark.parametrize("text, error", [
    ("Carol: the server fails here.", "answered 500"),
    ("Carol: the answer is not JSON.", "not a JSON object"),
    ("Carol: the answer has the wrong schema.", "does not fit ExtractedEntities"),
    ("Carol: the edges have the wrong schema.", "does not fit ExtractedEdges"),
])
def test_a_failed_or_malformed_answer_marks_the_turn_failed_and_writes_nothing(
        llm_client: Any, llm_store: Store, ns: Namespace, text: str, error: str) -> None:
    _post(llm_client, ns, text, "2026-07-01T09:00:00Z", "D2:1")
    assert drain_extractions(30)
    turn = _turn(llm_client, ns, "D2:1")
    assert turn["text"] == text.split(": ", 1)[1]  # stored
    assert turn["extraction"] == "failed"
    assert turn["extraction_error"].startswith("llm_unavailable: ") and error in turn["extraction_error"]
    for key in ("Carol", "Rome"):
        assert llm_client.get(f"/v1/{ns.name}/entities/{key}").status_code == 404


def test_a_turn_left_queued_by_a_dead_process_is_extracted_by_the_next_worker(
        store: Store, llm_store: Store, llm_settings: Settings, ns: Namespace) -> None:
    # written through a store with no LLM (its worker is off): the turn stays queued in Neo4j only
    add_turns(store, ns, session="s1", settings=llm_settings, turns=[
        NewTurn("I live in Berlin.", speaker="Alice", at=_t("2026-07-01T09:00:00Z"), id="D3:1", extract=True)])
    assert extractions_of(store).enabled is False
    assert extractions_of(llm_store).drain(30)  # the scan of the durable queue finds it
    with pytest.raises(EntityNotFound):
        history(store, ns, key="Nobody")
    [version] = history(store, ns, key="Alice", attribute="lives_in").versions
    assert (version.value, version.source) == ("Berlin", "turn:D3:1")


def test_extract_without_an_llm_is_refused_naming_the_field(client: Any, ns: Namespace) -> None:
    r = client.post(f"/v1/{ns.name}/sessions/s1/turns", json={"text": "I live in Berlin.", "extract": True})
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["code"] == "extraction_unavailable"
    assert [f["field"] for f in err["details"]["fields"]] == ["extract"]
    assert client.get(f"/v1/{ns.name}/sessions/s1/window").status_code == 404  # nothing was written
    plain = client.post(f"/v1/{ns.name}/sessions/s1/turns", json={"text": "I live in Berlin."})
    assert plain.status_code == 201 and plain.json()["extraction"] is None  # callers without extract: unchanged
