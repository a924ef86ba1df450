"""Write a mapped source graph into a namespace through the channels, keyed by the source's uuids.

Order: validate and map everything (`mapping`), find what an earlier import wrote (entity keys, turn ids,
and an `ImportMark` per relation: `cypher/imports/*`), refuse the whole graph if anything is unmappable,
then write entities (in batches through `entities`), relation events (in batches through `bulk` on lanes
only the import writes, else `relate` / `unrelate` one at a time) and turns (`add_turns`).

Transaction times come from the source: every write passes its Graphiti time as the injected clock
(`now`, see `graphmem.channels.temporal.clock`), in time order, so `known_at` reads see the graph as
Graphiti knew it then. `txn_now` still keeps each entity's times strictly increasing (a time at or before
the entity's last write moves just after it), and nothing is ever overwritten: an expired Graphiti edge
becomes a version closed at `expired_at`, visible in the audit view.

Idempotent: a re-run writes nothing. Each batch is one transaction carrying its own marks: an entity batch
creates the entities (a taken key is the mark), a bulk relation batch writes the `ImportMark` of each
relation whose last event it holds, a turn chunk its turns (a taken turn id is the mark). A crash or a lost
connection mid-import therefore leaves whole batches: each entity, relation or turn is written and marked,
or absent; except a relation whose events span two batches (its mark waits for the later one; on a re-run
its lane holds a version, so it goes through relate / unrelate) and one written by relate / unrelate, marked
afterwards (every MARK_EVERY). A re-run skips what is marked and completes the rest; a relation written
but not marked is repeated, which the timeline plans as no-ops or, for an expired edge, as one more closed
version in the audit view (the believed state is the same).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Sequence
from typing import Protocol

from graphmem.channels.conversation.turns import add_turns
from graphmem.channels.graph import relate, relation_type_declaration, unrelate
from graphmem.channels.temporal import put_entities
from graphmem.embedding import get_embedder
from graphmem.imports.bulk import BulkState, lane_of, taken_lanes, write_batch
from graphmem.imports.entities import BATCH as ENTITY_BATCH
from graphmem.imports.entities import declared_many
from graphmem.imports.entities import write_batch as write_entity_batch
from graphmem.imports.mapping import SOURCE, EntityItem, Mapped, RelationEvent, entity_key, map_graph
from graphmem.imports.records import KINDS, ImportReport, KindCount, SourceGraph, Unmappable
from graphmem.instants import utcnow
from graphmem.store import Store
from graphmem.types import Namespace

MARK_SOURCE = "graphiti-edge"
READ_CHUNK = 5000
MARK_EVERY = 500
BATCH = 2000  # relation events per bulk transaction


class Progress(Protocol):
    """What `tqdm` offers: the import resets it to its total, then counts writes."""

    def reset(self, total: int | None = None) -> object: ...
    def update(self, n: int | float | None = 1) -> object: ...


def _chunks(items: Sequence[str], size: int = READ_CHUNK) -> Iterable[list[str]]:
    for i in range(0, len(items), size):
        yield list(items[i:i + size])


def _present(store: Store, ns: Namespace, mapped: Mapped) -> tuple[set[str], set[str], set[str], set[str]]:
    """Entity uuids already imported, those erased since, relation uuids and turn uuids already imported."""
    keys = [entity_key(e.uuid) for e in mapped.entities]
    found: dict[str, bool] = {}
    for chunk in _chunks(keys):
        found.update({r["key"]: bool(r["erased"]) for r in store.read("imports/find_entities", ns=ns, keys=chunk)})
    by_key = {entity_key(e.uuid): e.uuid for e in mapped.entities}
    entities = {by_key[k] for k in found}
    erased = {by_key[k] for k, gone in found.items() if gone}
    relations: set[str] = set()
    for chunk in _chunks(list(mapped.relations)):
        relations |= {r["id"] for r in store.read("imports/find_marks", ns=ns, source=MARK_SOURCE, ids=chunk)}
    ids = {t.turn.id: t.uuid for t in mapped.turns}
    turns: set[str] = set()
    for chunk in _chunks([i for i in ids if i is not None]):
        turns |= {ids[r["id"]] for r in store.read("turns/find_ids", ns=ns, ids=chunk)}
    return entities, erased, relations, turns


def _write_entities(store: Store, ns: Namespace, mapped: Mapped, skip: set[str], progress: Progress | None,
                    bulk: bool = True) -> int:
    """In order of creation: in batches through `entities` (`bulk`, each entity at its own creation time),
    else each in a transaction of its own at its creation time, entities created at one instant sharing one
    (the reference the bulk path is compared with)."""
    todo = [e for e in mapped.entities if e.uuid not in skip]
    if bulk:
        many = declared_many(store, ns, todo)
        for i in range(0, len(todo), ENTITY_BATCH):
            _tick(progress, write_entity_batch(store, ns, todo[i:i + ENTITY_BATCH], many))
        return len(todo)
    groups: list[list[EntityItem]] = []
    for e in todo:
        if groups and groups[-1][0].at == e.at and len(groups[-1]) < store.services.settings.max_batch:
            groups[-1].append(e)
        else:
            groups.append([e])
    for group in groups:
        put_entities(store, ns, entities=[e.spec for e in group], now=group[0].at)
        _tick(progress, len(group))
    return len(todo)


def _write_relations(store: Store, ns: Namespace, mapped: Mapped, skip: set[str], progress: Progress | None,
                     bulk: bool = True) -> int:
    """Every event of every new relation in time order (assertions before retractions at one instant):
    those on lanes only the import writes in batches (`bulk`), the others one by one through relate /
    unrelate, flushing the batch first so that transaction times stay in order."""
    todo = {uuid: evs for uuid, evs in mapped.relations.items() if uuid not in skip}
    events = sorted((ev for evs in todo.values() for ev in evs), key=lambda ev: (ev.at, ev.retract, ev.uuid))
    slow: set[str] = set(todo) if not bulk else _slow(store, ns, todo)
    left = {uuid: len(evs) for uuid, evs in todo.items()}
    state = BulkState()
    batch: list[RelationEvent] = []
    batch_done: list[str] = []
    done: list[str] = []
    for ev in events:
        left[ev.uuid] -= 1
        if ev.uuid in slow:
            if batch:
                state = write_batch(store, ns, state, batch, batch_done, MARK_SOURCE)
                _tick(progress, len(batch_done))
                batch, batch_done = [], []
            _apply(store, ns, ev)
            if not left[ev.uuid]:
                done.append(ev.uuid)
                _tick(progress, 1)
            if len(done) >= MARK_EVERY:
                _mark(store, ns, done)
                done = []
            continue
        batch.append(ev)
        if not left[ev.uuid]:
            batch_done.append(ev.uuid)
        if len(batch) >= BATCH:
            state = write_batch(store, ns, state, batch, batch_done, MARK_SOURCE)
            _tick(progress, len(batch_done))
            batch, batch_done = [], []
    if batch:
        state = write_batch(store, ns, state, batch, batch_done, MARK_SOURCE)
        _tick(progress, len(batch_done))
    _mark(store, ns, done)
    return len(todo)


def _slow(store: Store, ns: Namespace, todo: dict[str, list[RelationEvent]]) -> set[str]:
    """Relations that must go through relate / unrelate: their lane already holds versions in the
    namespace, or their type is declared single-valued (its lane is (from, type), not (from, type, to))."""
    lanes = {uuid: lane_of(evs[0]) for uuid, evs in todo.items()}
    single = {t for t in {lane[1] for lane in lanes.values()}
              if not relation_type_declaration(store, ns, type=t).many}
    taken = taken_lanes(store, ns, sorted(set(lanes.values())))
    return {uuid for uuid, lane in lanes.items() if lane in taken or lane[1] in single}


def _tick(progress: Progress | None, n: int) -> None:
    if progress is not None and n:
        progress.update(n)


def _apply(store: Store, ns: Namespace, ev: RelationEvent) -> None:
    if ev.retract:
        unrelate(store, ns, source_key=ev.source_key, type=ev.type, target_key=ev.target_key,
                 valid_from=ev.valid_from, source=SOURCE, reason="expired in graphiti", now=ev.at)
    else:
        relate(store, ns, source_key=ev.source_key, type=ev.type, target_key=ev.target_key,
               valid_from=ev.valid_from, valid_to=ev.valid_to, properties=ev.properties, source=SOURCE,
               reason="imported from graphiti", now=ev.at)


def _mark(store: Store, ns: Namespace, uuids: list[str]) -> None:
    if uuids:
        store.write(lambda tx: tx.run("imports/write_marks", ns=ns, source=MARK_SOURCE, ids=uuids,
                                      now=utcnow()))


def _write_turns(store: Store, ns: Namespace, mapped: Mapped, skip: set[str], progress: Progress | None) -> int:
    """Per session, in the mapped order (valid_at, created_at), at most max_batch turns per call."""
    sessions: dict[str, list[str]] = {}
    todo = [t for t in mapped.turns if t.uuid not in skip]
    for t in todo:
        sessions.setdefault(t.session, []).append(t.uuid)
    by_uuid = {t.uuid: t for t in todo}
    for session, uuids in sessions.items():
        for chunk in _chunks(uuids, store.services.settings.max_batch):
            add_turns(store, ns, session=session, turns=[by_uuid[u].turn for u in chunk])
            if progress is not None:
                progress.update(len(chunk))
    return len(todo)


def _warm_embedder(store: Store) -> threading.Thread:
    """Load the embedding model (turns need it; loading takes seconds) while entities and relations are
    written, which wait on Neo4j. Joined before the turns are written: two loads must not race."""
    def load() -> None:
        try:
            get_embedder(store.services.settings)
        except Exception:  # noqa: BLE001 - add_turns loads it again and reports the error
            pass

    thread = threading.Thread(target=load, name="import-embedder", daemon=True)
    thread.start()
    return thread


def import_graph(store: Store, ns: Namespace, *, graph: SourceGraph, progress: Progress | None = None,
                 bulk: bool = True) -> ImportReport:
    """Import a source graph (Graphiti's, read by `graphmem_tools.graphiti_source`) into `ns`; see
    `graphmem.imports.mapping` for what becomes what. With any unmappable record nothing is written and
    the report lists each with graphmem's reason. `bulk=False` writes every entity through put_entities
    and every relation through relate / unrelate (slow; the bulk paths must leave the same versions,
    which the tests compare).

    Raises:
        StoreUnavailable: Neo4j unreachable (what was written stays; a re-run resumes).
        Conflict: another writer wrote into the imported relation lanes meanwhile (a re-run resumes).
    """
    t0 = time.perf_counter()
    mapped = map_graph(graph, store.services.registry, max_text_chars=store.services.settings.max_text_chars)
    entities, erased, relations, turns = _present(store, ns, mapped)
    for uuid in sorted(erased):
        mapped.unmappable.append(Unmappable("entities", uuid, "erased in graphmem: its key cannot be reused"))
    gone = {entity_key(u) for u in erased}
    for uuid, evs in mapped.relations.items():
        if uuid not in relations and (evs[0].source_key in gone or evs[0].target_key in gone):
            mapped.unmappable.append(Unmappable("relations", uuid, "an endpoint was erased in graphmem"))
    read = {"entities": len(graph.nodes), "relations": len(graph.edges), "turns": len(graph.episodes)}
    bad = {k: sum(1 for u in mapped.unmappable if u.kind == k) for k in KINDS}
    present = {"entities": len(entities - erased), "relations": len(relations), "turns": len(turns)}
    if mapped.unmappable:
        counts = {k: KindCount(read[k], 0, present[k], bad[k]) for k in KINDS}
        return ImportReport(counts, tuple(mapped.unmappable), time.perf_counter() - t0)
    if progress is not None:
        progress.reset(total=sum(read[k] - present[k] for k in KINDS))
    warm = _warm_embedder(store) if len(turns) < len(mapped.turns) else None
    t1 = time.perf_counter()
    written = {"entities": _write_entities(store, ns, mapped, entities, progress, bulk)}
    t2 = time.perf_counter()
    written["relations"] = _write_relations(store, ns, mapped, relations, progress, bulk)
    t3 = time.perf_counter()
    if warm is not None:
        warm.join()
    written["turns"] = _write_turns(store, ns, mapped, turns, progress)
    counts = {k: KindCount(read[k], written[k], present[k], 0) for k in KINDS}
    t4 = time.perf_counter()
    return ImportReport(counts, (), t4 - t0, t3 - t2, t2 - t1, t4 - t3)
