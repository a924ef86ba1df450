// Versions by the instant they began being believed (txn_time), per namespace, then entity and attribute:
// GET /changes?axis=txn seeks a window [from, to) of one namespace in (txn_time, eid, name) order, the
// order its pages follow, and stops after a page (audit/changes). Every version has all four properties.
CREATE INDEX has_txn_changes IF NOT EXISTS FOR ()-[v:HAS]-() ON (v.ns, v.txn_time, v.eid, v.name)
