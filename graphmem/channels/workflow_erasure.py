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

from graphmem.channels.workflow import _current, _refresh
from graphmem.channels.workflow_records import Change, embed_workflow, run_from_row, workflow_props
from graphmem.identifiers import Registry
from graphmem.induction import induce_group
from graphmem.store import Store, Tx
from graphmem.types import Namespace


def reinduce_groups(tx: Tx, store: Store, ns: Namespace, *, keys: Iterable[str], now: datetime,
                    registry: Registry) -> list[Change]:
    """Re-induce each workflow group from its live runs; a group whose current version was hidden
    gets a new version (numbered after every version it ever had) when runs remain."""
    changes: list[Change] = []
    for key in sorted(set(keys)):
        tx.run("workflow/lock_groups", ns=ns.name, groups=[{"key": key}], now=now)
        runs = [run_from_row(r) for r in tx.run("workflow/read_group_runs", ns=ns.name, key=key)]
        if _current(tx, ns, [key]).get(key) is not None:
            change = _refresh(tx, store, ns, key, link_ids=[r.id for r in runs], now=now, registry=registry)
        else:
            induced = induce_group(runs, key=key, registry=registry)
            if induced is None:
                continue
            row = tx.one("workflow/max_version", ns=ns.name, key=key) or {}
            version = int(row.get("version") or 0) + 1
            props = workflow_props(induced, version=version, reason="erasure", now=now,
                                   embedding=embed_workflow(store.settings, induced, None))
            tx.run("workflow/create_workflow", ns=ns.name, props=props, link_ids=list(induced.run_ids))
            change = Change(key, props["id"], version, "versioned", "erasure")
        if change is not None:
            changes.append(change)
    return changes
