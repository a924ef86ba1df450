// GET /guide, "Your entities": the namespace's entities in the caller's view (erased ones only with
// $include_erased: audit and compliance), by key, with the attribute names each has ever had.
// In Neo4j Browser:
//   :param ns => 'demo'
//   :param include_erased => false
//   :param limit => 100
MATCH (e:Entity {ns: $ns})
WHERE /*include:in_view(e, include_erased)*/
RETURN e.key AS key, e.type AS type, e.name AS name, e.attributes AS attributes,
       toString(e.created_at) AS created_at, toString(e.erased_at) AS erased_at
ORDER BY key
LIMIT $limit
