"""An export's lines written into a new namespace (`POST /v1/{ns}/import`, `graphmem tenants import`).

Every node and relationship is written back as exported (`_export`), stamps verbatim, so every read route
of the copy answers as the source's did. Idempotent and resumable: the import's record
(`(:NamespaceImport {target})`) holds a checkpoint, the lines written so far, moved in the same transaction
as each batch; a run that stops midway (a crash, a lost connection, a cut upload) is resumed by importing
the same export again, which skips to the checkpoint, and a finished import writes nothing again.

Vectors: an export's own are written when it holds them and was made with the store's model; otherwise
each node is embedded from what the store keeps, by `graphmem reembed`'s own rule (`texts_for`): a turn from its speaker and
text, a summary, at the end, from its live turns (the centroid of their vectors), a workflow from its examples, name and steps, a successful run and a
group's leader from their task (masked), a group's type, at the end, from its current procedures.
The keyword statistics are counted again from the turns at the end (they are keyed by namespace).
"""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from graphmem.channels.search import rebuild_stats
from graphmem.channels.reembed import texts_for
from graphmem.channels.workflow import centroid
from graphmem.embedding import Embedder, get_embedder
from graphmem.errors import Conflict, InvalidInput
from graphmem.instants import utcnow
from graphmem.store import Row, Store, Tx, recorded_model
from graphmem.tenants._export import EXPORTED, FORMAT, SECONDARY, VECTOR_KEYS, VERSION, decode
from graphmem.types import Namespace

BATCH = 1000  # lines per transaction
RELATION_TYPE = re.compile(r"^[A-Z][A-Z0-9_]*$")
LABELS = frozenset(EXPORTED) | frozenset(SECONDARY)
SUMMARY_BATCH = 200  # summary chunks embedded per page at the end of an import


@dataclass(frozen=True)
class ImportResult:
    namespace: str
    export_id: str
    source: str  # the namespace it was exported from
    state: str  # running (stopped before its end: import the same export again) | done
    lines: int  # lines written (after the header)
    nodes: int
    relationships: int
    embedded: int = 0  # vectors computed by this run (none given, or another model's)
    resumed: bool = False  # an earlier run had written part of it
    seconds: float = 0.0

    @classmethod
    def from_row(cls, ns: Namespace, r: Row, **more: Any) -> ImportResult:
        return cls(ns.name, str(r["export_id"]), str(r["source"]), str(r["state"]), int(r["done"]),
                   int(r["nodes"]), int(r["relationships"]), **more)


def _lines(raw: Iterable[str | bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
    for n, line in enumerate(raw, 1):
        if not line.strip():
            continue
        try:
            obj = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise InvalidInput.field(f"line {n}", f"not JSON ({exc})", code="invalid_export") from None
        if not isinstance(obj, dict):
            raise InvalidInput.field(f"line {n}", "not a JSON object", code="invalid_export")
        yield n, obj


def _header(first: tuple[int, dict[str, Any]] | None) -> dict[str, Any]:
    if first is None:
        raise InvalidInput.field("line 1", "empty: an export starts with its header", code="invalid_export")
    h = first[1]
    if h.get("format") != FORMAT or not isinstance(h.get("version"), int) or not isinstance(h.get("id"), str):
        raise InvalidInput.field("line 1", f"not a graphmem export header (format {FORMAT!r}, version, id)",
                                 code="invalid_export")
    if h["version"] > VERSION:
        raise InvalidInput.field("line 1", f"export format version {h['version']} is newer than this graphmem "
                                 f"reads ({VERSION}): import it with a newer graphmem", code="export_too_new")
    return h


class _Writer:
    """Validates, embeds and writes the lines of one import, a batch per transaction."""

    def __init__(self, store: Store, ns: Namespace, export_id: str, done: int, embedder: Embedder | None,
                 given_vectors: bool) -> None:
        self.store, self.ns, self.export_id, self.done = store, ns, export_id, done
        self.embedder, self.given_vectors = embedder, given_vectors
        self.dimensions = embedder.dimension if embedder is not None else None
        self.embedded = 0

    def node(self, n: int, obj: dict[str, Any]) -> dict[str, Any]:
        labels, ref = obj.get("labels"), obj.get("node")
        if not isinstance(ref, int) or not isinstance(labels, list) or not labels or labels[0] not in EXPORTED \
                or not all(isinstance(lab, str) and lab in LABELS for lab in labels):
            raise InvalidInput.field(f"line {n}", f"a node needs an integer id and labels among {sorted(LABELS)}",
                                     code="invalid_export")
        props = self._props(n, obj.get("props"))
        if self.given_vectors:
            for key, vector in (obj.get("vectors") or {}).items():
                if key not in VECTOR_KEYS or not isinstance(vector, list) or not all(
                        isinstance(v, (int, float)) for v in vector):
                    raise InvalidInput.field(f"line {n}", f"vectors: {key!r} is not a vector", code="invalid_export")
                props[self.store.vectors[key]] = vector
        return {"ref": ref, "labels": labels, "props": props}

    def rel(self, n: int, obj: dict[str, Any]) -> dict[str, Any]:
        kind, a, b = obj.get("rel"), obj.get("from"), obj.get("to")
        if not isinstance(kind, str) or not RELATION_TYPE.match(kind) or not isinstance(a, int) \
                or not isinstance(b, int):
            raise InvalidInput.field(f"line {n}", "a relationship needs a type (^[A-Z][A-Z0-9_]*$) and integer "
                                     "from and to", code="invalid_export")
        props = self._props(n, obj.get("props"))
        if obj.get("ns"):
            props["ns"] = self.ns.name
        return {"type": kind, "from": a, "to": b, "props": props}

    @staticmethod
    def _props(n: int, props: Any) -> dict[str, Any]:
        if not isinstance(props, dict) or not all(isinstance(k, str) and k not in ("ns", "_ref") for k in props):
            raise InvalidInput.field(f"line {n}", "props must be an object (without ns or _ref)",
                                     code="invalid_export")
        try:
            return {k: decode(v) for k, v in props.items()}
        except ValueError as exc:
            raise InvalidInput.field(f"line {n}", f"props: {exc}", code="invalid_export") from None

    def _embed(self, nodes: list[dict[str, Any]]) -> None:
        """Vectors for the nodes that have one, from what the store keeps of them (the module doc)."""
        if self.embedder is None:
            return
        wanted: list[tuple[dict[str, Any], str, list[str]]] = []
        for x in nodes:
            p, label = x["props"], x["labels"][0]
            texts: list[str] = []
            key = "vec_prop"
            if label == "Turn" and p.get("text") and p.get("erased_at") is None:
                texts = texts_for("turns", {"speaker": p.get("speaker"), "text": p["text"]})
                p.pop("embed_queued", None)
            # a Summary's vector is the centroid of its turns': written at the end, once they are all here
            elif label == "Workflow" and p.get("name"):
                texts = texts_for("workflows", {"examples": p.get("examples") or [], "name": p["name"],
                                                "actions": p.get("actions") or []})
            elif label == "Trajectory" and p.get("outcome") == "success" and p.get("task"):
                texts = texts_for("trajectories", p)
            elif label == "WorkflowGroup" and p.get("leader_task"):
                texts, key = texts_for("group_leaders", {"task": p["leader_task"]}), "vec_leader"
            if texts:
                wanted.append((p, key, texts))
        flat = [t for _, _, ts in wanted for t in ts]
        vectors = self.embedder.embed(flat) if flat else []
        at = 0
        for p, key, texts in wanted:
            own = vectors[at:at + len(texts)]
            at += len(texts)
            p[self.store.vectors[key]] = own[0] if len(own) == 1 else centroid(own)
        self.embedded += len(wanted)

    def write(self, batch: list[tuple[int, dict[str, Any]]], upto: int) -> None:
        nodes = [self.node(n, o) for n, o in batch if "node" in o]
        rels = [self.rel(n, o) for n, o in batch if "rel" in o]
        if len(nodes) + len(rels) != len(batch):
            n = next(n for n, o in batch if "node" not in o and "rel" not in o)
            raise InvalidInput.field(f"line {n}", "neither a node nor a relationship", code="invalid_export")
        self._embed(nodes)
        ns, start = self.ns, self.done

        def work(tx: Tx) -> None:
            if not tx.run("tenants/import_progress", ns=ns, export_id=self.export_id, **{"from": start},
                          to=upto, nodes=len(nodes), rels=len(rels)):  # first: it locks the record
                raise Conflict(f"another run of this import into {ns.name!r} wrote these lines meanwhile: "
                               "import the export again to resume after it", code="import_conflict")
            if nodes:
                tx.run("tenants/import_nodes", ns=ns, nodes=nodes)
            if rels:
                written = int(tx.run("tenants/import_relationships", ns=ns, rels=rels)[0]["written"])
                if written != len(rels):
                    raise InvalidInput(f"lines {batch[0][0]}-{batch[-1][0]}: {len(rels) - written} relationships "
                                       "name a node the export does not hold before them", code="invalid_export")

        self.store.write(work)
        self.done = upto


def _start(store: Store, ns: Namespace, header: dict[str, Any], by: str) -> Row:
    """The import's record: new, or the one an earlier run of the same export left."""
    def begin() -> Row:
        return store.write_one("tenants/start_import", ns=ns, export_id=header["id"],
                               source=str(header.get("namespace") or ""), now=utcnow(), by=by,
                               claim=uuid.uuid4().hex)[0]

    row = begin()
    holds = bool(store.read("tenants/namespace_holds", ns=ns)[0]["holds"])
    if row["export_id"] != header["id"]:
        if holds:
            raise Conflict(f"namespace {ns.name!r} holds an import of another export ({row['export_id']}, "
                           f"{row['state']}): import into a new namespace, or delete this one (DELETE /v1/{ns.name}) "
                           "to start again", code="namespace_not_empty")
        store.write_one("tenants/forget_import", ns=ns)  # deleted since, or a first run that wrote nothing
        row = begin()
    elif row["created"] and holds:
        store.write_one("tenants/forget_import", ns=ns)
        raise Conflict(f"namespace {ns.name!r} already holds memory: import into a new namespace",
                       code="namespace_not_empty")
    return row


def _finish(store: Store, ns: Namespace, writer: _Writer) -> None:
    """Remove the import's references, embed the groups' types and the summary chunks if vectors were not given,
    count statistics."""
    store.autocommit("tenants/import_unref", idempotent=True, ns=ns)
    if writer.embedder is not None:
        rows = store.read("tenants/import_group_types", ns=ns)
        out = []
        for r in rows:
            texts = texts_for("group_types", r)
            if texts:
                out.append({"key": r["key"], "vector": centroid(writer.embedder.embed(texts))})
        if out:
            store.write_one("tenants/write_group_types", ns=ns, rows=out)
            writer.embedded += len(out)
        while rows := store.read("tenants/import_summaries", ns=ns, batch=SUMMARY_BATCH):
            each = [texts_for("summaries", r) for r in rows]  # never empty: the text when no turn is live
            vectors = iter(writer.embedder.embed([t for ts in each for t in ts]))
            out = [{"id": r["id"], "vector": centroid([next(vectors) for _ in ts])} for r, ts in zip(rows, each)]
            written = int(store.write_one("tenants/write_summaries", ns=ns, rows=out)[0]["written"])
            writer.embedded += written
            if written < len(out):  # a chunk deleted meanwhile: the namespace is being removed; never loop on it
                break
    rebuild_stats(store, ns)


def import_namespace(store: Store, ns: Namespace, lines: Iterable[str | bytes], *, by: str, batch: int = BATCH,
                     progress: Callable[[int], None] | None = None, max_batches: int | None = None) -> ImportResult:
    """Write an export's lines into `ns`, a namespace holding nothing (or the one an earlier run of the same
    export left: resumed at its checkpoint). `progress(n)` is told the lines each batch wrote;
    `max_batches` stops after that many (the rest stays for a re-run: tests of a stop midway).

    Raises:
        InvalidInput: a line is not what an export holds (nothing of its batch is written).
        Conflict: `ns` holds other memory, or another export's import.
    """
    t0 = time.perf_counter()
    found = _lines(lines)
    header = _header(next(found, None))
    row = _start(store, ns, header, by)
    if row["state"] == "done":
        return ImportResult.from_row(ns, row, seconds=time.perf_counter() - t0)
    model = recorded_model(store)
    given = bool(header.get("vectors")) and model is not None and header.get("model") == {
        "name": model.name, "dimensions": model.dimensions}
    embedder = None if given else get_embedder(store.services.settings)
    writer = _Writer(store, ns, header["id"], int(row["done"]), embedder, given)
    resumed, pending, end, written_batches = writer.done > 0, [], None, 0
    count = 0
    for n, obj in found:
        if obj.get("end") is True:
            end = obj
            break
        count += 1
        if count <= writer.done:
            continue
        pending.append((n, obj))
        if len(pending) >= batch:
            writer.write(pending, count)
            if progress is not None:
                progress(len(pending))
            pending, written_batches = [], written_batches + 1
            if max_batches is not None and written_batches >= max_batches:
                break
    if pending and (max_batches is None or written_batches < max_batches):
        writer.write(pending, count)
        if progress is not None:
            progress(len(pending))
    state = store.read("tenants/read_import", ns=ns)[0]
    if end is None or int(state["done"]) < count:
        if max_batches is None and end is None:
            raise InvalidInput(f"the export ends at line {count + 1} without its end line (cut short): import "
                               "the whole export again; what is written stays and the import resumes",
                               code="export_cut_short")
        return ImportResult.from_row(ns, state, embedded=writer.embedded, resumed=resumed,
                                     seconds=time.perf_counter() - t0)
    if (int(state["nodes"]), int(state["relationships"])) != (end.get("nodes"), end.get("relationships")):
        raise InvalidInput(f"the export's end line counts {end.get('nodes')} nodes and {end.get('relationships')} "
                           f"relationships; {state['nodes']} and {state['relationships']} were written",
                           code="invalid_export")
    _finish(store, ns, writer)
    done = store.write_one("tenants/finish_import", ns=ns, export_id=header["id"], now=utcnow())[0]
    return ImportResult.from_row(ns, done, embedded=writer.embedded, resumed=resumed,
                                 seconds=time.perf_counter() - t0)


def import_status(store: Store, ns: Namespace) -> ImportResult | None:
    """The namespace's import record (an import into it, running or done), if any."""
    rows = store.read("tenants/read_import", ns=ns)
    return ImportResult.from_row(ns, rows[0]) if rows else None
