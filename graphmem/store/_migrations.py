"""`graphmem schema migrate`: bring stored memory up to the current shape, idempotently, and record the
store's schema version (`MIGRATIONS` numbers the steps) once every namespace had them.

Why a version number in the database: the data outlives the code. A process refuses a store whose version
is newer than the one it knows (`StoreTooNew`): a newer release may have changed what a property means, and
an older one writing there would corrupt it quietly. An older store is served (every migration so far is
an optimisation or a new shape the code still reads both ways) and `graphmem schema migrate` brings it up.
An empty store starts at the current version; a store with data from before versions has no record
(`None`) until it is migrated.

Four steps, each a statement run by name, each a no-op once done:
- relations stored as `(:Entity)-[:RELATES {type: 'WORKS_AT', …}]->(:Entity)` become `-[:WORKS_AT {…}]->`
  with every other property kept (`cypher/admin/migrate_typed_relations.cypher`);
- Attribute values written before captions get their `caption` (`cypher/admin/caption_attributes.cypher`);
- turns written before the reach text get theirs (`cypher/admin/backfill_reach_text.cypher`), so that erasure
  finds them through its index rather than by reading them one by one;
- namespaces holding entities get their name stamp (`cypher/admin/stamp_namespaces.cypher`). A process copies a
  namespace's names (`graphmem.channels.names._copy`) only on a store at this version: every release that starts
  on it renews the stamp when it changes a name, and an older one refuses to start (the version is checked at start:
  stop the old release's processes before migrating).

A RELATES edge whose type graphmem would refuse today (not upper snake case, or one of its own edge types)
is left where it is and reported in `left`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from graphmem.errors import StoreTooNew
from graphmem.types import INTERNAL_TYPES, RELATION_TYPE_RE, Namespace

if TYPE_CHECKING:
    from graphmem.store._store import Store


#: the numbered migrations (`_migrations.migrate` runs them all; each is idempotent), oldest first
MIGRATIONS: tuple[tuple[int, str], ...] = (
    (1, "relations stored as RELATES {type} become typed relationships"),
    (2, "attribute values get their caption"),
    (3, "turns get their reach text (erasure's index)"),
    (4, "namespaces get their name stamp (the processes' copies of their names)"),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


@dataclass(frozen=True)
class SchemaVersion:
    version: int | None  # None: data from before versions were recorded
    migrated_at: datetime | None = None
    by: str | None = None

    @property
    def pending(self) -> list[tuple[int, str]]:
        """The migrations this store has not had."""
        return [m for m in MIGRATIONS if self.version is None or m[0] > self.version]


def schema_version(store: Store) -> SchemaVersion:
    rows = store.read("admin/schema_version")
    if not rows:
        return SchemaVersion(None)
    r = rows[0]
    return SchemaVersion(int(r["version"]), r.get("migrated_at"), r.get("by"))


def refuse_newer(found: SchemaVersion) -> None:
    if found.version is not None and found.version > SCHEMA_VERSION:
        raise StoreTooNew(
            f"this store has schema version {found.version} (recorded {found.migrated_at} by {found.by or 'graphmem'}), "
            f"newer than this graphmem's {SCHEMA_VERSION}: it was written by a newer release. Run that release "
            "(or newer); an older one could misread or damage what it wrote.",
            details={"store": found.version, "supported": SCHEMA_VERSION})


def record_version(store: Store, version: int = SCHEMA_VERSION) -> SchemaVersion:
    from importlib.metadata import PackageNotFoundError, version as package_version

    try:
        by = f"graphmem {package_version('graphmem')}"
    except PackageNotFoundError:
        by = "graphmem"
    r = store.write_one("admin/record_schema_version", version=version, by=by)[0]
    return SchemaVersion(int(r["version"]), r.get("migrated_at"), r.get("by"))


def settle_version(store: Store, found: SchemaVersion | None = None) -> SchemaVersion:
    """At start: refuse a newer store; record the current version on an empty one (`found`: the version
    already read at this start, so it is read once)."""
    found = found if found is not None else schema_version(store)
    refuse_newer(found)
    if found.version is None and not store.read("admin/holds_memory")[0]["holds"]:
        return record_version(store)
    return found


@dataclass(frozen=True, slots=True)
class MigrationResult:
    """What one run changed: relations retyped, attribute values captioned, RELATES edges left (by type),
    turns given their reach text, namespaces stamped (or already stamped)."""

    migrated: int
    captioned: int
    left: dict[str, int] = field(default_factory=dict)
    reach_texts: int = 0
    stamped: int = 0


def migrate(store: Store, ns: Namespace | None = None) -> MigrationResult:
    """Migrate one namespace (`ns`) or, with `ns=None`, every namespace of the database."""
    name = None if ns is None else ns.name
    migrated = store.autocommit("admin/migrate_typed_relations", ns=name, pattern=RELATION_TYPE_RE.pattern,
                                reserved=sorted(INTERNAL_TYPES))
    captioned = store.autocommit("admin/caption_attributes", ns=name)
    backfilled = store.autocommit("admin/backfill_reach_text", ns=name)
    stamped = store.autocommit("admin/stamp_namespaces", idempotent=True, ns=name)
    left = store.read("admin/count_untyped_relations", ns=name)
    if ns is None:  # every namespace had every migration: the store is at this release's version
        record_version(store)
    return MigrationResult(int(migrated[0]["migrated"]), int(captioned[0]["captioned"]),
                           {str(r["type"]): int(r["left"]) for r in left}, int(backfilled[0]["backfilled"]),
                           int(stamped[0]["stamped"]))
