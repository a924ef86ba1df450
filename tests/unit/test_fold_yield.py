"""The fold worker yields the model to live turn writers (issue 35): summaries wait while turns are being
embedded, never longer than the bound, and not at all on an idle model."""

from __future__ import annotations

import time

from graphmem.channels.conversation.folds import yield_to_writers
from graphmem.embedding.models import choose


def test_an_idle_model_is_not_waited_for() -> None:
    assert yield_to_writers(lambda: 10.0, quiet=0.3, most=5.0) < 0.05


def test_endless_writes_are_waited_for_at_most_the_bound() -> None:
    started = time.monotonic()
    waited = yield_to_writers(lambda: 0.0, quiet=0.3, most=0.4)
    assert 0.4 <= waited < 0.6 and time.monotonic() - started < 0.7


def test_the_wait_ends_once_writers_pause() -> None:
    pause_at = time.monotonic() + 0.2  # writers embed until then, then stop
    waited = yield_to_writers(lambda: max(0.0, time.monotonic() - pause_at), quiet=0.1, most=5.0)
    assert 0.25 <= waited < 1.0


def test_the_embedder_reports_how_long_writers_left_it_alone() -> None:
    from graphmem.embedding import get_embedder

    embedder = get_embedder(choose(None))
    embedder.embed_shared(["a live turn"])
    assert embedder.idle_for() < 1.0
    time.sleep(0.2)
    assert embedder.idle_for() >= 0.2
