"""A restore that keeps erasures: a dump made before an erasure still holds the erased person, so restoring
it would bring them back. Before the load, every erasure of the store being replaced is read (as its key's
hash: all a purged erasure keeps); after it, every restored entity whose key hashes to one of them is erased
again, with the first reason. Erasures that had been purged are reported: the operator purges again
(`graphmem purge --ns NS --older-than-days 0`), since a purge here would also purge the restored store's own
pending erasures before their retention ends. The hashes use this home's erasure secret, so a dump restored
into another home (another secret) cannot be matched: that home had no erasures to keep anyway.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from graphmem.access.secret import erasure_secret, key_hash
from graphmem.privacy.erasure import MAX_REASON_CHARS, erase_entity
from graphmem.store import Store
from graphmem.types import Namespace

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from graphmem.localdb import LocalNeo4j

    StoreFactory = Callable[[], AbstractContextManager[Store]]


@dataclass(frozen=True)
class KeptErasure:
    ns: str
    key_hash: str
    reason: str
    purged: bool


@dataclass(frozen=True)
class Reapplied:
    ns: str
    key: str
    purged_before: bool  # it had been purged in the replaced store: purge again


def erasures_of(store: Store) -> list[KeptErasure]:
    """Every erasure of every namespace, pending or purged, by its key's hash."""
    return [KeptErasure(str(r["ns"]), str(r["key_hash"]), str(r["reason"] or ""), bool(r["purged"]))
            for r in store.read("admin/erasure_hashes")]


def reapply_erasures(store: Store, kept: list[KeptErasure], *, by: str = "restore") -> list[Reapplied]:
    """Erase again each entity of the (restored) store whose key hashes to one of `kept`."""
    secret = erasure_secret(store.services.settings)
    out: list[Reapplied] = []
    for ns_name in sorted({k.ns for k in kept}):
        ns = Namespace(ns_name)
        wanted = {k.key_hash: k for k in kept if k.ns == ns_name}
        for row in store.read("admin/entity_keys", ns=ns):
            found = wanted.get(key_hash(ns, str(row["key"]), secret))
            if found is None:
                continue
            erase_entity(store, ns, key=str(row["key"]), by=by,
                         reason=f"re-applied after a restore: {found.reason}"[:MAX_REASON_CHARS])
            out.append(Reapplied(ns_name, str(row["key"]), found.purged))
    return out


def restore_keeping_erasures(local: LocalNeo4j, store_of: StoreFactory, path: Path, *,
                             force: bool = False) -> list[Reapplied]:
    """`LocalNeo4j.restore`, with the replaced store's erasures read before and applied again after."""
    kept: list[KeptErasure] = []
    if local.running() is not None:
        with store_of() as store:
            kept = erasures_of(store)
    local.restore(path, force=force)
    if not kept:
        return []
    if local.running() is None:
        local.start()
    with store_of() as store:
        return reapply_erasures(store, kept)
