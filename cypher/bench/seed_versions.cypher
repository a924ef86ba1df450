// Benchmark seeding only (graphmem bench scale): entities with a `city` attribute of $depth versions each,
// shaped as temporal/apply_versions writes them (HAS edges with eid, believed_eid, valid time as datetimes,
// txn_time = $now, all believed), one version every 30 days from $base, each ending where the next starts
// (the last one open), its value $cities[(x.i + r) % size($cities)] (consecutive versions always differ).
// Entity ids are the caller's (globally unique: the has_believed index spans namespaces).
CALL () {
  UNWIND $cities AS c
  MERGE (a:Attribute {ns: $ns, name: 'city', value: c})
  RETURN collect(a) AS attributes
}
UNWIND $entities AS x
CREATE (e:Entity {ns: $ns, key: x.key, id: x.id, type: 'probe', name: x.key, created_at: $now, last_txn: $now,
                  attributes: ['city']})
WITH e, x, attributes
UNWIND range(0, $depth - 1) AS r
WITH e, r, attributes[(x.i + r) % size(attributes)] AS a
CREATE (e)-[:HAS {ns: $ns, eid: e.id, believed_eid: e.id, name: 'city',
                  valid_from: $base + duration({days: 30 * r}),
                  valid_to: CASE WHEN r < $depth - 1 THEN $base + duration({days: 30 * (r + 1)}) END,
                  txn_time: $now, source: 'bench'}]->(a)
RETURN count(*) AS created
