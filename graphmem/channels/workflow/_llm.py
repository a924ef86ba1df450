"""An LLM inducer, plugged into workflow induction through any OpenAI-compatible endpoint.

The deterministic consensus (`graphmem.induction`) always runs first and stays the ground truth:
the LLM receives that draft and a few successful runs, and may only name the workflow, describe
it, and choose which of the draft's steps to keep and in which order (by index). Support, args,
parameters and risks are then recomputed for its choice by the same pure code, so an LLM can never
invent a step, an argument or a statistic. A reply that does not validate leaves the draft as it
is; an endpoint that cannot be reached is an error (`LLMUnavailable`, 503 with Retry-After), since
the caller asked for it rather than for the offline draft.

The client is graphmem's one `ChatClient` (`graphmem.text.llm`), asked for a JSON reply at temperature 0;
the reply is parsed here, leniently, because an unusable reply keeps the draft instead of failing.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from graphmem.errors import InvalidInput
from graphmem.induction import Induced, Run, induce_group
from graphmem.text.llm import ChatClient
from graphmem.settings import Settings

log = logging.getLogger(__name__)
MAX_EXAMPLE_RUNS = 5
#: a whole task type's draft and runs make a longer prompt than a summary's turns
TIMEOUT_SECONDS = 60.0


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
        """The draft renamed, described and perhaps re-picked; the draft itself if the reply is unusable.

        Raises:
            LLMUnavailable: the endpoint cannot be reached or answers with an error or an odd shape.
        """
        reply = self.client.chat([{"role": "system", "content": SYSTEM},
                                  {"role": "user", "content": _prompt(runs, draft)}], json_mode=True)
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
    client = ChatClient.from_settings(settings, timeout=TIMEOUT_SECONDS)
    if client is None:
        raise InvalidInput.field("llm", "no LLM endpoint is configured (set GRAPHMEM_LLM_BASE_URL)")
    return LLMInducer(client)
