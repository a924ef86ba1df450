// Import-only bulk write (graphmem/imports/bulk.py): relation versions planned in Python by
// graphmem.timeline, each with the transaction time the source recorded it at (Graphiti's created_at /
// expired_at, kept strictly increasing per entity as txn_now does), into lanes only the import writes.
// Closes earlier versions of those lanes by element id (txn_end set on a believed version only), creates
// the new ones as relationships of their own type (a dynamic type from the validated parameter, as
// graph/apply_relations), records each entity's last transaction time and marks the imported source
// records, all in one statement. Never overwrites a version; returns each created version's element id.
CALL () {
  UNWIND $closes AS c
  MATCH ()-[r]->()
  WHERE elementId(r) = c.ref AND r.ns = $ns AND r.txn_end IS NULL
  SET r.txn_end = datetime(c.at), r.end_reason = c.reason, r.end_source = c.source
}
CALL () {
  UNWIND $entities AS x
  MATCH (e:Entity {ns: $ns, key: x.key})
  USING INDEX e:Entity(ns, key)
  SET e.last_txn = datetime(x.last_txn)
}
CALL () {
  UNWIND $marks AS id
  MERGE (m:ImportMark {ns: $ns, source: $source, id: id})
    ON CREATE SET m.at = $now
}
UNWIND range(0, size($relations) - 1) AS i
WITH i, $relations[i] AS x
MATCH (s:Entity {ns: $ns, key: x.from}), (t:Entity {ns: $ns, key: x.to})
USING INDEX s:Entity(ns, key) USING INDEX t:Entity(ns, key)
CREATE (s)-[r:$(x.type) {ns: $ns, valid_from: datetime(x.valid_from), valid_to: datetime(x.valid_to),
                         txn_time: datetime(x.txn_time), txn_end: datetime(x.txn_end),
                         end_reason: x.end_reason, end_source: x.end_source,
                         source: x.source, reason: x.reason}]->(t)
SET r += x.props, s:Related
RETURN i, elementId(r) AS ref
