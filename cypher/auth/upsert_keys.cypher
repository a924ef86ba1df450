// Import API keys (hashes only), upserting by hash. Role, namespaces and name follow the import; a
// revocation is kept for good (an import never brings a revoked key back). Returns how many changed,
// so that an import that changes nothing does not make every replica re-read the keyring. `source` says
// where the key came from ('env': GRAPHMEM_API_KEYS, which revokes what it stops listing, or 'managed').
UNWIND $keys AS k
MERGE (a:ApiKey {hash: k.hash})
  ON CREATE SET a.key_id = k.key_id, a.created_at = coalesce(k.created_at, $now)
WITH a, k
WHERE a.role IS NULL OR a.role <> k.role OR a.namespaces <> k.namespaces OR a.name <> k.name
   OR (a.revoked_at IS NULL AND k.revoked_at IS NOT NULL) OR a.source IS NULL OR a.source <> k.source
SET a.role = k.role, a.namespaces = k.namespaces, a.name = k.name, a.source = k.source,
    a.revoked_at = coalesce(a.revoked_at, k.revoked_at), a.updated_at = $now
RETURN count(a) AS changed
