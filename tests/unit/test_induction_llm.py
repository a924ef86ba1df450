"""The LLM inducer against a real HTTP server on 127.0.0.1 (stdlib http.server) speaking the
OpenAI chat-completions shape: what it sends, what it may change, and what it may not."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from pydantic import SecretStr
from workflow_families import family, generate

from graphmem.channels.workflow._llm import LLMInducer, refiner_from_settings
from graphmem.errors import InvalidInput
from graphmem.induction import Induced, Run, group_key, induce_group, make_run
from graphmem.instants import parse_instant
from graphmem.text.llm import ChatClient, LLMUnavailable
from graphmem.settings import Settings


class FakeLLM:
    def __init__(self) -> None:
        self.reply: Any = {}
        self.status = 200
        self.requests: list[tuple[dict[str, str], dict[str, Any]]] = []


@pytest.fixture
def llm() -> Iterator[tuple[FakeLLM, str]]:
    state = FakeLLM()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.requests.append(({k.lower(): v for k, v in self.headers.items()}, body))
            content = state.reply if isinstance(state.reply, str) else json.dumps(state.reply)
            data = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
            self.send_response(state.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def _runs() -> list[Run]:
    out = []
    for s in generate(20, families=[family("refund_order")], seed=4):
        b = s.body
        out.append(make_run(id=b["id"], task=b["task"], steps=b["steps"], outcome=b["outcome"],
                            task_type=b["task_type"], failed_step=b.get("failed_step"), error=b.get("error"),
                            at=parse_instant(b["at"], "at")))
    return out


def _draft(runs: list[Run]) -> Induced:
    d = induce_group(runs, key=group_key(task_type="refund_order"))
    assert d is not None
    return d


def test_llm_names_describes_and_repicks_steps_statistics_are_recomputed(llm: tuple[FakeLLM, str]) -> None:
    state, url = llm
    runs = _runs()
    draft = _draft(runs)
    state.reply = {"name": "Refund an order", "description": "Check the order, then refund and notify.",
                   "steps": [0, 2, 3, 4]}
    inducer = LLMInducer(ChatClient(url, "test-model", api_key="sk-test"))
    w = inducer(runs, draft)
    headers, body = state.requests[0]
    assert headers["authorization"] == "Bearer sk-test"
    assert body["model"] == "test-model" and body["temperature"] == 0
    assert body["response_format"] == {"type": "json_object"}
    assert "lookup_order" in body["messages"][1]["content"]
    assert (w.name, w.description, w.inducer) == ("Refund an order", "Check the order, then refund and notify.", "llm")
    assert w.actions == ("lookup_order", "check_refund_eligibility", "issue_refund", "notify_customer")
    risky = {r.action: (r.step, r.count) for r in w.risks}
    assert risky["issue_refund"][0] == 2 and risky["issue_refund"][1] == next(
        r.count for r in draft.risks if r.action == "issue_refund")
    assert w.support >= draft.support and w.successes == draft.successes


@pytest.mark.parametrize("reply", [
    "not json", {"name": "x", "description": "y", "steps": [0, 9]}, {"name": "x", "description": "y", "steps": [0, 0]},
    {"name": "", "description": "y", "steps": [0]}, {"name": "x", "description": "y", "steps": []}, ["list"],
])
def test_a_reply_that_does_not_validate_keeps_the_draft(llm: tuple[FakeLLM, str], reply: Any) -> None:
    state, url = llm
    runs = _runs()
    draft = _draft(runs)
    state.reply = reply
    assert LLMInducer(ChatClient(url, "m"))(runs, draft) == draft


def test_an_unreachable_or_failing_endpoint_is_an_error(llm: tuple[FakeLLM, str]) -> None:
    state, url = llm
    runs = _runs()
    state.status = 500
    with pytest.raises(LLMUnavailable):
        LLMInducer(ChatClient(url, "m"))(runs, _draft(runs))
    with pytest.raises(LLMUnavailable) as err:
        ChatClient("http://127.0.0.1:9/v1", "m", timeout=2).chat([{"role": "user", "content": "hi"}])
    assert (err.value.status, err.value.code, err.value.retry_after) == (503, "llm_unavailable", 10)


def test_there_is_one_llm_client() -> None:
    """Summaries and induction share graphmem.text.llm's client and error: no second copy to drift."""
    from graphmem.channels.workflow import _llm as workflow_llm

    assert vars(workflow_llm)["ChatClient"] is ChatClient
    assert "LLMUnavailable" not in vars(workflow_llm)


def test_refiner_needs_a_configured_endpoint() -> None:
    with pytest.raises(InvalidInput) as err:
        refiner_from_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    assert err.value.details["fields"][0]["field"] == "llm"
    s = Settings(_env_file=None, llm_base_url="http://127.0.0.1:1/v1", llm_api_key=SecretStr("k"))  # type: ignore[call-arg]
    client = refiner_from_settings(s).client
    assert client.url == "http://127.0.0.1:1/v1/chat/completions"
    client.close()
