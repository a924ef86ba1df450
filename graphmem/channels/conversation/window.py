"""The window: the last N turns of a session, newest last, ordered by time and then arrival.

Turns live in Neo4j, so every API process sees the same window. What leaves the window is folded
into the session's summary by the write that pushed it out (graphmem.channels.conversation.summary).
"""

from __future__ import annotations

from collections.abc import Sequence

from graphmem.channels.conversation.records import Turn, TurnRow, Window
from graphmem.errors import InvalidInput, SessionNotFound
from graphmem.store import Store
from graphmem.types import Namespace


def split_window(turns: Sequence[TurnRow], size: int) -> tuple[list[TurnRow], list[TurnRow]]:
    """(window, leaving): the last `size` turns by (at, seq), newest last, and all the others. Pure."""
    ordered = sorted(turns, key=lambda t: (t.at, t.seq))
    cut = max(0, len(ordered) - size)
    return ordered[cut:], ordered[:cut]


def read_window(store: Store, ns: Namespace, *, session: str, size: int | None = None,
                view: str = "application") -> Window:
    """The last `size` (default `settings.window_size`) turns of a session, newest last.

    Raises:
        SessionNotFound: no turn was ever written to this session in this namespace.
        InvalidInput: a size below 1 or above 1000.
    """
    n = store.services.settings.window_size if size is None else size
    if not 1 <= n <= 1000:
        raise InvalidInput.field("size", "must be between 1 and 1000")
    rows = store.read("window/read_window", ns=ns, session=session, n=n, all=view != "application")
    if not rows:
        raise SessionNotFound(f"no session {session!r} in namespace {ns.name!r}", details={"session": session})
    turns = [Turn.from_row(r["turn"]) for r in rows if r["turn"] is not None]
    return Window(session, n, list(reversed(turns)))



def last_mentioned(store: Store, ns: Namespace, *, session: str, size: int | None = None) -> tuple[str, str | None] | None:
    """(key, name) of the live entity the session's window named last (MENTIONS: its key, an identifier it
    holds, or its whole name), or None: what "her" or "his" in a question about the conversation refers to."""
    rows = store.read("window/last_mentioned", ns=ns, session=session, size=size or store.services.settings.window_size)
    if not rows or (len(rows) > 1 and rows[1]["seq"] == rows[0]["seq"]):  # none, or two named at once
        return None
    return str(rows[0]["key"]), rows[0]["name"]
