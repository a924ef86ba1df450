// Extend the lease of a claim whose request is still working, so that nobody takes it over meanwhile.
MATCH (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
WHERE r.claim = $claim AND r.state = 'pending'
SET r.lease_until = $lease_until
RETURN count(r) AS renewed
