// Give up a claim whose request failed on our side (5xx, auth): nothing was written, a retry may run anew.
MATCH (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
WHERE r.claim = $claim
DELETE r
RETURN count(r) AS released
