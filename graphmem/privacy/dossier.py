"""What do you hold about me? One entity's dossier for the compliance view: every fact and relation
version, and every record that holds one of its spellings, found by the very scan an erasure runs.

The records come from `reach.find_copies` with the subject's spellings (`reach.spellings_of`) and the
turns and summaries linked to it at write time: what an erasure would hide and a purge remove is what the
dossier shows, so the two cannot drift apart (tests/api/test_dossier.py erases after reading a dossier
and compares). Each record is shown with the properties of the erasure reach table (`reach.REACH`: where
a copy can be) and its time stamps; derived copies (search text, vectors) are left out, being copies of
those. A purged subject has no dossier beyond its erasure record, which keeps only the key's hash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from graphmem.errors import EntityNotFound
from graphmem.access.secret import erasure_secret, key_hash
from graphmem.privacy.reach import REACH, find_copies, spellings_of
from graphmem.privacy.records import ErasureRecord
from graphmem.store import Store, Tx
from graphmem.types import Namespace

#: besides the reach table's properties, what says when and how a record was written
STAMPS = ("at", "created_at", "erased_at", "role", "seq", "outcome", "version", "valid_from", "txn_time",
          "txn_end")
#: dossier section per label of a found record
SECTIONS = {"Turn": "turns", "Summary": "summaries", "Trajectory": "trajectories", "Workflow": "workflows",
            "IdempotencyKey": "cached_responses"}


@dataclass
class Dossier:
    key: str
    entity: dict[str, Any] | None  # None: purged (only the erasure record is left)
    facts: list[dict[str, Any]] = field(default_factory=list)
    relations: list[dict[str, Any]] = field(default_factory=list)
    turns: list[dict[str, Any]] = field(default_factory=list)
    summaries: list[dict[str, Any]] = field(default_factory=list)
    trajectories: list[dict[str, Any]] = field(default_factory=list)
    workflows: list[dict[str, Any]] = field(default_factory=list)
    cached_responses: list[dict[str, Any]] = field(default_factory=list)
    other_records: list[dict[str, Any]] = field(default_factory=list)
    erasures: list[ErasureRecord] = field(default_factory=list)


def _plain(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _record(row: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    labels = [str(x) for x in row["labels"]]
    label = next((x for x in labels if x in REACH), labels[0] if labels else "")
    props = row["props"]
    shown = {n: _plain(props[n]) for n in (*REACH.get(label, ()), *STAMPS) if props.get(n) is not None}
    return label, {"label": label, **shown}


def dossier(store: Store, ns: Namespace, key: str) -> Dossier:
    """Everything the namespace holds about entity `key`, in one snapshot.

    Raises:
        EntityNotFound: no such entity, and no erasure record of the key either.
    """
    digest = key_hash(ns, key, erasure_secret(store.services.settings))
    registry = store.services.registry

    def work(tx: Tx) -> Dossier:
        erasures = [ErasureRecord.from_row(r) for r in tx.run("privacy/erasures_of", ns=ns, key_hash=digest)]
        row = tx.one("privacy/dossier_entity", ns=ns, key=key)
        spellings = spellings_of(tx, store, ns, key)
        if row is None or spellings is None:
            if not erasures:
                raise EntityNotFound(f"no entity {key!r} in namespace {ns.name!r}", details={"key": key})
            return Dossier(key=key, entity=None, erasures=erasures)
        out = Dossier(key=key, entity={k: row[k] for k in ("key", "type", "name", "aliases", "former_names",
                                                           "created_at", "erased_at")},
                      facts=list(row["facts"]), relations=[{**r, "properties": _plain_props(r["properties"])}
                                                           for r in row["relations"]], erasures=erasures)
        copies = find_copies(tx, ns, key, spellings, registry)
        linked = tx.one("privacy/mentioning", ns=ns, key=key) or {}
        ids = {*copies.turns, *copies.summaries, *copies.trajectories, *copies.workflows, *copies.cached,
               *copies.attributes, *(n["id"] for n in copies.nodes), *linked.get("turns", []),
               *linked.get("summaries", [])}
        for rec in tx.run("privacy/dossier_records", ns=ns, ids=sorted(ids)):
            label, shown = _record(rec)
            if label == "Attribute":
                holders = sorted(set(rec["holders"]) - {key})
                if not holders:
                    continue  # the subject's own value: listed under facts
                shown["holders"] = holders
            getattr(out, SECTIONS.get(label, "other_records")).append(shown)
        for rel in copies.relationships:
            out.other_records.append({"label": "relationship", "properties": sorted(rel["props"])})
        for section in SECTIONS.values():
            getattr(out, section).sort(key=lambda r: (str(r.get("at") or r.get("created_at") or ""), str(r.get("id"))))
        return out

    return store.read_tx(work)


#: a relation's own stamps (shown as fields) and index keys: not its properties
_REL_INTERNAL = frozenset({"ns", "valid_from", "valid_to", "txn_time", "txn_end"})


def _plain_props(props: dict[str, Any]) -> dict[str, Any]:
    return {k: _plain(v) for k, v in props.items() if k not in _REL_INTERNAL and not k.endswith("eid")}
