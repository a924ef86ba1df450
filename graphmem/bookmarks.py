"""Read-your-writes across API replicas: the Neo4j causal-consistency bookmarks a request carries.

Replicas share nothing but Neo4j, and in a cluster a read may go to a follower that has not yet applied
a write another replica just committed. Neo4j's answer is the bookmark: a transaction started with a
bookmark waits until the server it runs on has applied at least that transaction. A request that wrote
answers with the bookmarks of its writes in the `Graphmem-Bookmark` header (`encode`: an opaque,
bounded token); a later request, to any replica, that sends it back runs every read and write with them
(`graphmem.store` opens its sessions with `wanted()`), so it sees at least that state.

A request's `Causal` lives in a contextvar (`carrying`), like the write marks of `graphmem.store`: the
routes' thread pool copies the context, and the object is shared, so the bookmarks the writes return
reach the middleware that set it. Group commit writes for several callers in one transaction: each
caller's `Causal` travels with its job and every one of them records that transaction's bookmarks.
A store's own thread pools (`store.services.executor`) carry the submitter's bookmarks to their reads.
Library callers outside a request carry none: a store opened in one process reads its own writes.
"""

from __future__ import annotations

import base64
import binascii
import json
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from graphmem.errors import InvalidBookmark

T = TypeVar("T")

HEADER = "Graphmem-Bookmark"
MAX_HEADER = 4096  # characters of the encoded token (a Neo4j 5 bookmark is under 100)
MAX_VALUES = 16  # bookmarks in one token (one per database written and concurrent writes)
MAX_VALUE = 512  # characters of one bookmark


class Causal:
    """One request's bookmarks: those it must see (`after`, sent by the caller) and those its writes
    returned (`produced`). Thread-safe: a request's reads and writes may run on several threads."""

    def __init__(self, after: Iterable[str] = ()) -> None:
        self.after = frozenset(after)
        self._produced: frozenset[str] = frozenset()
        self._lock = threading.Lock()

    @property
    def produced(self) -> frozenset[str]:
        return self._produced

    def wanted(self) -> frozenset[str]:
        """What a transaction of this request starts after: the caller's state and this request's writes."""
        return self.after | self._produced

    def wrote(self, opened_with: frozenset[str], got: Iterable[str]) -> None:
        """A write transaction opened with `opened_with` committed and returned `got`, which covers every
        bookmark it was opened with (Neo4j's bookmark of a later transaction subsumes earlier ones)."""
        with self._lock:
            self._produced = (self._produced - opened_with) | frozenset(got)


_causal: ContextVar[Causal | None] = ContextVar("graphmem_causal", default=None)


def current() -> Causal | None:
    """The current request's bookmarks, if it carries any state (None outside a request)."""
    return _causal.get()


@contextmanager
def carrying(causal: Causal | None) -> Iterator[Causal | None]:
    """Run the block (and threads whose context is copied from it) under `causal`."""
    token = _causal.set(causal)
    try:
        yield causal
    finally:
        _causal.reset(token)


def wanted(along: Iterable[Causal | None]) -> frozenset[str]:
    """The bookmarks a transaction run for all of `along` must start after."""
    out: frozenset[str] = frozenset()
    for causal in along:
        if causal is not None:
            out |= causal.wanted()
    return out


def wrote(along: Iterable[Causal | None], opened_with: frozenset[str], got: Iterable[str]) -> None:
    got = frozenset(got)
    for causal in along:
        if causal is not None:
            causal.wrote(opened_with, got)


def reading(causal: Causal | None) -> Causal | None:
    """What a helper thread started by the request carries: its bookmarks to read after, and a sink of
    its own (a background writer's bookmarks are not the request's)."""
    return None if causal is None else Causal(causal.wanted())


def _under(causal: Causal | None, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    with carrying(causal):
        return fn(*args, **kwargs)


class CarryingPool(ThreadPoolExecutor):
    """A thread pool whose tasks read after the submitter's bookmarks (`reading`); nothing else of the
    submitter's context travels (its write marks stay with the request's own transactions)."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        return super().submit(_under, reading(current()), fn, *args, **kwargs)


# --- the header ---------------------------------------------------------------------------------------
def encode(values: Iterable[str]) -> str:
    """The header's token: base64url (unpadded) of the JSON list of raw bookmark values, sorted."""
    raw = json.dumps(sorted(values), separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def decode(token: str) -> frozenset[str]:
    """The raw values of a token `encode` made; `InvalidBookmark` for anything else."""
    token = token.strip()
    if len(token) > MAX_HEADER:
        raise InvalidBookmark.because(f"longer than {MAX_HEADER} characters")
    try:
        raw = base64.b64decode(token + "=" * (-len(token) % 4), altchars=b"-_", validate=True)
        values = json.loads(raw)
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise InvalidBookmark.because("not a bookmark this service issued") from None
    if not isinstance(values, list) or len(values) > MAX_VALUES or not all(
            isinstance(v, str) and 0 < len(v) <= MAX_VALUE and v.isascii() and v.isprintable() for v in values):
        raise InvalidBookmark.because("not a bookmark this service issued")
    return frozenset(values)
