// GET /guide, "The graph as of a date": the relations (relationships of their own type between entities)
// true at $valid_at and believed at $known_at (null: believed now), between entities visible in the view
// and already recorded then, as a graph; at most $limit of them.
// In Neo4j Browser:
//   :param ns => 'demo'
//   :param valid_at => datetime('2026-07-01T00:00:00Z')
//   :param known_at => null
//   :param include_erased => false
//   :param limit => 300
MATCH (x:Entity {ns: $ns})-[r:!RELATES]->(y:Entity {ns: $ns})
WHERE /*include:as_of(r)*/
  AND /*include:entity_as_of(x)*/
  AND /*include:entity_as_of(y)*/
RETURN x, r, y
LIMIT $limit
