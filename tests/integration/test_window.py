"""The window: last N by time then arrival, newest last, shared through Neo4j; folding keeps up."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.channels.conversation.summary import read_summary
from graphmem.channels.conversation.turns import NewTurn, add_turn, add_turns
from graphmem.channels.conversation.window import read_window
from graphmem.errors import InvalidInput, SessionNotFound
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace

pytestmark = pytest.mark.neo4j
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


def test_last_n_newest_last(store: Store, ns: Namespace, settings: Settings) -> None:
    small = settings.model_copy(update={"window_size": 3})
    for i in range(5):
        add_turn(store, ns, session="s", turn=NewTurn(f"turn {i}", at=T0 + timedelta(minutes=i), id=f"w{i}"),
                 settings=small)
    w = read_window(store, ns, session="s", size=3)
    assert [t.id for t in w.turns] == ["w2", "w3", "w4"]
    assert read_window(store, ns, session="s").size == settings.window_size  # default from settings


def test_order_is_time_then_arrival(store: Store, ns: Namespace) -> None:
    add_turn(store, ns, session="s", turn=NewTurn("late", at=T0 + timedelta(hours=1), id="late"))
    add_turn(store, ns, session="s", turn=NewTurn("early, arrived second", at=T0, id="early2"))
    add_turn(store, ns, session="s", turn=NewTurn("same time, arrived third", at=T0, id="early3"))
    w = read_window(store, ns, session="s", size=10)
    assert [t.id for t in w.turns] == ["early2", "early3", "late"]


def test_unknown_session_and_bad_size(store: Store, ns: Namespace) -> None:
    with pytest.raises(SessionNotFound) as err:
        read_window(store, ns, session="nope")
    assert err.value.status == 404 and err.value.code == "unknown_session"
    add_turn(store, ns, session="s", turn=NewTurn("x"))
    with pytest.raises(InvalidInput):
        read_window(store, ns, session="s", size=0)


def test_every_turn_that_left_the_window_is_summarised(store: Store, ns: Namespace, settings: Settings) -> None:
    """After each write (single or batch), the summary covers exactly the turns outside the window."""
    small = settings.model_copy(update={"window_size": 3})
    sizes = [1, 1, 1, 1, 5, 1, 7, 1]
    n = 0
    for size in sizes:
        turns = [NewTurn(f"Message {n + i}: the parcel number {n + i} is late.", speaker="A", id=f"m{n + i}",
                         at=T0 + timedelta(minutes=n + i)) for i in range(size)]
        add_turns(store, ns, session="s", turns=turns, settings=small)
        n += size
        window = read_window(store, ns, session="s", size=3)
        everything = read_window(store, ns, session="s", size=1000)
        left = [t.id for t in everything.turns if t.id not in {w.id for w in window.turns}]
        summary = read_summary(store, ns, session="s")
        covered = [t.id for t in everything.turns if t.summary is not None]
        assert covered == left
        assert summary.turn_count == len(left)
        assert all(p.turn_count <= 3 for p in summary.parts)
        if left:
            assert summary.from_seq == 1 and summary.to_seq == len(left)
    assert read_summary(store, ns, session="s").summary.facts
