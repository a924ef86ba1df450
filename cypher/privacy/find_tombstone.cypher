// Erasing a key that was already purged answers with its latest tombstone (the first erasure's record).
MATCH (t:Tombstone {ns: $ns, key_hash: $key_hash})
RETURN null AS key, t.key_hash AS key_hash, t.erased_at AS at, t.by AS by, t.reason AS reason,
       t.turns AS turns, t.summaries AS summaries, t.workflows_rebuilt AS workflows_rebuilt, t.workflows_dropped AS workflows_dropped,
       t.purged_at AS purged_at, t.purged_by AS purged_by,
       t.purge_id AS purge_id
ORDER BY t.erased_at DESC
LIMIT 1
