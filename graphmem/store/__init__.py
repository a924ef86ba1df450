"""The one place that talks to Neo4j: driver, sessions, managed transactions, retries, error mapping.

Nothing else imports `neo4j`. A single read runs as an auto-commit query in a read session (one
round trip: RUN+PULL; `execute_query` wraps it in BEGIN/COMMIT, 3.55 against 1.96 ms p50 for
`RETURN 1` here), retried here on the driver's retryable errors, which is safe because it writes
nothing; reads that must share a snapshot use `read_tx`. Writes hand a function to `execute_write`, retried
here on transient errors (deadlocks, leader switches), so every write function must be safe to run twice.

Unreachability fails fast (issue 16: reads took 14-15 s and writes 15-48 s to answer 503 while Neo4j
was down). A lost connection is retried for `neo4j_unreachable_retry_time` only (0.5 s), not the 15 s
that deadlocks on a live server still get; the driver's own retry loop is switched off
(`max_transaction_retry_time=0` per session) so that these two budgets stay apart. Giving up on an
unreachable server opens the store's `Circuit`: every call then answers `StoreUnavailable` at once,
except one probe per `neo4j_probe_interval`, whose success closes it again (no restart needed).
Records come back as plain dicts with Neo4j temporal values converted to aware `datetime`s. Callers pass
the `Namespace` itself as a parameter (`ns=ns`); it becomes its name only on the way to the driver.

| module | holds |
|---|---|
| `_store.py` | `Store`: the driver, named statements, reads, writes, retries |
| `_services.py` | `Services` (`store.services`): settings, the identifier registry, per-store state, thread pools, close hooks |
| `_tx.py` | `Tx`, the managed transaction write functions receive; write marks (an Idempotency-Key's claim in every write of a request) |
| `_open.py` | `open_store`, `connection_for` |
| `_schema.py` | applying and checking the schema, removing a namespace |
| `_migrations.py` | `graphmem schema migrate`: stored data brought up to the current shape; the schema version |
| `_circuit.py` | `Circuit`, failing fast while Neo4j is unreachable |
| `_errors.py` | driver exceptions to graphmem errors |
| `_values.py` | driver values to plain Python |
| `_coalesce.py` | `Coalescer`: a store's background writer of small writes (use marks, search statistics) |
"""

from graphmem.infra.driver import open_driver as open_driver  # the one factory, re-exported
from graphmem.store._circuit import Circuit
from graphmem.store._coalesce import Coalescer
from graphmem.store._errors import translate_neo4j_errors
from graphmem.store._migrations import MIGRATIONS, SCHEMA_VERSION, MigrationResult, SchemaVersion, migrate, refuse_newer, schema_version
from graphmem.store._open import connection_for, open_store
from graphmem.store._schema import RecordedModel, recorded_model
from graphmem.store._schema import apply_schema, check_embedding_model, expected_schema, missing_schema, purge_namespace
from graphmem.store._services import Services
from graphmem.store._store import Store
from graphmem.store._tx import Mark, Tx, marking, write_marks
from graphmem.store._values import VECTOR_SLOTS, Row, other_slot

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "VECTOR_SLOTS", "Circuit", "SchemaVersion", "refuse_newer", "schema_version", "Coalescer", "Mark", "MigrationResult", "RecordedModel", "Row", "Store", "Tx",
           "Services", "apply_schema", "other_slot",
           "check_embedding_model", "connection_for",
           "expected_schema", "marking", "migrate", "missing_schema", "open_driver", "open_store", "purge_namespace",
           "recorded_model",
           "translate_neo4j_errors", "write_marks"]
