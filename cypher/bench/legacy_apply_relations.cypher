// Benchmark only (graphmem bench relations, issue #21): the statement as graphmem wrote it before typed
// relations, every relation one `RELATES` relationship with its type in a property. Kept so that typed
// relations are timed against it side by side, through the same library code (the bench swaps the text in).
CALL () {
  UNWIND $closes AS c
  MATCH ()-[r:RELATES]->()
  WHERE elementId(r) = c.ref AND r.ns = $ns AND r.txn_end IS NULL
  SET r.txn_end = $now, r.end_reason = c.reason, r.end_source = c.source
}
CALL () {
  UNWIND $relations AS x
  MATCH (s:Entity {ns: $ns, key: x.from}), (t:Entity {ns: $ns, key: x.to})
  USING INDEX s:Entity(ns, key) USING INDEX t:Entity(ns, key)
  CREATE (s)-[r:RELATES {ns: $ns, type: x.type, valid_from: datetime(x.valid_from), valid_to: datetime(x.valid_to),
                         txn_time: $now,
                         source: x.source, reason: x.reason}]->(t)
  SET r += x.props
}
CALL () {
  UNWIND $keys AS key
  MATCH (e:Entity {ns: $ns, key: key})
  USING INDEX e:Entity(ns, key)
  SET e.last_txn = $now
}
RETURN size($closes) AS closed, size($relations) AS created
