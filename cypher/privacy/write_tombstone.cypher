// Purge: replace the erasure record (which holds the plain key) by a tombstone holding only the hashed
// key, when, why and by whom, and count the purged material on this purge run's record.
MATCH (x:Erasure {ns: $ns, key_hash: $key_hash})
MATCH (p:PurgeRecord {ns: $ns, id: $purge_id})
MERGE (t:Tombstone {ns: $ns, key_hash: $key_hash, erased_at: x.at})
  ON CREATE SET t.by = x.by, t.reason = x.reason, t.turns = x.turns,
                t.summaries = x.summaries, t.workflows_rebuilt = x.workflows_rebuilt,
                t.workflows_dropped = x.workflows_dropped, t.purged_at = $now, t.purged_by = $by, t.purge_id = $purge_id
SET p.entities = p.entities + 1, p.turns = p.turns + $turns, p.summaries = p.summaries + $summaries,
    p.attributes = p.attributes + $attributes
DELETE x
RETURN t.key_hash AS key_hash
