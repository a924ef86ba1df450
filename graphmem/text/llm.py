"""The one client for OpenAI-compatible chat-completions endpoints (httpx), and LLM summaries.

Why our own: graphmem needs one call (`POST {base_url}/chat/completions`) for summaries and
workflow induction (`graphmem.channels.workflow._llm`); a vendor SDK would add weight and hub-style
configuration. The endpoint is configured by `settings.llm_base_url` (e.g. `http://127.0.0.1:8080/v1`),
`llm_model` and `llm_api_key`. Failures raise `LLMUnavailable` (503 with Retry-After: the upstream
is away, not the caller wrong); callers that have an offline fallback (the extractive summariser)
use it instead of failing the request.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from typing import Any

import httpx
from pydantic import BaseModel, Field, ValidationError

from graphmem.errors import LLMUnavailable
from graphmem.settings import Settings
from graphmem.text.summarise import StructuredSummary, Utterance, render

log = logging.getLogger(__name__)


class ChatClient:
    """`chat(messages) -> str` against an OpenAI-compatible `/chat/completions` endpoint."""

    def __init__(self, base_url: str, model: str, api_key: str | None = None, *, timeout: float = 30.0,
                 transport: httpx.BaseTransport | None = None) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.model = model
        #: the endpoint every call posts to
        self.url = base_url.rstrip("/") + "/chat/completions"
        self._http = httpx.Client(headers=headers, timeout=timeout, transport=transport)

    @classmethod
    def from_settings(cls, settings: Settings, *, timeout: float = 30.0) -> "ChatClient | None":
        """A client when `llm_base_url` is configured, else None (use the offline path)."""
        if not settings.llm_base_url:
            return None
        key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
        return cls(settings.llm_base_url, settings.llm_model, key, timeout=timeout)

    def chat(self, messages: Sequence[dict[str, str]], *, temperature: float = 0.0,
             json_mode: bool = False, max_tokens: int | None = None) -> str:
        """The first choice's message content.

        Raises:
            LLMUnavailable: transport error, non-2xx status or a body without a message.
        """
        body: dict[str, Any] = {"model": self.model, "messages": list(messages), "temperature": temperature}
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        if max_tokens is not None:
            body["max_tokens"] = max_tokens
        try:
            response = self._http.post(self.url, json=body)
        except httpx.HTTPError as exc:
            raise LLMUnavailable(f"LLM endpoint unreachable: {exc}") from exc
        if response.status_code >= 300:
            raise LLMUnavailable(f"LLM endpoint answered {response.status_code}",
                                 details={"status": response.status_code, "body": response.text[:500]})
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMUnavailable("LLM endpoint answered without choices[0].message.content") from exc
        if not isinstance(content, str):
            raise LLMUnavailable("LLM message content is not text")
        return content

    def chat_json(self, messages: Sequence[dict[str, str]], **kw: Any) -> dict[str, Any]:
        """`chat` in JSON mode, parsed; code fences around the object are tolerated."""
        text = self.chat(messages, json_mode=True, **kw)
        match = re.search(r"\{.*\}", text, flags=re.DOTALL)
        try:
            value = json.loads(match.group(0) if match else text)
        except ValueError as exc:
            raise LLMUnavailable("LLM answer is not a JSON object", details={"answer": text[:500]}) from exc
        if not isinstance(value, dict):
            raise LLMUnavailable("LLM answer is not a JSON object", details={"answer": text[:500]})
        return value

    def close(self) -> None:
        self._http.close()


class _SummaryReply(BaseModel):
    core_topic: str = Field(max_length=500)
    facts: list[str] = Field(default_factory=list, max_length=20)
    open_items: list[str] = Field(default_factory=list, max_length=20)
    entities: list[str] = Field(default_factory=list, max_length=30)
    tone: str = Field("neutral", max_length=100)
    intent: str = Field("sharing information", max_length=200)


SUMMARY_PROMPT = (
    "You summarise part of a conversation for an AI agent's long-term memory. Reply with one JSON "
    "object with keys: core_topic (a short phrase), facts (confirmed facts, each one sentence, keep "
    "every identifier, number and date exactly), open_items (unanswered questions, promises, pending "
    "actions), entities (people, places, products, identifiers), tone (one or two words), intent "
    "(what the speakers are trying to do, a short phrase). Use only what the turns say."
)


def llm_summarise(client: ChatClient, utterances: Sequence[Utterance]) -> StructuredSummary:
    """A structured summary written by the LLM, checked against the expected shape.

    Raises:
        LLMUnavailable: the endpoint failed or its answer does not have the expected fields.
    """
    transcript = "\n".join(f"[{u.seq}] {u.speaker or 'unknown'}: {u.text}" for u in utterances)
    reply = client.chat_json([{"role": "system", "content": SUMMARY_PROMPT},
                              {"role": "user", "content": transcript}])
    try:
        parsed = _SummaryReply.model_validate(reply)
    except ValidationError as exc:
        raise LLMUnavailable("LLM summary lacks the expected fields", details={"errors": [str(e["msg"]) for e in exc.errors()[:5]]}) from exc
    topics = [t.strip() for t in re.split(r"[,;]", parsed.core_topic) if t.strip()][:3]
    summary = StructuredSummary(core_topic=parsed.core_topic, topics=topics, facts=parsed.facts,
                                open_items=parsed.open_items, entities=parsed.entities, tone=parsed.tone,
                                intent=parsed.intent, summariser="llm")
    return StructuredSummary(**{**summary.__dict__, "text": render(summary)})
