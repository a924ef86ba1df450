// Apply a plan in one statement, in order:
// 1. stop believing versions (never deletes): txn_end = now, the change that closed it kept for audits, and
//    believed_eid removed so that has_believed forgets it (by element id: a direct seek);
// 2. write new versions (new facts and clipped copies; times as ISO text) with txn_time = now; one Attribute node per distinct
//    (ns, name, value), found or made through the attribute_value constraint;
// 3. record the transaction time on the entities (the next write on one must be later, so known_at reads
//    are exact) and the attribute names each has ever had (reads seek each name).
CALL () {
  UNWIND $closes AS c
  MATCH ()-[v:HAS]->(:Attribute {ns: $ns})
  WHERE elementId(v) = c.ref AND v.txn_end IS NULL
  SET v.txn_end = $now, v.end_reason = c.reason, v.end_source = c.source
  REMOVE v.believed_eid
}
CALL () {
  UNWIND $versions AS x
  MATCH (e:Entity {ns: $ns, key: x.key})
  USING INDEX e:Entity(ns, key)
  MERGE (a:Attribute {ns: $ns, name: x.name, value: x.value})
  CREATE (e)-[:HAS {ns: $ns, eid: e.id, believed_eid: e.id, name: x.name, valid_from: datetime(x.valid_from),
                    valid_to: datetime(x.valid_to), txn_time: $now, source: x.source, reason: x.reason}]->(a)
}
CALL () {
  UNWIND $entities AS x
  MATCH (e:Entity {ns: $ns, key: x.key})
  USING INDEX e:Entity(ns, key)
  SET e.last_txn = $now,
      e.attributes = reduce(acc = coalesce(e.attributes, []), n IN x.names |
                            CASE WHEN n IN acc THEN acc ELSE acc + n END)
}
RETURN size($closes) AS closed, size($versions) AS created
