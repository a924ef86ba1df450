"""Workflows after an erasure or a purge: re-induce the affected groups without the hidden runs.

Erasure hides every trajectory that holds a spelling of the subject and every workflow version induced
from one (or holding one itself), closing the current version (`privacy/hide_workflows`). Induction
reads only live trajectories (`workflow/read_group_runs`), so re-inducing a group here writes the next
version from the runs that remain, or nothing when none remain. Purge deletes those runs and versions
and calls this again. Called inside the erasure's or purge's transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from graphmem.channels.workflow_induce import group_of, refresh
from graphmem.channels.workflow_records import Change
from graphmem.identifiers import Registry
from graphmem.store import Store, Tx
from graphmem.types import Namespace


def reinduce_groups(tx: Tx, store: Store, ns: Namespace, *, keys: Iterable[str], now: datetime,
                    registry: Registry) -> list[Change]:
    """Re-induce each workflow group (workflow keys are mapped to their group) from its live runs; a
    workflow whose current version was hidden gets a new version numbered after every version it had."""
    changes: list[Change] = []
    for key in sorted({group_of(k) for k in keys}):
        tx.run("workflow/lock_groups", ns=ns.name, groups=[{"key": key}], now=now)
        runs = tx.run("workflow/read_group_runs", ns=ns.name, key=key)
        changes += refresh(tx, store, ns, key, link_ids=[r["id"] for r in runs], now=now, registry=registry)
    return changes
