// One level of the as-of traversal: the relations of the frontier entities, both directions, valid at
// valid_at and believed at known_at (null: believed now), to neighbours that exist at known_at and are
// visible in the view. PROFILE: NodeUniqueIndexSeek entity_key per frontier key, Expand(All) over its
// RELATES edges, Filter -- the cost follows the frontier's edges, not the graph's size.
UNWIND $frontier AS key
MATCH (x:Entity {ns: $ns, key: key})-[r:RELATES]-(y:Entity {ns: $ns})
USING INDEX x:Entity(ns, key)
WHERE r.valid_from <= $valid_at AND (r.valid_to IS NULL OR r.valid_to > $valid_at)
  AND CASE WHEN $known_at IS NULL THEN r.txn_end IS NULL
           ELSE r.txn_time <= $known_at AND (r.txn_end IS NULL OR r.txn_end > $known_at) END
  AND ($include_erased OR y.erased_at IS NULL)
  AND ($known_at IS NULL OR y.created_at <= $known_at)
RETURN DISTINCT elementId(r) AS id, startNode(r).key AS from, endNode(r).key AS to, r.type AS type,
       toString(r.valid_from) AS valid_from, toString(r.valid_to) AS valid_to, toString(r.txn_time) AS txn_time,
       toString(r.txn_end) AS txn_end, r.source AS source, r.reason AS reason,
       [k IN keys(r) WHERE NOT k IN $reserved | [k, r[k]]] AS props, y.key AS neighbour
