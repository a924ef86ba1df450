"""Extraction from conversation, off the request path: a durable queue in Neo4j, drained by a background
worker (the design's "structured information extracted from the dialogue is written into the exact
channel").

A turn posted with `extract: true` is stored with `extraction: "queued"` in its own transaction (the
mark is the queue: nothing lives only in memory). The POST answers at once; this worker then asks the
LLM (`extract_prompts`: graphiti-core's prompts through graphmem's `ChatClient`) and writes what came back
with the channels' own functions, every fact and relation with `source = "turn:<id>"`:

- each extracted entity that does not exist yet is created (`temporal.put_entities`, type from the
  prompt's entity types); an existing one keeps its type and name; an erased one is never written to
  again, and nothing is extracted about it;
- each triple `A -[LIVES_IN]-> B` becomes the attribute `lives_in = "<B's name>"` of A
  (`temporal.assert_facts`, from the triple's `valid_at`, else the turn's time, to its `invalid_at`) and
  the relation itself (`graph.relate`). Attributes are single-valued unless declared many-valued, and
  relation types many-valued unless declared single-valued, as for any caller: a later value closes the
  earlier one only by `graphmem.timeline`'s close-and-insert rule, never because an LLM judged it stale.

The turn then reads `extraction: "done"`, or `"failed"` with `extraction_error` (the LLM failed or
answered something that is not JSON or does not fit graphiti's response model; a value the channels
refuse): nothing is written on a failed answer. If Neo4j is away, the turn stays queued and the next
scan (`durable.RESCAN_S`, and every start of a worker) takes it again. The entities, facts, relations
and the `done` mark are ONE transaction: a crash leaves the turn queued with nothing of it written, and
two processes' workers extracting one turn write nothing more the second time (idempotent writes).

The worker runs where the fold worker runs (`settings.fold_worker`) and only with an LLM configured.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from graphmem.channels.conversation.durable import DurableWorker, Item
from graphmem.channels.conversation.extract_prompts import (
    SOURCE_PREFIX,
    Extraction,
    check_extraction,
    extract,
    graphiti_installed,
)
from graphmem.channels.exact import read_entities
from graphmem.channels.fact_records import EntitySpec, FactSpec
from graphmem.channels.graph import check_relation_type, relate_unit
from graphmem.channels.temporal import check_batch, entities_unit, facts_unit
from graphmem.errors import GraphmemError, StoreUnavailable
from graphmem.instants import utcnow
from graphmem.text.llm import ChatClient
from graphmem.store import Store, Tx
from graphmem.types import Namespace

log = logging.getLogger(__name__)

PREVIOUS_TURNS = 4  # earlier turns of the session given as context (graphiti's PREVIOUS MESSAGES)
REASON = "extracted from a conversation turn"

__all__ = ["Extractions", "check_extraction", "drain_extractions", "extract_turn", "queue_extractions",
           "start_extractions", "write_extraction"]


# --- one turn ------------------------------------------------------------------------------------
def _line(row: dict[str, Any]) -> str:
    return f"{row.get('speaker') or row.get('role') or 'user'}: {row.get('text') or ''}"


def write_extraction(store: Store, ns: Namespace, found: Extraction, *, source: str, at: datetime,
                     turn_id: str | None = None) -> int:
    """Write an extraction as entities, facts and relations with `source`, in ONE transaction (all of it
    or none), together with the turn's `done` mark when `turn_id` is given; the number of facts written.
    Triples about erased entities, or with a value the channels refuse, are left out.

    Raises:
        GraphmemError: what the channels raise (StoreUnavailable: Neo4j away).
    """
    present = read_entities(store, ns, keys=[e.key for e in found.entities], include_erased=True)
    erased = {k for k, s in present.items() if s.erased_at is not None}
    new = [EntitySpec(e.key, e.type, e.name, source=source, reason=REASON)
           for e in found.entities if e.key not in present]
    reg = store.services.registry
    facts: list[tuple[FactSpec, str]] = []
    for f in found.facts:
        if f.source_key in erased or f.target_key in erased:
            continue
        spec = FactSpec(f.source_key, f.attribute, f.target_name, f.valid_from or at, f.valid_to, source,
                        f"{REASON}: {f.fact}")
        try:
            spec.prepared(reg)
            check_relation_type(f.relation)
        except GraphmemError:  # e.g. `email = "Alice"`: not an e-mail address; left out, the rest stands
            continue
        facts.append((spec, f.target_key))
    units: list[Callable[[Tx], object]] = []
    if new:
        check_batch(len(new), len(new), "entities")
        units.append(entities_unit(store, ns, new))
    if facts:
        units.append(facts_unit(store, ns, [s for s, _ in facts]))
    units += [relate_unit(ns, source_key=spec.entity, type=spec.attribute.upper(), target_key=target,
                          valid_from=spec.valid_from, valid_to=spec.valid_to, source=source, reason=spec.reason)
              for spec, target in facts]

    def work(tx: Tx) -> None:
        for unit in units:
            unit(tx)
        if turn_id is not None:
            tx.run("turns/mark_extraction", ns=ns, id=turn_id, state="done", error=None, now=utcnow())

    store.write(work)
    return len(facts)


def extract_turn(store: Store, ns: Namespace, *, turn_id: str, client: ChatClient) -> str | None:
    """Run a queued turn's extraction and mark the turn; the state written (`done`, `failed`), or None
    when the turn is not queued (done already, erased, unknown). The facts and the `done` mark commit in
    one transaction: a crash leaves the turn queued with nothing written, never half an extraction.

    Raises:
        StoreUnavailable: Neo4j away: the turn stays queued.
    """
    rows = store.read("turns/read_extraction", ns=ns, id=turn_id, previous=PREVIOUS_TURNS)
    if not rows:
        return None
    turn, previous = rows[0]["turn"], rows[0]["previous"]
    error: str | None = None
    try:
        found = extract(client, content=_line(turn), at=turn["at"],
                        previous=[(_line(p), p["at"]) for p in previous])
        write_extraction(store, ns, found, source=f"{SOURCE_PREFIX}{turn_id}", at=turn["at"], turn_id=turn_id)
        return "done"
    except StoreUnavailable:
        raise
    except GraphmemError as exc:  # the LLM failed or answered off-schema, or a value was refused
        error = f"{exc.code}: {exc}"[:1000]
    except Exception as exc:  # a bug must not requeue the turn forever
        log.exception("extraction of a turn failed")
        error = f"internal_error: {type(exc).__name__}"
    store.write(lambda tx: tx.run("turns/mark_extraction", ns=ns, id=turn_id, state="failed", error=error,
                                  now=utcnow()))
    return "failed"


# --- the worker -----------------------------------------------------------------------------------
class Extractions(DurableWorker):
    """One store's extraction worker (`durable.DurableWorker`): extracts queued turns in the order they
    were posted. Runs where the fold worker runs, when an LLM is configured and graphiti-core installed."""

    name = "extractions"
    scan = "admin/queued_extractions"
    scan_field = "id"

    def __init__(self, store: Store) -> None:
        settings = store.services.settings
        enabled = bool(settings.fold_worker and settings.llm_base_url and graphiti_installed())
        super().__init__(store, enabled=enabled)
        self.client = ChatClient.from_settings(settings, timeout=60.0) if enabled else None

    def do(self, item: Item) -> None:
        assert self.client is not None
        ns, turn_id = item
        extract_turn(self.store, Namespace(ns), turn_id=turn_id, client=self.client)

    def closed(self) -> None:
        if self.client is not None:
            self.client.close()


def extractions_of(store: Store) -> Extractions:
    return store.services.state("conversation.extractions", lambda: Extractions(store))


def queue_extractions(store: Store, ns: Namespace, turn_ids: list[str]) -> None:
    """Turns committed with `extraction: queued`: have the worker extract them."""
    extractions_of(store).notify((ns.name, t) for t in turn_ids)


def start_extractions(store: Store) -> None:
    """Start this store's worker now (when an LLM is configured): turns a crashed process left queued."""
    extractions_of(store).start()


def drain_extractions(timeout: float = 30.0) -> bool:
    """Extract every open store's queued turns now and wait for them (tests, evaluations, shutdown)."""
    return Extractions.drain_all(timeout)
