// GET /guide, "One entity's versions": every version of every fact of one entity, the ones no longer true
// and no longer believed included (versions are never overwritten), as a graph: the entity, its HAS
// versions (valid_from/valid_to: when true; txn_time/txn_end: when believed) and the values they point at.
// In Neo4j Browser:
//   :param ns => 'demo'
//   :param key => 'U-001'
//   :param include_erased => false
MATCH (e:Entity {ns: $ns, key: $key})-[v:HAS]->(a:Attribute {ns: $ns})
USING INDEX e:Entity(ns, key)
WHERE /*include:in_view(e, include_erased)*/
RETURN e, v, a
ORDER BY v.name, v.valid_from, v.txn_time
