// After a restore (graphmem/privacy/restore.py): the keys of the namespace's entities not erased, each to be
// hashed and compared with the erasures the replaced store had.
MATCH (e:Entity) USING INDEX e:Entity(ns, key)
WHERE e.ns = $ns AND e.key IS NOT NULL AND e.erased_at IS NULL
RETURN e.key AS key
