// The state of one Idempotency-Key record (polled while a concurrent identical request is in flight);
// `lapsed`: still pending, but its lease ran out, so the request that claimed it is gone.
MATCH (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
WHERE r.expires_at > $now
RETURN r.claim = $claim AS claimed, r.request_hash AS request_hash, r.state AS state, r.status AS status,
       r.response AS response, r.media_type AS media_type, r.created_at AS created_at,
       r.state = 'pending' AND coalesce(r.lease_until, r.created_at) <= $now AS lapsed, r.written IS NOT NULL AS written
