// `graphmem schema migrate`: rewrite the relations stored the old way, `(:Entity)-[:RELATES {type: 'WORKS_AT',
// …}]->(:Entity)`, as relationships of their own type, `-[:WORKS_AT {…}]->`, in batches of 1,000 (each
// its own transaction). Every property is kept (the four time fields, source, reason, end_*, the caller's
// own) except `type`, which has become the relationship's type; a missing `ns` is taken from the source
// entity, and the source entity is marked Related (schema/index_related_changes). Only types graphmem accepts are moved ($pattern; not one of $reserved, graphmem's own edge
// types); any other is left as it was and counted by admin/count_untyped_relations. Idempotent: a second
// run finds no RELATES edge left. $ns: one namespace; null: every namespace.
//   :param ns => 'demo'
//   :param pattern => '^[A-Z][A-Z0-9_]*$'
//   :param reserved => ['COVERS', 'HAS', 'IN', 'INDUCED_FROM', 'MENTIONS', 'NEXT', 'RELATES', 'SUMMARIZES']
MATCH (s:Entity)-[old:RELATES]->(t:Entity)
WHERE ($ns IS NULL OR s.ns = $ns) AND old.type =~ $pattern AND NOT old.type IN $reserved
CALL (s, old, t) {
  CREATE (s)-[r:$(old.type)]->(t)
  SET r = properties(old), r.ns = coalesce(old.ns, s.ns)
  REMOVE r.type
  SET s:Related
  DELETE old
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(*) AS migrated
