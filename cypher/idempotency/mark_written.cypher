// First statement of every write transaction of a request holding an Idempotency-Key claim: the claim records,
// in the write's own transaction, that the request wrote; no row (the claim was taken over by a retry after
// its lease lapsed) fails the write, which that retry runs instead. Also locks the record until commit, so a
// takeover waits for this write's outcome.
MATCH (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
WHERE r.claim = $claim AND r.state = 'pending'
SET r.written = coalesce(r.written, $now)
RETURN r.written AS written
