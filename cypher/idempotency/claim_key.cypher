// Claim an Idempotency-Key for (ns, API key, route): MERGE on the unique constraint makes a concurrent
// identical request wait and then find this claim. A record is taken over as new when it expired (24 h),
// or when it is still pending but its lease lapsed (the process that claimed it died or lost Neo4j before
// completing or releasing it), this is the same request and the first one never wrote (a claim marked
// `written` by idempotency/mark_written is never run again: its write committed). `tried_at` is written first so that this
// transaction holds the record's write lock before it reads the state: two takers cannot both win.
MERGE (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
  ON CREATE SET r.claim = $claim, r.request_hash = $request_hash, r.state = 'pending', r.created_at = $now,
                r.expires_at = $expires_at, r.lease_until = $lease_until
SET r.tried_at = $now
WITH r, r.expires_at <= $now OR (r.state = 'pending' AND r.request_hash = $request_hash AND r.written IS NULL
                                 AND coalesce(r.lease_until, r.created_at) <= $now) AS free
SET r += CASE WHEN free
  THEN {claim: $claim, request_hash: $request_hash, state: 'pending', created_at: $now, expires_at: $expires_at,
        lease_until: $lease_until, status: null, response: null, media_type: null, written: null}
  ELSE {} END
RETURN r.claim = $claim AS claimed, r.request_hash AS request_hash, r.state AS state, r.status AS status,
       r.response AS response, r.media_type AS media_type, r.created_at AS created_at,
       r.state = 'pending' AND coalesce(r.lease_until, r.created_at) <= $now AS lapsed, r.written IS NOT NULL AS written
