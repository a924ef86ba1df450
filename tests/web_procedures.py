"""A synthetic website with two procedures that share a block, for the workflow procedure tests.

Runs are recorded the way a web agent reports them: the action names the element
(`"<OP> <role> <element text>"`), a typed value travels as the arg `value`, and clicking a
suggestion names the suggestion itself (`CLICK [span] Boston`), so that text varies with the task.
- flights: open the Flights tab, type the origin and pick it, then the shared block (type the
  destination, pick it, search), then sort by price;
- stays: open the Stays tab, the shared block, then tick free cancellation.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from typing import Any

CITIES = ["Boston", "Austin", "Denver", "Seattle", "Chicago", "Phoenix", "Portland", "Atlanta", "Dallas",
          "Miami", "Detroit", "Houston", "Nashville", "Orlando", "Tampa", "Raleigh"]
SITE = "travel-site"
T0 = datetime(2025, 5, 1, tzinfo=timezone.utc)
SHARED = ["TYPE [combobox] Going to", "CLICK [span] {*}", "CLICK [button] Search"]


def _step(action: str, value: str | None = None) -> dict[str, Any]:
    return {"action": action, "args": {"value": value} if value is not None else {}}


def flight(origin: str, dest: str) -> tuple[str, list[dict[str, Any]]]:
    task = f"Find the cheapest flight from {origin} to {dest} next week"
    return task, [_step("CLICK [tab] Flights"), _step("TYPE [combobox] Leaving from", origin),
                  _step(f"CLICK [span] {origin}"), _step("TYPE [combobox] Going to", dest),
                  _step(f"CLICK [span] {dest}"), _step("CLICK [button] Search"),
                  _step("CLICK [button] Sort by price")]


def stay(dest: str) -> tuple[str, list[dict[str, Any]]]:
    task = f"Book a hotel room to stay in {dest} with free cancellation"
    return task, [_step("CLICK [tab] Stays"), _step("TYPE [combobox] Going to", dest),
                  _step(f"CLICK [span] {dest}"), _step("CLICK [button] Search"),
                  _step("CLICK [checkbox] Free cancellation")]


def bodies(n: int, *, seed: int = 0, prefix: str = "web") -> list[dict[str, Any]]:
    """n trajectories, flights and stays alternating, each with its own cities, in arrival order."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        a, b = rng.sample(CITIES, 2)
        task, steps = flight(a, b) if i % 2 == 0 else stay(b)
        out.append({"id": f"{prefix}-{i:03d}", "task": task, "task_type": SITE, "steps": steps,
                    "outcome": "success", "at": (T0 + timedelta(minutes=i)).isoformat()})
    return out
