"""Wait for the Neo4j server to go quiet before a bench times anything.

Why: after a bulk load (or a purge) Neo4j merges Lucene segments of its vector and full-text indexes for
minutes on end. On a 2-core machine a merge takes one core from the embedding model and the writes a bench
times, so a timing taken beside it measures the merge as much as the data size (`bench scale` at 1M: ingest
82 % of the 100k rate in one run, 102 % in another; `top -H` showed "Lucene Merge Thread" at 94-100 % of a
core for 4+ minutes after each seed). Neo4j exposes no merge state to a client, so this watches the server
process's CPU time, which it can do only for a server on this machine whose pid it knows: the managed one.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from graphmem.settings import Settings

#: below this share of one core, over one window, the server is idle (idle Neo4j: 1-3 %; a merge: ~100 %)
QUIET_SHARE = 0.10
#: seconds per window, and windows in a row that must be quiet (merges pause briefly between segments)
WINDOW = 5.0
IN_A_ROW = 3


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process, from /proc (None where there is no /proc or no process)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # after the command name: state is field 3, utime 14 and stime 15 (man 5 proc), so indexes 11 and 12 here
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Quiet:
    waited: float  # seconds spent waiting
    share: float | None  # the last window's CPU share of one core (None: not watched)
    reached: bool  # False: timed out (or not watched)

    def describe(self) -> str:
        if self.share is None:
            return "server CPU not watched (not the managed server on this machine): timings may include merges"
        state = "quiet" if self.reached else f"NOT quiet after {self.waited:.0f} s (timed anyway)"
        return f"server {state}: waited {self.waited:.0f} s, last window at {self.share:.0%} of a core"


def wait_quiet(pid: int | None, timeout: float, *, window: float = WINDOW, in_a_row: int = IN_A_ROW,
               share_below: float = QUIET_SHARE) -> Quiet:
    """Block until the process used under `share_below` of a core for `in_a_row` windows, or `timeout` passes."""
    if pid is None or cpu_seconds(pid) is None:
        return Quiet(0.0, None, False)
    started = time.monotonic()
    quiet_windows, share = 0, 0.0
    while True:
        before, t0 = cpu_seconds(pid), time.monotonic()
        time.sleep(window)
        after, t1 = cpu_seconds(pid), time.monotonic()
        if before is None or after is None:  # the server went away: nothing left to wait for
            return Quiet(t1 - started, None, False)
        share = (after - before) / max(t1 - t0, 1e-6)
        quiet_windows = quiet_windows + 1 if share < share_below else 0
        if quiet_windows >= in_a_row:
            return Quiet(t1 - started, share, True)
        if t1 - started >= timeout:
            return Quiet(t1 - started, share, False)


def managed_pid(settings: Settings) -> int | None:
    """The managed server's pid when it is the server this process talks to (NEO4J_URI unset, or naming the
    managed server's bolt port on this machine), else None."""
    from graphmem.localdb import LocalNeo4j

    info = LocalNeo4j(settings).running()
    if info is None:
        return None
    if settings.neo4j_uri is None:
        return info.pid
    uri = urlsplit(settings.neo4j_uri)
    local = uri.hostname in {"127.0.0.1", "localhost", "::1"}
    return info.pid if local and uri.port == info.bolt_port else None
