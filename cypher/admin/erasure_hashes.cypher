// Before a restore replaces the store (graphmem/privacy/restore.py): every erasure of every namespace, pending
// or purged, as the hash of its key (all a tombstone keeps), so that the restored store can be erased again.
CALL () {
  MATCH (x:Erasure) WHERE x.ns IS NOT NULL
  RETURN x.ns AS ns, x.key_hash AS key_hash, x.reason AS reason, false AS purged
  UNION ALL
  MATCH (t:Tombstone) WHERE t.ns IS NOT NULL
  RETURN t.ns AS ns, t.key_hash AS key_hash, t.reason AS reason, true AS purged
}
RETURN ns, key_hash, reason, purged
