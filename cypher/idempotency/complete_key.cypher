// Store the first response of a claimed Idempotency-Key so that a retry replays it instead of writing again.
// No row when the claim was lost (its lease lapsed and a retry took it over): that retry records its own.
MATCH (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
WHERE r.claim = $claim
SET r.state = 'done', r.status = $status, r.response = $response, r.media_type = $media_type
REMOVE r.lease_until
RETURN r.state AS state
