// One level of the as-of traversal: the relations of the frontier entities, both directions, valid at
// valid_at and believed at known_at (null: believed now), to neighbours that exist at known_at and are
// visible in the view. A relation is a relationship of its own type (`WORKS_AT`) between two entities:
// the pattern names no type and the Entity label on both ends is what makes an edge a relation (an
// entity's other edges lead to Attribute values or come from turns and summaries). `!RELATES`: a relation
// stored the old way is not read until `graphmem schema migrate` has given it its type.
// PROFILE: NodeUniqueIndexSeek entity_key per frontier key, Expand(All) over its edges, Filter (the
// neighbour's label, as_of) -- the cost follows the frontier's edges, not the graph's size. A relationship
// property index cannot replace this: Neo4j indexes relationships per type, and the types are the
// callers'. The neighbour's name rides along for recall, which writes each relation as a sentence
// (graph.relations_of).
UNWIND $frontier AS key
MATCH (x:Entity {ns: $ns, key: key})-[r:!RELATES]-(y:Entity {ns: $ns})
USING INDEX x:Entity(ns, key)
WHERE /*include:as_of(r)*/
  AND /*include:entity_as_of(x)*/
  AND /*include:entity_as_of(y)*/
RETURN DISTINCT elementId(r) AS id, startNode(r).key AS from, endNode(r).key AS to, type(r) AS type,
       toString(r.valid_from) AS valid_from, toString(r.valid_to) AS valid_to, toString(r.txn_time) AS txn_time,
       toString(r.txn_end) AS txn_end, r.source AS source, r.reason AS reason,
       [k IN keys(r) WHERE NOT k IN $reserved | [k, r[k]]] AS props, y.key AS neighbour, y.name AS neighbour_name
