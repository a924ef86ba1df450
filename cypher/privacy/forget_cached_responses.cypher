// Erasure and purge: drop replayable Idempotency-Key responses that contain any string the entity is known by.
MATCH (r:IdempotencyKey {ns: $ns})
WHERE r.response IS NOT NULL AND any(n IN $needles WHERE r.response CONTAINS n)
DELETE r
RETURN count(r) AS forgotten
