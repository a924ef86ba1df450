// GET /guide, "Comparing times": one entity's facts true at $valid_at and believed at $known_at (null:
// believed now). The four time properties are datetime values: compare them with datetime('…'), never with
// a string ('2026-07-01' never equals nor orders against a datetime: the query silently returns 0 rows).
// In Neo4j Browser:
//   :param ns => 'demo'
//   :param key => 'U-001'
//   :param valid_at => datetime('2026-07-01T00:00:00Z')
//   :param known_at => null
//   :param include_erased => false
MATCH (e:Entity {ns: $ns, key: $key})-[v:HAS]->(a:Attribute {ns: $ns})
USING INDEX e:Entity(ns, key)
WHERE /*include:as_of(v)*/ AND /*include:entity_as_of(e)*/
RETURN v.name AS attribute, a.value AS value, toString(v.valid_from) AS valid_from,
       toString(v.valid_to) AS valid_to, toString(v.txn_time) AS believed_from
ORDER BY attribute, valid_from
