// Versions by the instant they stop being true (valid_to; open-ended versions have none), as has_txn_ends.
CREATE INDEX has_valid_ends IF NOT EXISTS FOR ()-[v:HAS]-() ON (v.ns, v.valid_to, v.eid, v.name)
