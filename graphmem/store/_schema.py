"""The schema: apply it (constraints and indexes, all `IF NOT EXISTS`), check it, and remove a namespace;
and the store's record of its embedding model, which sizes the vector indexes.

Migrations of stored data live beside it (`_migrations.py`).

The model record: vectors of two models never meet in one index.
Why a record in the database and not a setting: the vectors are in the database, and every process that
writes or searches them must run the model that wrote them. The first start on an empty store records the
model it runs (name and dimensions); the vector indexes take their size from the record; a process whose
model differs is refused before it writes or searches anything (`ModelMismatch`). A store from before the
record has vector indexes but no record: its vectors were written by the only model graphmem then ran,
all-MiniLM-L6-v2, and that is what gets recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from neo4j import exceptions as nx

from graphmem.embedding.models import BUNDLED, BUNDLED_DIMENSIONS
from graphmem.errors import ModelMismatch
from graphmem.infra.queries import statement_names
from graphmem.store._values import Row, vector_slot
from graphmem.store._migrations import refuse_newer, schema_version, settle_version

MODEL_CONSTRAINT = "schema/constraint_embedding_model_key"

if TYPE_CHECKING:
    from graphmem.store._store import Store


def apply_schema(store: Store, *, check_model: bool = True) -> list[str]:
    """Drop retired indexes (`cypher/schema_retired/*`, all `IF EXISTS`), apply every `cypher/schema/*`
    statement (all `IF NOT EXISTS`; vector indexes sized by the recorded embedding model), then wait for
    indexes. Raises ModelMismatch (`check_model`) when the configured model is not the store's: before
    anything else is created, so a refused process leaves no trace."""
    version = schema_version(store)
    refuse_newer(version)  # before anything is created: a newer release's store stays as it was
    # every schema statement is `IF [NOT] EXISTS`: running it again is harmless, so a deadlock with a second
    # process applying the same schema at the same start (two replicas on a fresh store) is retried, not raised
    for name in store.names("schema_retired/"):
        store.autocommit(name, idempotent=True)
    _create(store, MODEL_CONSTRAINT)
    model = check_embedding_model(store, check_model)
    applied = [MODEL_CONSTRAINT]
    for name in store.names("schema/"):
        if name != MODEL_CONSTRAINT:
            _create(store, name, dimensions=model.dimensions)
            applied.append(name)
    if model.slot == "b":  # slot a's indexes are the schema's; slot b's a move made (graphmem.channels.reembed)
        for name in ("embedding/vector_turn_embedding_b", "embedding/vector_summary_embedding_b",
                     "embedding/vector_workflow_embedding_b"):
            _create(store, name, dimensions=model.dimensions)
    store.autocommit("admin/await_indexes", idempotent=True)
    settle_version(store, version)
    return applied


_RACED = frozenset({"Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists",
                    "Neo.ClientError.Schema.IndexAlreadyExists", "Neo.ClientError.Schema.ConstraintAlreadyExists"})


def _create(store: Store, name: str, **params: object) -> None:
    """One `CREATE … IF NOT EXISTS`. Two processes creating the same index at once: the second's check ran
    before the first's commit, so the server answers that it exists; that is the outcome wanted."""
    try:
        store.autocommit(name, idempotent=True, **params)
    except nx.ClientError as exc:
        if exc.code not in _RACED:
            raise


def check_embedding_model(store: Store, check_model: bool = True) -> RecordedModel:
    """The store's recorded model (recording the configured one on an empty store), checked against the
    configured one."""
    from graphmem.embedding import get_embedder, model_choice

    settings = store.services.settings
    choice = model_choice(settings)
    # before the record, graphmem ran the bundled model or the one GRAPHMEM_MODEL_PATH named
    legacy = choice.name if settings.embed_model is None and settings.model_path else BUNDLED
    model = settle_model(store, choice.name, lambda: choice.known_dimensions or get_embedder(choice).dimension,
                         legacy=legacy)
    if check_model:
        refuse_other_model(model, choice.name)
    store.vectors = vector_slot(model.slot)
    return model


def expected_schema(store: Store) -> set[str]:
    return {n for name in store.names("schema/") for n in statement_names(store.query_text(name))}


def missing_schema(store: Store) -> set[str]:
    have = {r["name"] for r in store.read("admin/show_indexes")}  # reads: a follower may answer
    have |= {r["name"] for r in store.read("admin/show_constraints")}
    return expected_schema(store) - have


def purge_namespace(store: Store, ns: str) -> None:
    """Remove a whole namespace for good (tests, `graphmem purge --namespace`). Not an erasure."""
    store.autocommit("admin/purge_namespace_edges", ns=ns)  # edges first: a hub node's edges fit a batch
    store.autocommit("admin/purge_namespace", ns=ns)


@dataclass(frozen=True)
class RecordedModel:
    name: str
    dimensions: int
    slot: str = "a"  # where its vectors are (`_values.VECTOR_SLOTS`)
    next_name: str | None = None  # a move to this model is in progress (`graphmem reembed`)
    next_dimensions: int | None = None
    swapped_at: datetime | None = None  # the last move's swap

    @classmethod
    def from_row(cls, row: Row) -> RecordedModel:
        nd = row.get("next_dimensions")
        return cls(row["name"], int(row["dimensions"]), row.get("slot") or "a", row.get("next_name"),
                   None if nd is None else int(nd), row.get("swapped_at"))


def recorded_model(store: Store) -> RecordedModel | None:
    rows = store.read("embedding/recorded_model")
    return RecordedModel.from_row(rows[0]) if rows else None


def use_recorded_slot(store: Store) -> RecordedModel | None:
    """Point the store's statements at the recorded slot (none recorded: slot a, where a new store starts)."""
    found = recorded_model(store)
    store.vectors = vector_slot(found.slot if found else "a")
    return found


def settle_model(store: Store, name: str, dimensions: Callable[[], int], *, legacy: str = BUNDLED) -> RecordedModel:
    """The recorded model, recording `name` first on an empty store (`dimensions` is only called then:
    it may load the model). Two processes starting at once record one of them (MERGE on a unique key).
    A store written before the record (vector indexes, no record) is recorded as `legacy`, the model this
    process would have run then (the bundled one, or GRAPHMEM_MODEL_PATH's), when its size fits the indexes;
    else as the bundled model."""
    found = recorded_model(store)
    if found is not None:
        return found
    sizes = [int(r["dimensions"] or BUNDLED_DIMENSIONS) for r in store.read("embedding/vector_indexes")]
    if sizes:
        size = sizes[0]
        if legacy == BUNDLED or (legacy == name and dimensions() != size):
            name = BUNDLED
    else:
        size = dimensions()
    rows = store.write_one("embedding/record_model", model=name, dimensions=size)
    return RecordedModel.from_row(rows[0])


def refuse_other_model(recorded: RecordedModel, configured: str) -> None:
    """Raise ModelMismatch unless the configured model is the recorded one."""
    if recorded.name != configured and recorded.next_name == configured:
        raise ModelMismatch(
            f"this store is moving from embedding model {recorded.name!r} to {configured!r} and has not swapped "
            f"yet: finish the move (`graphmem reembed --model {configured}`; it resumes), then start again. Until "
            f"then run {recorded.name!r} (GRAPHMEM_EMBED_MODEL={recorded.name}).",
            details={"recorded": recorded.name, "configured": configured, "moving_to": configured})
    if recorded.name != configured:
        raise ModelMismatch(
            f"this store's vectors were written by embedding model {recorded.name!r} ({recorded.dimensions} "
            f"dimensions), but this process is configured with {configured!r}. Vectors of two models cannot be "
            f"searched together: set GRAPHMEM_EMBED_MODEL={recorded.name}, or move the store to {configured!r} "
            f"first: `graphmem reembed --model {configured}` (online: this model keeps serving until the swap).",
            details={"recorded": recorded.name, "configured": configured, "dimensions": recorded.dimensions})
