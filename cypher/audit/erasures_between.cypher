// Erasure markers for GET /changes in the audit and compliance views: the entities erased in [$start, $end)
// of transaction time (an erasure happens when the service stops showing the entity, not in valid time),
// optionally one entity ($key). Erasure records are one per erased entity, few in any namespace: a prefix
// seek on the erasure_key constraint's index (ns), filtered by time. Purged entities keep only a hashed
// key (a Tombstone) and are not listed here: their versions are gone too.
// In Neo4j Browser:
//   :param ns => 'demo'
//   :param start => datetime('2026-07-01T00:00:00Z')
//   :param end => datetime('2026-07-02T00:00:00Z')
//   :param key => null
MATCH (x:Erasure {ns: $ns})
WHERE x.key IS NOT NULL AND x.at >= $start AND x.at < $end AND ($key IS NULL OR x.key = $key)
RETURN toString(x.at) AS at, x.key AS key, x.by AS by, x.reason AS reason
ORDER BY x.at, x.key
