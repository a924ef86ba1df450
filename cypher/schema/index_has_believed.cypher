// Versions believed now, per entity and attribute, in valid-time order. `believed_eid` is set on a HAS
// edge when it is written and removed when it is closed (txn_end set), and a range index holds no entry
// for a missing property: so this index holds the current timeline only, however long the history.
// Writes and reads at known_at = now seek it (ORDER BY ... LIMIT 1), never scanning old versions.
CREATE INDEX has_believed IF NOT EXISTS FOR ()-[v:HAS]-() ON (v.believed_eid, v.name, v.valid_from)
