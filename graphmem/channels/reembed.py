"""Moving a store's vectors to another embedding model, online: `graphmem reembed --model X`.

Why two slots: the store's vectors are in one slot (`graphmem.store._values.VECTOR_SLOTS`: properties and
vector indexes), and every process searches and writes the slot its model's record names. A move fills the
other slot with the new model's vectors (its indexes sized for that model) while the recorded model keeps
serving from its own; then one write swaps the record. Nothing is searched across two models at any moment.

A move is resumable: what is filled stays filled (a re-run fills what is left), and a write of a vector by a
serving process removes that node's vector in the other slot, so a summary folded again or a workflow updated
during the move is embedded again before the swap. What processes on the old model write after the swap
is caught up by the first process on the new model (`catch_up`, at start).

Every kind of vector is embedded from what the store keeps: a turn from its speaker and text (as written),
a summary chunk from its live turns (the centroid of their vectors; its text when none is live), a workflow from its examples, name and actions, a group's type from its
current procedures' examples and type name, a group's leader from its leader's task, a successful trajectory
from its task (masked, as when it was stored).
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime, timezone
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from graphmem.channels.conversation.embeddings import labelled
from graphmem.channels.workflow import centroid, type_texts, workflow_texts
from graphmem.embedding import Embedder, ModelChoice, get_embedder, model_choice
from graphmem.errors import ConfigError
from graphmem.induction import mask_task
from graphmem.store import VECTOR_SLOTS, Row, Store, other_slot, recorded_model

log = logging.getLogger(__name__)

KINDS = ("turns", "summaries", "workflows", "group_types", "group_leaders", "trajectories")
CENTROIDS = frozenset({"workflows", "group_types", "summaries"})  # kinds whose vector is the centroid of several texts
#: per kind: the statement reading what is left to embed, and the one writing the vectors
STATEMENTS = {
    "turns": ("embedding/todo_turns", "embedding/write_turns"),
    "summaries": ("embedding/todo_summaries", "embedding/write_summaries"),
    "workflows": ("embedding/todo_workflows", "embedding/write_workflows"),
    "group_types": ("embedding/todo_group_types", "embedding/write_group_types"),
    "group_leaders": ("embedding/todo_group_leaders", "embedding/write_group_leaders"),
    "trajectories": ("embedding/todo_trajectories", "embedding/write_trajectories"),
}
#: per slot: (drop, create) of its vector indexes on turns, summaries and workflows
SLOT_INDEXES = {
    "a": (("embedding/drop_turn_embedding_a", "schema/vector_turn_embedding"),
          ("embedding/drop_summary_embedding_a", "schema/vector_summary_embedding"),
          ("embedding/drop_workflow_embedding_a", "schema/vector_workflow_embedding")),
    "b": (("embedding/drop_turn_embedding_b", "embedding/vector_turn_embedding_b"),
          ("embedding/drop_summary_embedding_b", "embedding/vector_summary_embedding_b"),
          ("embedding/drop_workflow_embedding_b", "embedding/vector_workflow_embedding_b")),
}
BATCH = 256


@dataclass
class MoveReport:
    """What a move (or a catch-up) did: vectors written per kind, what is left, whether it swapped."""

    source: str
    target: str
    written: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    left: dict[str, int] = field(default_factory=dict)
    swapped: bool = False
    seconds: float = 0.0


def slot_params(source: str, target: str) -> dict[str, str]:
    """The property names a move reads from (`source` slot) and writes to (`target` slot)."""
    s, t = VECTOR_SLOTS[source], VECTOR_SLOTS[target]
    return {"source": s["vec_prop"], "target": t["vec_prop"], "source_type": s["vec_type"],
            "target_type": t["vec_type"], "source_leader": s["vec_leader"], "target_leader": t["vec_leader"]}


def todo(store: Store, source: str, target: str) -> dict[str, int]:
    row = store.read("embedding/todo_counts", **slot_params(source, target))[0]
    return {k: int(row[k]) for k in KINDS}


def texts_for(kind: str, row: Mapping[str, Any]) -> list[str]:
    """What a node's vector is the embedding (or the centroid of the embeddings) of: one rule for a move and
    for an import that brought no vectors (graphmem/tenants/_import.py)."""
    if kind == "turns":
        return [labelled(row["speaker"], row["text"])]
    if kind == "summaries":  # the centroid of its live turns' vectors, as the fold worker writes it
        return [labelled(t["speaker"], t["text"]) for t in row.get("turns") or []] or [row["text"] or " "]
    if kind == "workflows":
        return workflow_texts(row["examples"], row["name"], row["actions"])
    if kind == "group_types":
        return type_texts(row["examples"], row["types"])
    return [mask_task(row["task"])]


def _written_row(kind: str, row: Row, vector: list[float]) -> dict[str, Any]:
    """The row a write statement checks (what the vector was made from) and writes."""
    keep = {"turns": ("text",), "summaries": ("text",), "workflows": ("examples", "name", "actions"),
            "group_types": ("version",), "group_leaders": (), "trajectories": ()}[kind]
    return {"id": row["id"], "vector": vector, **{k: row[k] for k in keep}}


def fill(store: Store, embedder: Embedder, source: str, target: str, *, batch: int = BATCH,
         progress: Callable[[str, int], None] | None = None, stop: threading.Event | None = None) -> dict[str, int]:
    """Embed, with `embedder`, every vector of the source slot missing in the target slot; per kind, the
    vectors written. Stops early when `stop` is set. A row not written (it changed between the read and the
    write) stays at the front of the scan: the next reads skip past it, and a later pass reads it again."""
    params = slot_params(source, target)
    written = dict.fromkeys(KINDS, 0)
    for kind in KINDS:
        skip = 0
        while not (stop is not None and stop.is_set()):
            read, write = STATEMENTS[kind]
            rows = store.read(read, batch=batch, skip=skip, **params)
            if not rows:
                break
            texts = [texts_for(kind, r) for r in rows]
            flat = [t for ts in texts for t in ts]
            vectors = embedder.embed(flat) if flat else []
            out, at = [], 0
            for r, ts in zip(rows, texts):
                if ts:
                    own = vectors[at:at + len(ts)]
                    at += len(ts)
                    out.append(_written_row(kind, r, centroid(own) if kind in CENTROIDS else own[0]))
            done = int(store.write_one(write, rows=out, **params)[0]["written"]) if out else 0
            written[kind] += done
            skip += len(rows) - done
            if progress is not None and done:
                progress(kind, done)
    return written


def _create_target_indexes(store: Store, target: str, dimensions: int) -> None:
    for drop, create in SLOT_INDEXES[target]:
        store.autocommit(drop)
        store.autocommit(create, dimensions=dimensions)
    store.autocommit("admin/await_indexes")


def move(store: Store, choice: ModelChoice, *, batch: int = BATCH, swap: bool = True,
         progress: Callable[[str, int], None] | None = None,
         on_start: Callable[[dict[str, int]], None] | None = None) -> MoveReport:
    """Move the store's vectors to `choice`'s model (see the module doc). A move already in progress to the
    same model resumes; one to another model starts over (its target slot is emptied first)."""
    started = time.monotonic()
    current = recorded_model(store)
    if current is None:
        raise ConfigError("this store records no embedding model yet: start graphmem on it once first")
    if current.name == choice.name:  # already there; a move elsewhere in progress is given up
        if current.next_name is not None:
            cancel_move(store)
        return MoveReport(current.slot, current.slot)
    source, target = current.slot, other_slot(current.slot)
    embedder = get_embedder(choice)
    params = slot_params(source, target)
    if current.next_name != choice.name:
        store.autocommit("embedding/clear_slot", idempotent=True, **params)  # empties what is set: again is harmless
        _create_target_indexes(store, target, embedder.dimension)
        store.write_one("embedding/begin_move", next=choice.name, dimensions=embedder.dimension, slot=target)
    report = MoveReport(source, target)
    if on_start is not None:
        on_start(todo(store, source, target))
    while True:  # serving processes keep writing: fill until a pass finds nothing left
        got = fill(store, embedder, source, target, batch=batch, progress=progress)
        for k, n in got.items():
            report.written[k] += n
        report.left = todo(store, source, target)
        if not any(got.values()) or not any(report.left.values()):
            break
    if swap and not any(report.left.values()):
        store.write_one("embedding/swap_model", next=choice.name)
        report.swapped = True
    report.seconds = time.monotonic() - started
    return report


def cancel_move(store: Store) -> str | None:
    """Give up a move in progress; the name of the model that stays."""
    rows = store.write_one("embedding/cancel_move")
    return rows[0]["name"] if rows else None


def catch_up(store: Store) -> dict[str, int]:
    """Vectors that processes still on the previous model wrote after the last swap, in the other slot only:
    embedded into the slot in use with this process's model. Run once at start, in the background."""
    current = recorded_model(store)
    if current is None or current.next_name is not None:
        return dict.fromkeys(KINDS, 0)
    choice = model_choice(store.services.settings)
    if choice.name != current.name:
        return dict.fromkeys(KINDS, 0)
    source = other_slot(current.slot)
    if not any(todo(store, source, current.slot).values()):
        return dict.fromkeys(KINDS, 0)
    done = fill(store, get_embedder(choice), source, current.slot)
    if any(done.values()):
        log.info("embedding: %s vectors written by the previous model after the swap embedded again", done)
    return done


CATCH_UP_EVERY = 30.0  # seconds between catch-ups while processes on the previous model may still run
CATCH_UP_WINDOW = 3600.0  # for this long after a swap (restart them within it)


def start_catch_up(store: Store) -> threading.Thread:
    """`catch_up` at start, then every CATCH_UP_EVERY seconds for CATCH_UP_WINDOW after the last swap: a
    process still on the previous model writes its slot, and its rewrites drop this slot's vector."""
    stop = threading.Event()
    store.services.on_close(stop.set)

    def run() -> None:
        while not stop.is_set():
            try:
                catch_up(store)
                record = recorded_model(store)
            except Exception as exc:  # noqa: BLE001 - a background chore: the next round or start tries again
                log.warning("embedding catch-up failed (%s: %s)", type(exc).__name__, exc)
                record = None
            swapped = record.swapped_at if record is not None else None
            if swapped is None or (datetime.now(timezone.utc) - swapped).total_seconds() > CATCH_UP_WINDOW:
                return
            stop.wait(CATCH_UP_EVERY)

    thread = threading.Thread(target=run, name="graphmem-reembed-catch-up", daemon=True)
    thread.start()
    return thread


__all__ = ["KINDS", "MoveReport", "cancel_move", "catch_up", "fill", "move",
           "start_catch_up", "todo"]

