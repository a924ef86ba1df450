// Apply a relation plan in one statement: close believed versions (txn_end = now, the closing change kept
// for audits; never deletes), write the new ones with txn_time = now as relationships of their own type
// (`WORKS_AT`: a dynamic type from the validated parameter, never spliced; caller properties are added
// with +=), mark the source entity Related (schema/index_related_changes: how audit/changes finds
// relation versions), and record the transaction time on both entities.
CALL () {
  UNWIND $closes AS c
  MATCH ()-[r]->()
  WHERE elementId(r) = c.ref AND r.ns = $ns AND r.txn_end IS NULL
  SET r.txn_end = $now, r.end_reason = c.reason, r.end_source = c.source
}
CALL () {
  UNWIND $relations AS x
  MATCH (s:Entity {ns: $ns, key: x.from}), (t:Entity {ns: $ns, key: x.to})
  USING INDEX s:Entity(ns, key) USING INDEX t:Entity(ns, key)
  CREATE (s)-[r:$(x.type) {ns: $ns, valid_from: datetime(x.valid_from), valid_to: datetime(x.valid_to),
                           txn_time: $now, source: x.source, reason: x.reason}]->(t)
  SET r += x.props, s:Related
}
CALL () {
  UNWIND $keys AS key
  MATCH (e:Entity {ns: $ns, key: key})
  USING INDEX e:Entity(ns, key)
  SET e.last_txn = $now
}
RETURN size($closes) AS closed, size($relations) AS created
