"""Tenants from start to end, for operators (admin): which namespaces hold memory, exporting one and
importing it into a new namespace (`_export`, `_import`), and deleting one whole (offboarding).

A namespace is not a node: it is the `ns` every record carries, so listing them reads each kind's
namespace-leading index, and deleting one removes every node that carries it. Deletion runs in the
background in batches (`DELETION_BATCH` nodes per transaction, each label through its index), from a
`(:NamespaceDeletion {target, state})` record written first: a process that stops midway leaves the record
`running`, and the next process to connect resumes it (each batch deletes what is left, so resuming is
repeating). Writes that reach the namespace while it runs are deleted with it. The record stays, as the
trace of who deleted the tenant and when; API keys are not namespace records and stay until revoked.
"""

from __future__ import annotations

import logging
import threading
import uuid
from dataclasses import dataclass
from datetime import datetime

from graphmem.instants import utcnow
from graphmem.store import Row, Store, purge_namespace
from graphmem.tenants._export import EXPORTED, LEFT_OUT, export_namespace, export_ndjson
from graphmem.tenants._import import ImportResult, import_namespace, import_status
from graphmem.types import Namespace

log = logging.getLogger(__name__)

DELETION_BATCH = 2000
KINDS = ("entities", "turns", "summaries", "trajectories", "workflows")


@dataclass(frozen=True)
class NamespaceInfo:
    name: str
    counts: dict[str, int]  # per kind of KINDS: entities, turns, summaries, trajectories, current workflows
    last_write: datetime | None


@dataclass(frozen=True)
class Deletion:
    id: str
    namespace: str
    state: str  # running | done
    started_at: datetime
    by: str
    deleted: int  # entities, values, turns, summaries, trajectories and workflow versions removed so far
    finished_at: datetime | None = None

    @classmethod
    def from_row(cls, r: Row) -> Deletion:
        return cls(str(r["id"]), str(r["namespace"]), str(r["state"]), r["started_at"], str(r["by"]),
                   int(r["deleted"] or 0), r.get("finished_at"))


def list_namespaces(store: Store) -> list[NamespaceInfo]:
    """Every namespace holding memory, with its counts per kind and its last write."""
    out = []
    for r in store.read("tenants/list_namespaces"):
        counts = dict.fromkeys(KINDS, 0) | {str(c["kind"]): int(c["n"]) for c in r["counts"]}
        out.append(NamespaceInfo(str(r["ns"]), counts, r["last_write"]))
    return out


def start_deletion(store: Store, ns: Namespace, *, by: str, run: bool = True) -> Deletion:
    """Record the deletion of namespace `ns` (or return the one already running) and run it in the
    background (`run`; without it, the next `resume_deletions` does)."""
    row = store.write_one("tenants/start_deletion", ns=ns, id=f"del-{uuid.uuid4().hex[:12]}", now=utcnow(), by=by)
    deletion = Deletion.from_row(row[0])
    if run and row[0]["created"]:  # a deletion already running has its deleter (or the next start resumes it)
        _in_background(store, [ns])
    return deletion


def deletion_status(store: Store, ns: Namespace) -> Deletion | None:
    rows = store.read("tenants/read_deletion", ns=ns)
    return Deletion.from_row(rows[0]) if rows else None


def delete_namespace(store: Store, ns: Namespace, *, batch: int = DELETION_BATCH,
                     max_batches: int | None = None) -> Deletion | None:
    """Run a recorded deletion to its end (or `max_batches` batches of it: the rest stays `running`)."""
    done = 0
    while max_batches is None or done < max_batches:
        deleted = int(store.write_one("tenants/delete_batch", ns=ns, batch=batch)[0]["deleted"])
        done += 1
        if deleted == 0:
            _settle()  # this process's queued background writes (statistics, folds) land before the last pass
            purge_namespace(store, ns.name)  # sessions, search statistics, records: what is left, in one pass
            store.write_one("tenants/forget_import", ns=ns)  # an import into it may start afresh
            rows = store.write_one("tenants/finish_deletion", ns=ns, now=utcnow(), rest=0)
            return Deletion.from_row(rows[0]) if rows else deletion_status(store, ns)
    return deletion_status(store, ns)


def _settle(timeout: float = 10.0) -> None:
    """Wait for this process's background writers (keyword statistics, use marks, folds, queued embeddings), so
    that none writes into a namespace after its last pass (a CI run found 7 nodes left after `done`)."""
    from graphmem.channels.conversation import drain_embeddings, drain_folds
    from graphmem.channels.search import drain_stats, drain_touches

    drain_folds(timeout=timeout)
    drain_embeddings(timeout=timeout)
    drain_stats(timeout)
    drain_touches()


def resume_deletions(store: Store) -> threading.Thread | None:
    """At start: resume the deletions a stopped process left running."""
    running = [Namespace(str(r["namespace"])) for r in store.read("tenants/running_deletions")]
    return _in_background(store, running) if running else None


def _in_background(store: Store, namespaces: list[Namespace]) -> threading.Thread:
    def work() -> None:
        for ns in namespaces:
            try:
                d = delete_namespace(store, ns)
                log.info("namespace %s deleted (%s records)", ns.name, d.deleted if d else "?")
            except Exception as exc:  # noqa: BLE001 - the record stays running: the next start resumes it
                log.warning("deleting namespace %s stopped (%s: %s); the next start resumes it", ns.name,
                            type(exc).__name__, exc)

    thread = threading.Thread(target=work, name="graphmem-namespace-deletion", daemon=True)
    thread.start()
    return thread


__all__ = ["DELETION_BATCH", "EXPORTED", "LEFT_OUT", "Deletion", "ImportResult", "export_namespace", "export_ndjson", "import_namespace", "import_status", "NamespaceInfo", "delete_namespace", "deletion_status", "list_namespaces",
           "resume_deletions", "start_deletion"]
