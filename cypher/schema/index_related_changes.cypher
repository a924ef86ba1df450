// Entities that are the source of a relation carry the label Related (set wherever a relation is
// written: graph/apply_relations, imports/create_relations, admin/migrate_typed_relations). No index
// spans relationship types, so audit/changes finds relation versions from these entities: on the txn axis
// a range seek on last_txn (an entity's last_txn is at least every txn_time / txn_end of its relations),
// on the valid axis every Related entity of the namespace -- never the namespace's other entities.
CREATE INDEX related_changes IF NOT EXISTS FOR (e:Related) ON (e.ns, e.last_txn)
