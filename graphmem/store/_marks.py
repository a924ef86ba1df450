"""Write marks: a statement every write transaction of the current context runs first (an
Idempotency-Key's claim), so that what a request writes and the record that it wrote commit together."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from graphmem.store._tx import Tx

#: a statement every write transaction of the current request runs first (an Idempotency-Key's mark)
Mark = Callable[["Tx"], None]
_marks: ContextVar[tuple[Mark, ...]] = ContextVar("graphmem_write_marks", default=())


def write_marks() -> tuple[Mark, ...]:
    """The marks the current context's writes carry (a writer writing for other callers collects theirs)."""
    return _marks.get()


@contextmanager
def marking(mark: Mark) -> Iterator[None]:
    """Every write transaction run in this context (threads started from it included) runs `mark` first,
    in the same transaction: what a request writes and the record that it wrote commit together or not at
    all (graphmem.idempotency.mark_written)."""
    token = _marks.set(_marks.get() + (mark,))
    try:
        yield
    finally:
        _marks.reset(token)
