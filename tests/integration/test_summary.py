"""Summaries: structured, stored with embedding, range and MENTIONS; the LLM path against a local
OpenAI-compatible server; erasure hides them."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from graphmem import privacy
from graphmem.channels import temporal
from graphmem.channels.search import search
from graphmem.channels.conversation.summary import read_summary
from graphmem.channels.conversation.turns import NewTurn, add_turns
from graphmem.errors import SessionNotFound
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)

SUPPORT = [
    ("Alice", "Hi, my order ORD-2024-001 has not arrived. It was due on 3 May."),
    ("Bob", "Sorry to hear that! I will check the order status with the courier tomorrow."),
    ("Alice", "Can you also refund the shipping fee of 20 dollars? I paid by card."),
    ("Bob", "The refund for the shipping fee is approved. The courier lost the parcel in the depot."),
    ("Alice", "Great, thanks for the quick help."),
    ("Bob", "You are welcome."),
]


def _turns(rows: list[tuple[str, str]], prefix: str = "u") -> list[NewTurn]:
    return [NewTurn(text, speaker=sp, at=T0 + timedelta(minutes=i), id=f"{prefix}{i}") for i, (sp, text) in
            enumerate(rows)]


def test_structured_summary_of_what_left(store: Store, ns: Namespace, settings: Settings) -> None:
    small = settings.model_copy(update={"window_size": 2})
    temporal.put_entity(store, ns, key="ORD-2024-001", type="order")
    add_turns(store, ns, session="s", turns=_turns(SUPPORT), settings=small)
    s = read_summary(store, ns, session="s")
    assert s.turn_count == 4 and s.from_at == T0 and s.to_at == T0 + timedelta(minutes=3)
    assert any("ORD-2024-001" in f for f in s.summary.facts)
    assert "ORD-2024-001" in s.summary.entities and s.summary.tone and s.summary.intent
    assert not any("refund the shipping fee" in o for o in s.summary.open_items), "Bob's next turn answered it"
    assert [p.turn_count for p in s.parts] == [2, 2]
    hits = search(store, ns, query="order ORD-2024-001 refund shipping", k=20, kinds=["summary"], touch=False).hits
    mentions = {h.id: h.mentions for h in hits}
    assert mentions == {s.parts[0].id: ("ORD-2024-001",), s.parts[1].id: ()}


def test_new_session_has_an_empty_summary_and_unknown_is_404(store: Store, ns: Namespace) -> None:
    add_turns(store, ns, session="s", turns=_turns(SUPPORT[:2]))
    s = read_summary(store, ns, session="s")
    assert s.parts == [] and s.summary.text == "" and s.turn_count == 0
    with pytest.raises(SessionNotFound):
        read_summary(store, ns, session="missing")


def test_erasure_hides_summaries_that_mention_the_entity(store: Store, ns: Namespace, settings: Settings) -> None:
    small = settings.model_copy(update={"window_size": 2})
    temporal.put_entity(store, ns, key="ORD-2024-001", type="order")
    add_turns(store, ns, session="s", turns=_turns(SUPPORT), settings=small)
    before = read_summary(store, ns, session="s")
    privacy.erase_entity(store, ns, key="ORD-2024-001", reason="customer request", by="test")
    after = read_summary(store, ns, session="s")
    assert len(after.parts) < len(before.parts)
    assert all("ORD-2024-001" not in f for f in after.summary.facts)
    hits = search(store, ns, query="order ORD-2024-001 has not arrived", k=20, touch=False).hits
    assert all("ORD-2024-001" not in h.text for h in hits)
    audit = search(store, ns, query="order ORD-2024-001 has not arrived", k=20, view="audit", touch=False).hits
    assert any("ORD-2024-001" in h.text for h in audit)


class _FakeLLM(BaseHTTPRequestHandler):
    """Speaks OpenAI's chat-completions protocol; records what it was asked."""

    requests: list[dict[str, Any]] = []
    reply: dict[str, Any] | str = {}
    status = 200

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        content = self.reply if isinstance(self.reply, str) else json.dumps(self.reply)
        payload = json.dumps({"id": "x", "object": "chat.completion", "model": body["model"],
                              "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                           "finish_reason": "stop"}]}).encode()
        self.send_response(self.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def llm() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakeLLM)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _FakeLLM.requests, _FakeLLM.status = [], 200
    _FakeLLM.reply = {"core_topic": "late order refund", "facts": ["Order ORD-2024-001 was due on 3 May."],
                      "open_items": ["Bob checks with the courier"], "entities": ["ORD-2024-001", "Alice"],
                      "tone": "concerned", "intent": "get a refund"}
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


def test_llm_summariser_through_a_local_openai_compatible_server(store: Store, ns: Namespace, settings: Settings,
                                                                 llm: str) -> None:
    from pydantic import SecretStr

    with_llm = settings.model_copy(update={"window_size": 2, "llm_base_url": llm, "llm_model": "tiny",
                                           "llm_api_key": SecretStr("sk-test")})
    add_turns(store, ns, session="s", turns=_turns(SUPPORT[:4]), settings=with_llm)
    s = read_summary(store, ns, session="s")
    assert s.summary.summariser == "llm" and s.summary.core_topic == "late order refund"
    assert s.summary.facts == ["Order ORD-2024-001 was due on 3 May."] and s.summary.intent == "get a refund"
    asked = _FakeLLM.requests[-1]
    assert asked["path"] == "/v1/chat/completions" and asked["auth"] == "Bearer sk-test"
    assert asked["body"]["model"] == "tiny" and "ORD-2024-001" in asked["body"]["messages"][-1]["content"]


def test_llm_failure_falls_back_to_extractive(store: Store, ns: Namespace, settings: Settings, llm: str) -> None:
    _FakeLLM.status = 500
    with_llm = settings.model_copy(update={"window_size": 2, "llm_base_url": llm})
    add_turns(store, ns, session="s", turns=_turns(SUPPORT[:4]), settings=with_llm)
    s = read_summary(store, ns, session="s")  # the fold's text is written by now (worker or this read)
    assert _FakeLLM.requests, "the LLM was asked first"
    assert s.summary.summariser == "extractive" and s.turn_count == 2
    _FakeLLM.status, _FakeLLM.reply = 200, "not json at all"
    add_turns(store, ns, session="s", turns=_turns(SUPPORT[4:], prefix="v"), settings=with_llm)
    assert read_summary(store, ns, session="s").summary.summariser == "extractive"
