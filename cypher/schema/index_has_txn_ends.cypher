// Versions by the instant they stopped being believed (txn_end), as has_txn_changes. A range index holds no
// entry for a missing property, so versions still believed (txn_end null) cost it nothing. Not the retired
// has_txn_end (a single-property index no read used): this one serves audit/changes.
CREATE INDEX has_txn_ends IF NOT EXISTS FOR ()-[v:HAS]-() ON (v.ns, v.txn_end, v.eid, v.name)
