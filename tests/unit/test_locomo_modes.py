"""`graphmem eval locomo`: choosing conversations by index and naming namespaces per mode."""

from __future__ import annotations

import click
import pytest

from graphmem_tools.evals.locomo import Conversation, namespace_for, pick

CONVS = [Conversation(f"conv-{i}", []) for i in range(10)]


def test_only_takes_indexes_and_ranges_then_the_limit() -> None:
    assert [c.sample_id for c in pick(CONVS, "5,6,7,8,9", None)] == [f"conv-{i}" for i in range(5, 10)]
    assert [c.sample_id for c in pick(CONVS, "5-9", 2)] == ["conv-5", "conv-6"]
    assert [c.sample_id for c in pick(CONVS, None, 3)] == ["conv-0", "conv-1", "conv-2"]
    for bad in ("x", "10", "3-a"):
        with pytest.raises(click.BadParameter):
            pick(CONVS, bad, None)


def test_turn_mode_has_namespaces_of_its_own() -> None:
    assert namespace_for("conv-26") == "locomo-conv-26"
    assert namespace_for("conv-26", "turn") == "locomo-turn-conv-26"
