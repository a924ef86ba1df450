"""An LLM inducer, plugged into workflow induction through any OpenAI-compatible endpoint.

The deterministic consensus (`graphmem.induction`) always runs first and stays the ground truth:
the LLM receives that draft and a few successful runs, and may only name the workflow, describe
it, and choose which of the draft's steps to keep and in which order (by index). Support, args,
parameters and risks are then recomputed for its choice by the same pure code, so an LLM can never
invent a step, an argument or a statistic. A reply that does not validate leaves the draft as it
is; an endpoint that cannot be reached is an error (502), since the caller asked for it.

The client is a minimal `POST {base_url}/chat/completions` over httpx (temperature 0, JSON reply).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

import httpx

from graphmem.errors import GraphmemError, InvalidInput
from graphmem.induction import Induced, Run, induce_group
from graphmem.settings import Settings

log = logging.getLogger(__name__)
MAX_EXAMPLE_RUNS = 5


class LLMUnavailable(GraphmemError):
    status: ClassVar[int] = 502
    code: ClassVar[str] = "llm_unavailable"


class ChatClient:
    """OpenAI-compatible chat completions: one call, one JSON reply."""

    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout: float = 60.0,
                 transport: httpx.BaseTransport | None = None) -> None:
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(timeout=timeout, headers=headers, transport=transport)

    def complete(self, messages: Sequence[dict[str, str]]) -> str:
        """The first choice's message content.

        Raises:
            LLMUnavailable: the endpoint cannot be reached or answers with an error or an odd shape.
        """
        body = {"model": self.model, "messages": list(messages), "temperature": 0,
                "response_format": {"type": "json_object"}}
        try:
            response = self._http.post(self.url, json=body)
            response.raise_for_status()
            return str(response.json()["choices"][0]["message"]["content"])
        except (httpx.HTTPError, ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMUnavailable(f"LLM endpoint {self.url} failed: {exc}") from exc

    def close(self) -> None:
        self._http.close()


SYSTEM = (
    "You turn an AI agent's successful runs of one task into a reusable workflow. You get a draft "
    "workflow whose steps are numbered, and some runs. Reply with a JSON object only: "
    '{"name": short task name, "description": one or two sentences saying when and how to use it, '
    '"steps": the draft step numbers to keep, in the order an agent should take them}. '
    "Keep every step that the task needs; drop a step only if it is clearly unnecessary."
)


def _prompt(runs: Sequence[Run], draft: Induced) -> str:
    steps = [{"n": i, "action": s.action, "args": dict(s.args), "taken_by_runs": s.support}
             for i, s in enumerate(draft.steps)]
    examples = [{"task": r.task, "actions": [s.action for s in r.steps]}
                for r in sorted(runs, key=Run.order_key) if r.succeeded][:MAX_EXAMPLE_RUNS]
    return json.dumps({"task_type": draft.task_type, "draft_steps": steps,
                       "parameters": [p.name for p in draft.params], "runs": examples}, ensure_ascii=False)


def _validated(reply: str, draft: Induced) -> tuple[str, str, list[int]] | None:
    try:
        data: Any = json.loads(reply)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    name, description, steps = data.get("name"), data.get("description"), data.get("steps")
    if not (isinstance(name, str) and 0 < len(name.strip()) <= 120):
        return None
    if not (isinstance(description, str) and 0 < len(description.strip()) <= 2000):
        return None
    if not (isinstance(steps, list) and steps and all(isinstance(i, int) and not isinstance(i, bool) for i in steps)
            and len(set(steps)) == len(steps) and all(0 <= i < len(draft.steps) for i in steps)):
        return None
    return name.strip(), description.strip(), steps


class LLMInducer:
    """A refiner for `induce_workflows(refine=...)`: (runs, draft) → workflow."""

    def __init__(self, client: ChatClient) -> None:
        self.client = client

    def __call__(self, runs: Sequence[Run], draft: Induced) -> Induced:
        reply = self.client.complete([{"role": "system", "content": SYSTEM},
                                      {"role": "user", "content": _prompt(runs, draft)}])
        checked = _validated(reply, draft)
        if checked is None:
            log.warning("LLM reply for workflow %s did not validate; keeping the consensus draft", draft.key)
            return draft
        name, description, order = checked
        induced = draft
        if order != list(range(len(draft.steps))):
            repicked = induce_group(runs, key=draft.key, path=[draft.steps[i].key for i in order])
            induced = repicked or draft
        return replace(induced, name=name, description=description, inducer="llm")


def refiner_from_settings(settings: Settings) -> LLMInducer:
    """The LLM inducer for the configured endpoint.

    Raises:
        InvalidInput: no endpoint is configured (field `llm`).
    """
    if not settings.llm_base_url:
        raise InvalidInput.field("llm", "no LLM endpoint is configured (set GRAPHMEM_LLM_BASE_URL)")
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return LLMInducer(ChatClient(settings.llm_base_url, settings.llm_model, key))
