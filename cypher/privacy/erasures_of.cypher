// The compliance record of one key: its erasure pending purge, or its tombstones once purged (by the key's
// hash: a tombstone keeps nothing else), newest first.
CALL () {
  MATCH (x:Erasure {ns: $ns, key_hash: $key_hash})
  RETURN x.key AS key, x.key_hash AS key_hash, x.at AS at, x.by AS by, x.reason AS reason,
         x.turns AS turns, x.summaries AS summaries, x.workflows_rebuilt AS workflows_rebuilt,
         x.workflows_dropped AS workflows_dropped, null AS purged_at, null AS purged_by, null AS purge_id
  UNION ALL
  MATCH (t:Tombstone {ns: $ns, key_hash: $key_hash})
  RETURN null AS key, t.key_hash AS key_hash, t.erased_at AS at, t.by AS by, t.reason AS reason,
         t.turns AS turns, t.summaries AS summaries, t.workflows_rebuilt AS workflows_rebuilt,
         t.workflows_dropped AS workflows_dropped, t.purged_at AS purged_at, t.purged_by AS purged_by,
         t.purge_id AS purge_id
}
RETURN key, key_hash, at, by, reason, turns, summaries, workflows_rebuilt, workflows_dropped, purged_at, purged_by, purge_id
ORDER BY at DESC
