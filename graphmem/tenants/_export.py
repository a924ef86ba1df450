"""A namespace's memory as NDJSON lines (`GET /v1/{ns}/export`, `graphmem tenants export`): what an import
into another namespace, or another store, needs to answer every read alike.

Why a copy of the graph, node by node and relationship by relationship, rather than records per kind
replayed through the write paths: the write paths stamp transaction time now, while a copy must keep every
version's stamps (closed versions, late facts, what an audit reads as of a past `known_at`) and every
structure derived from them (sequence numbers, summaries' chunks, induced workflows and their runs) exactly
as they are. So every node comes with its labels and properties, every relationship with its type and
properties, all verbatim, and the import writes them back as they were.

The lines, in order (`VERSION` 1):
- a header: `{"format": "graphmem-export", "version", "id", "namespace", "exported_at", "schema_version",
  "model": {"name", "dimensions"} | null, "vectors"}`;
- `{"node": ref, "labels": [...], "props": {...}, "vectors": {...}}` for every node of `EXPORTED` labels
  (`ref`: the node's id within this export; vectors apart, named by slot-neutral keys);
- `{"rel": type, "from": ref, "to": ref, "props": {...}}` for every relationship between exported nodes;
- an end line `{"end": true, "nodes": n, "relationships": m}`: without it the export was cut short.
A datetime is `{"$datetime": "<ISO 8601>"}`, an infinite float `{"$float": "inf"}` (a property never holds a
map, so neither can be mistaken). NaN is written as null (JSON has no NaN; Neo4j orders it apart anyway).

What an erasure hid is never exported (the export is what a purge would leave): erased entities, their
facts and relations, the summaries, trajectories and workflow versions an erasure hid, an attribute value
only erased entities held; an erased turn comes stripped to its place in its session; an erasure's record
comes as the tombstone a purge would write (hashed key, when, why, by whom), never with the key.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

import orjson

from graphmem.instants import utcnow
from graphmem.store import SCHEMA_VERSION, VECTOR_SLOTS, Row, Store, recorded_model
from graphmem.types import Namespace

FORMAT = "graphmem-export"
VERSION = 1
#: labels exported (cypher/tenants/export_nodes; every node comes before every relationship)
EXPORTED = ("Entity", "Attribute", "AttributeDecl", "RelationDecl", "Session", "Turn", "Summary", "Trajectory",
            "Workflow", "WorkflowGroup", "Erasure", "Tombstone", "PurgeRecord", "ImportMark")
#: labels a node may carry beside one of EXPORTED
SECONDARY = ("Related",)
#: labels a namespace holds that are not exported, and why (a test keeps this and EXPORTED whole)
LEFT_OUT: dict[str, str] = {
    "SearchTerm": "keyword statistics, keyed by namespace: the import counts them again from the turns",
    "SearchCorpus": "keyword statistics, likewise",
    "IdempotencyKey": "cached responses for retried requests (hours), of the source namespace's requests",
    "RecallAnswer": "what recent answers held, for the hit rate of the source's agents",
    "RecallStats": "the source's hit-rate counters",
    "NameStamp": "the stamp of the names' copies (graphmem/channels/names/_copy.py): the import's entities make one",
}
#: slot-neutral name -> the property of each slot it names (`graphmem.store.VECTOR_SLOTS`)
VECTOR_KEYS = ("vec_prop", "vec_type", "vec_leader")
#: what a stripped turn keeps (as cypher/privacy/strip_turns leaves a purged one)
STRIPPED_TURN = ("id", "session", "seq", "role", "at", "erased_at")
DATETIME = "$datetime"
FLOAT = "$float"


def encode(value: Any) -> Any:
    """A property value as JSON holds it (datetimes tagged; an infinite float, which JSON cannot hold, too)."""
    if isinstance(value, datetime):
        return {DATETIME: value.isoformat()}
    if isinstance(value, float) and math.isinf(value):
        return {FLOAT: "inf" if value > 0 else "-inf"}
    if isinstance(value, list):
        return [encode(v) for v in value]
    return value


def decode(value: Any) -> Any:
    """`encode` undone: a tagged datetime back to an aware datetime."""
    if isinstance(value, dict):
        if set(value) == {DATETIME} and isinstance(value[DATETIME], str):
            return datetime.fromisoformat(value[DATETIME])
        if set(value) == {FLOAT} and value[FLOAT] in ("inf", "-inf"):
            return float(value[FLOAT])
        raise ValueError("a property value is never a map")
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def _vector_props() -> dict[str, str]:
    """Every slot's vector property -> its slot-neutral key."""
    return {slot[k]: k for slot in VECTOR_SLOTS.values() for k in VECTOR_KEYS}


def _node_line(row: Row, ref: int, in_use: Mapping[str, str], vectors: bool, now: datetime) -> dict[str, Any]:
    labels = sorted(row["labels"], key=lambda lab: (lab not in EXPORTED, lab))
    props: dict[str, Any] = dict(row["props"])
    props.pop("ns", None)
    kept: dict[str, Any] = {}
    for prop, key in _vector_props().items():
        value = props.pop(prop, None)
        if vectors and value is not None and in_use[key] == prop:
            kept[key] = value
    if labels[0] == "Turn" and props.get("erased_at") is not None:
        props = {k: props[k] for k in STRIPPED_TURN if k in props} | {"purged_at": now, "reach_text": ""}
        kept = {}
    elif labels[0] == "Erasure":
        labels = ["Tombstone"]
        props = {"key_hash": props.get("key_hash"), "erased_at": props.get("at"), "by": props.get("by"),
                 "reason": props.get("reason"), "turns": props.get("turns"), "summaries": props.get("summaries"),
                 "workflows_rebuilt": props.get("workflows_rebuilt"),
                 "workflows_dropped": props.get("workflows_dropped"), "purged_at": now, "purged_by": "export"}
        props = {k: v for k, v in props.items() if v is not None}
    line: dict[str, Any] = {"node": ref, "labels": labels, "props": {k: encode(v) for k, v in props.items()}}
    if kept:
        line["vectors"] = kept
    return line


def export_namespace(store: Store, ns: Namespace, *, vectors: bool = True) -> Iterator[dict[str, Any]]:
    """The namespace's lines (see the module doc), read as they are streamed: constant memory but for the
    exported nodes' ids (relationships are kept only between exported nodes). `vectors=False` leaves the
    vectors out (a fraction of the size; the import embeds again with its store's model).

    Read while the namespace takes writes, a record written meanwhile may or may not be in it: stop writes for
    an exact copy."""
    model = recorded_model(store)
    now = utcnow()
    yield {"format": FORMAT, "version": VERSION, "id": f"exp-{uuid.uuid4().hex[:16]}", "namespace": ns.name,
           "exported_at": encode(now), "schema_version": SCHEMA_VERSION,
           "model": {"name": model.name, "dimensions": model.dimensions} if model else None,
           "vectors": vectors and model is not None}
    in_use = {k: store.vectors[k] for k in VECTOR_KEYS}
    refs: dict[str, int] = {}
    for row in store.stream("tenants/export_nodes", ns=ns):
        ref = refs.setdefault(str(row["ref"]), len(refs))
        yield _node_line(row, ref, in_use, vectors and model is not None, now)
    rels = 0
    for row in store.stream("tenants/export_relationships", ns=ns):
        a, b = refs.get(str(row["a"])), refs.get(str(row["b"]))
        if a is None or b is None:
            continue
        props = {k: encode(v) for k, v in dict(row["props"]).items() if k != "ns"}
        line: dict[str, Any] = {"rel": row["type"], "from": a, "to": b, "props": props}
        if "ns" in row["props"]:
            line["ns"] = True  # the relationship carries its namespace (the import sets the new one)
        rels += 1
        yield line
    yield {"end": True, "nodes": len(refs), "relationships": rels}


def export_ndjson(store: Store, ns: Namespace, *, vectors: bool = True, chunk: int = 1 << 20) -> Iterator[bytes]:
    """`export_namespace`'s lines as NDJSON bytes, whole lines in chunks of about `chunk` bytes (the route
    streams them: a chunk per line cost the server a thread hop per line, 1,073 against 5,000 turns/s)."""
    out: list[bytes] = []
    size = 0
    for line in export_namespace(store, ns, vectors=vectors):
        out.append(orjson.dumps(line) + b"\n")
        size += len(out[-1])
        if size >= chunk:
            yield b"".join(out)
            out, size = [], 0
    if out:
        yield b"".join(out)
