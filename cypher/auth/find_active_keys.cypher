// Active keys whose id starts with $prefix, so that a revocation names exactly one key.
MATCH (a:ApiKey)
WHERE a.key_id STARTS WITH $prefix AND a.revoked_at IS NULL
RETURN a.hash AS hash, a.key_id AS key_id
