// Versions by the instant they begin being true (valid_from), as has_txn_changes: GET /changes?axis=valid.
CREATE INDEX has_valid_changes IF NOT EXISTS FOR ()-[v:HAS]-() ON (v.ns, v.valid_from, v.eid, v.name)
