"""Workflows after an erasure or a purge: re-induce the affected groups without the hidden runs.

Erasure hides every trajectory that holds a spelling of the subject and every workflow version induced
from one (or holding one itself), closing the current version (`privacy/hide_workflows`). Induction
reads only live trajectories (`workflow/read_group_runs`), so re-inducing a group here writes the next
version from the runs that remain, or nothing when none remain. Purge deletes those runs and versions
and calls this again. Called inside the erasure's or purge's transaction.

An erasure never depends on a rebuild: whatever subset of runs is left (none, failures only, a
sub-workflow whose users are gone), a group that cannot be induced again has its current workflows
closed (`dropped`) and the erasure goes on; `Reinduced` says what was rebuilt and what was dropped, and
the erasure record keeps it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from graphmem.channels.workflow._induce import draft_group, group_current, group_of, write_group
from graphmem.channels.workflow._records import Change, run_from_row
from graphmem.identifiers import Registry
from graphmem.induction import Induced
from graphmem.store import Store, Tx
from graphmem.types import Namespace

log = logging.getLogger(__name__)


@dataclass
class Reinduced:
    """What re-induction did to the workflows an erasure touched (keys; never values)."""

    rebuilt: list[str] = field(default_factory=list)  # workflows with a current version written from live runs
    dropped: list[str] = field(default_factory=list)  # workflows left with no current version
    changes: list[Change] = field(default_factory=list)


def reinduce_groups(tx: Tx, store: Store, ns: Namespace, *, keys: Iterable[str], hidden: Iterable[str] = (),
                    now: datetime, registry: Registry) -> Reinduced:
    """Re-induce each workflow group (workflow keys are mapped to their group) from its live runs; a
    workflow whose current version was hidden gets a new version numbered after every version it had.

    `hidden`: the workflow keys the erasure closed; those that get no new version are reported dropped."""
    out = Reinduced()
    closed = set(hidden)
    for key in sorted({group_of(k) for k in [*keys, *closed]}):
        tx.run("workflow/lock_groups", ns=ns, groups=[{"key": key}], now=now)
        runs = [run_from_row(r) for r in tx.run("workflow/read_group_runs", ns=ns, key=key)]
        try:
            drafts: list[Induced] = draft_group(runs, key, registry=registry)
        except Exception:  # pure code on a subset of runs it never saw: the erasure must not fail on it
            log.exception("erasure: workflow group %s could not be re-induced from %d runs; its workflows are "
                          "dropped", key, len(runs))
            drafts = []
        changes = write_group(tx, store, ns, key, runs, drafts, group_current(tx, ns, [key])[key],
                              link_ids=[r.id for r in runs], now=now, closing="dropped")
        out.changes += changes
        made = {d.key for d in drafts}
        mine = {k for k in closed if group_of(k) == key}
        out.rebuilt += sorted(mine & made)
        out.dropped += sorted((mine - made) | {c.key for c in changes if c.change == "dropped"})
    return out
