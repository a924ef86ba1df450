// Lock order (no deadlock with erasure, which locks an entity and then its turns and summaries): after the
// session, a turn write locks every entity it may link, in one pass sorted by element id, before it touches
// an older turn or a summary. SET then REMOVE takes the write lock and leaves the entity unchanged.
CALL () {
  UNWIND $keys AS key
  MATCH (e:Entity {ns: $ns, key: key})
  USING INDEX e:Entity(ns, key)
  RETURN e
  UNION
  UNWIND $pairs AS p
  MATCH (e:Entity {ns: $ns})-[:HAS]->(:Attribute {ns: $ns, name: p.name, value: p.value})
  RETURN e
  UNION
  UNWIND $turns AS id
  MATCH (:Turn {ns: $ns, id: id})-[:MENTIONS]->(e:Entity {ns: $ns})
  RETURN e
}
WITH DISTINCT e ORDER BY elementId(e)
SET e.lock_ = true
REMOVE e.lock_
RETURN count(e) AS locked
