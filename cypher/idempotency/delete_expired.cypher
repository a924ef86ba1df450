// Housekeeping: Idempotency-Key records are kept 24 h; drop a bounded batch of expired ones per claim.
MATCH (r:IdempotencyKey {ns: $ns})
WHERE r.expires_at <= $now
WITH r LIMIT $limit
DELETE r
RETURN count(r) AS deleted
