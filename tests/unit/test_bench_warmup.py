"""The name benches' warm-up: measured once the server answers name questions from its copy of the names."""

from __future__ import annotations

import pytest

from graphmem_tools.bench.key_recall import _until_copied

LINE = 'graphmem_name_copy_reads_total{outcome="answered"} %s\n'


def exposition(answered: float | None) -> bytes:
    head = "# HELP graphmem_name_copy_reads_total ...\n" 'graphmem_name_copy_reads_total{outcome="none"} 7.0\n'
    return (head + (LINE % answered if answered is not None else "")).encode()


def test_warm_up_goes_on_until_a_question_is_answered_from_the_copy() -> None:
    asked: list[int] = []
    answered = {"n": None}

    def ask(n: int) -> None:
        asked.append(n)
        if len(asked) == 3:  # the copy is in place: the third warm-up question is answered from it
            answered["n"] = 1.0

    _until_copied(lambda: exposition(answered["n"]), ask)
    assert asked == [0, 1, 2]


def test_a_copy_answering_before_the_warm_up_still_waits_for_one_more() -> None:
    count = {"n": 4.0}

    def ask(n: int) -> None:
        count["n"] += 1

    asked = []
    _until_copied(lambda: exposition(count["n"]), lambda n: (asked.append(n), ask(n)))
    assert asked == [0]


def test_a_server_that_never_copies_is_measured_after_the_limit_and_said_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    asked: list[int] = []
    _until_copied(lambda: exposition(None), asked.append, limit=0.05)
    assert asked and "no name question answered from the copy" in capsys.readouterr().out


def test_the_counter_is_read_off_the_servers_own_exposition() -> None:
    from graphmem import metrics

    seen = []
    before = metrics.NAME_COPIES.labels(outcome="answered")._value.get()

    def ask(n: int) -> None:
        seen.append(n)
        metrics.NAME_COPIES.labels(outcome="answered").inc()

    _until_copied(metrics.render, ask, limit=5.0)
    assert seen == [0] and metrics.NAME_COPIES.labels(outcome="answered")._value.get() == before + 1
