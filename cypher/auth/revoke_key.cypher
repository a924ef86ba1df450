// Revoke one key for good (kept, with the time, so that an export carries the revocation on).
MATCH (a:ApiKey {hash: $hash})
WHERE a.revoked_at IS NULL
SET a.revoked_at = $now, a.updated_at = $now
RETURN a.key_id AS key_id
