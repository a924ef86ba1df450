// Keys imported from GRAPHMEM_API_KEYS that the starting process's GRAPHMEM_API_KEYS no longer lists are
// revoked: removing an entry from the variable and restarting revokes that key on every replica. A key
// also listed in the keys file (or created by `graphmem keys create`) is not an env key and stays.
// Keys imported before the `source` property existed are recognised by the name the import gave them.
MATCH (a:ApiKey)
WHERE a.revoked_at IS NULL
  AND (a.source = 'env' OR (a.source IS NULL AND a.name =~ 'env-[0-9]+'))
  AND NOT a.hash IN $hashes
SET a.revoked_at = $now, a.updated_at = $now
RETURN count(a) AS revoked
