// The relations of the entities recall found exactly, one hop, both directions, valid at valid_at and
// believed at known_at (null: believed now), to live neighbours: graph/expand_frontier's visibility rule,
// for all the hits in one round trip. NodeUniqueIndexSeek entity_key per key, then its RELATES edges.
UNWIND $keys AS key
MATCH (x:Entity {ns: $ns, key: key})-[r:RELATES]-(y:Entity {ns: $ns})
USING INDEX x:Entity(ns, key)
WHERE x.erased_at IS NULL AND y.erased_at IS NULL
  AND r.valid_from <= $valid_at AND (r.valid_to IS NULL OR r.valid_to > $valid_at)
  AND CASE WHEN $known_at IS NULL THEN r.txn_end IS NULL
           ELSE r.txn_time <= $known_at AND (r.txn_end IS NULL OR r.txn_end > $known_at) END
  AND ($known_at IS NULL OR y.created_at <= $known_at)
WITH key, r, y
ORDER BY key, r.type, y.key, r.valid_from
WITH key, collect({from: startNode(r).key, to: endNode(r).key, type: r.type, neighbour: y.key,
                   neighbour_name: y.name, valid_from: r.valid_from, valid_to: r.valid_to,
                   txn_time: r.txn_time, txn_end: r.txn_end})[..$limit] AS relations
RETURN key, relations
