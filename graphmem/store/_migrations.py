"""`graphmem schema migrate`: bring stored memory up to the current shape, idempotently.

Three steps, each a `CALL {} IN TRANSACTIONS` statement run by name, each a no-op once done:
- relations stored as `(:Entity)-[:RELATES {type: 'WORKS_AT', …}]->(:Entity)` become `-[:WORKS_AT {…}]->`
  with every other property kept (`cypher/admin/migrate_typed_relations.cypher`);
- Attribute values written before captions get their `caption` (`cypher/admin/caption_attributes.cypher`);
- turns written before the reach text get theirs (`cypher/admin/backfill_reach_text.cypher`), so that erasure
  finds them through its index rather than by reading them one by one.

A RELATES edge whose type graphmem would refuse today (not upper snake case, or one of its own edge types)
is left where it is and reported in `left`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from graphmem.types import INTERNAL_TYPES, RELATION_TYPE_RE, Namespace

if TYPE_CHECKING:
    from graphmem.store._store import Store


@dataclass(frozen=True, slots=True)
class MigrationResult:
    """What one run changed: relations retyped, attribute values captioned, RELATES edges left (by type),
    turns given their reach text."""

    migrated: int
    captioned: int
    left: dict[str, int] = field(default_factory=dict)
    reach_texts: int = 0


def migrate(store: Store, ns: Namespace | None = None) -> MigrationResult:
    """Migrate one namespace (`ns`) or, with `ns=None`, every namespace of the database."""
    name = None if ns is None else ns.name
    migrated = store.autocommit("admin/migrate_typed_relations", ns=name, pattern=RELATION_TYPE_RE.pattern,
                                reserved=sorted(INTERNAL_TYPES))
    captioned = store.autocommit("admin/caption_attributes", ns=name)
    backfilled = store.autocommit("admin/backfill_reach_text", ns=name)
    left = store.read("admin/count_untyped_relations", ns=name)
    return MigrationResult(int(migrated[0]["migrated"]), int(captioned[0]["captioned"]),
                           {str(r["type"]): int(r["left"]) for r in left}, int(backfilled[0]["backfilled"]))
