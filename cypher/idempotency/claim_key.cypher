// Claim an Idempotency-Key for (ns, API key, route): MERGE on the unique constraint makes a concurrent
// identical request wait and then find this claim; an expired record (24 h) is taken over as new.
MERGE (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
  ON CREATE SET r.claim = $claim, r.request_hash = $request_hash, r.state = 'pending', r.created_at = $now,
                r.expires_at = $expires_at
WITH r, r.expires_at <= $now AS expired
SET r += CASE WHEN expired
  THEN {claim: $claim, request_hash: $request_hash, state: 'pending', created_at: $now, expires_at: $expires_at,
        status: null, response: null, media_type: null}
  ELSE {} END
RETURN r.claim = $claim AS claimed, r.request_hash AS request_hash, r.state AS state, r.status AS status,
       r.response AS response, r.media_type AS media_type, r.created_at AS created_at
