// Benchmark only (graphmem bench relations, issue #21): the statement as graphmem wrote it before typed
// relations, every relation one `RELATES` relationship with its type in a property. Kept so that typed
// relations are timed against it side by side, through the same library code (the bench swaps the text in).
UNWIND $frontier AS key
MATCH (x:Entity {ns: $ns, key: key})-[r:RELATES]-(y:Entity {ns: $ns})
USING INDEX x:Entity(ns, key)
WHERE /*include:as_of(r)*/
  AND /*include:entity_as_of(x)*/
  AND /*include:entity_as_of(y)*/
RETURN DISTINCT elementId(r) AS id, startNode(r).key AS from, endNode(r).key AS to, r.type AS type,
       toString(r.valid_from) AS valid_from, toString(r.valid_to) AS valid_to, toString(r.txn_time) AS txn_time,
       toString(r.txn_end) AS txn_end, r.source AS source, r.reason AS reason,
       [k IN keys(r) WHERE NOT k IN $reserved | [k, r[k]]] AS props, y.key AS neighbour, y.name AS neighbour_name
