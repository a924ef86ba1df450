// Give up a claim whose request failed on our side (5xx, auth) before it wrote: a retry may run anew. A claim
// whose write committed (marked `written`) is kept: running it again would write twice.
MATCH (r:IdempotencyKey {ns: $ns, key_id: $key_id, route: $route, idem_key: $idem_key})
WHERE r.claim = $claim AND r.written IS NULL
DELETE r
RETURN count(r) AS released
