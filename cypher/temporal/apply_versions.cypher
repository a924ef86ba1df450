// Apply a plan in one statement, in order:
// 1. stop believing versions (never deletes): txn_end = now, the change that closed it kept for audits, and
//    believed_eid removed so that has_believed forgets it (by element id: a direct seek);
// 2. find or make one Attribute node per distinct (ns, name, value) the new versions point at, once each
//    ($attributes: distinct, in a fixed order, so concurrent writers take their index locks in one order),
//    through the attribute_value constraint's index; a new one gets `caption`, the value as text, for
//    Neo4j Browser (which captions a node by `name` unless styled: `:style` in GET /guide);
// 3. per entity (by element id from lock_entities / merge_entities in this transaction: a direct seek),
//    write its new versions (new facts and clipped copies; times as ISO text) with txn_time = now, the
//    attribute at index `a` of $attributes; record the transaction time (the next write on the entity must be
//    later, so known_at reads are exact) and the attribute names it has ever had (reads seek each name).
// PROFILE (an update batch of 1,000 facts): DirectedRelationshipByElementIdSeek per close,
// NodeUniqueIndexSeek(Locking) per distinct value, NodeByElementIdSeek per entity; no scan.
CALL () {
  UNWIND $closes AS c
  MATCH ()-[v:HAS]->(:Attribute {ns: $ns})
  WHERE elementId(v) = c.ref AND v.txn_end IS NULL
  SET v.txn_end = $now, v.end_reason = c.reason, v.end_source = c.source
  REMOVE v.believed_eid
}
CALL () {
  UNWIND $attributes AS x
  MERGE (a:Attribute {ns: $ns, name: x.name, value: x.value})
    ON CREATE SET a.caption = toStringOrNull(x.value)
  RETURN collect(a) AS attributes
}
CALL (attributes) {
  UNWIND $entities AS x
  MATCH (e:Entity {ns: $ns})
  WHERE elementId(e) = x.ref
  SET e.last_txn = $now,
      e.attributes = reduce(acc = coalesce(e.attributes, []), n IN x.names |
                            CASE WHEN n IN acc THEN acc ELSE acc + n END)
  WITH e, x
  UNWIND x.versions AS v
  WITH e, v, attributes[v.a] AS a
  CREATE (e)-[:HAS {ns: $ns, eid: e.id, believed_eid: e.id, name: v.name, valid_from: datetime(v.valid_from),
                    valid_to: datetime(v.valid_to), txn_time: $now, source: v.source, reason: v.reason}]->(a)
}
RETURN size($closes) AS closed, reduce(n = 0, x IN $entities | n + size(x.versions)) AS created
