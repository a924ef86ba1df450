// Import-only bulk write (graphmem/imports/entities.py): new entities with their first fact versions, planned
// in Python by graphmem.timeline, each entity at the transaction time the source created it at (Graphiti's
// created_at), in one statement. Leaves what temporal/merge_entities + temporal/apply_versions leave for a
// put_entities at that time: the entity (created_at = last_txn = its time, the attribute names it holds, _lock 1),
// one Attribute node per distinct (ns, name, value) (merged once each, $attributes in a fixed order; `caption`
// for Neo4j Browser) and a HAS version per planned version (its txn_time: the entity's time). Entities come in key order
// (concurrent writers lock them in one order). A key someone else took since the import began is left untouched
// and returned in `taken`: the caller then fails the transaction (import_conflict), so it writes nothing.
CALL () {
  UNWIND $entities AS x
  MERGE (e:Entity {ns: $ns, key: x.key})
    ON CREATE SET e.id = x.id, e.type = x.type, e.name = x.name, e.created_at = datetime(x.at),
                  e.last_txn = datetime(x.at), e.attributes = x.names, e._lock = 1
  WITH e, x, coalesce(e.id = x.id, false) AS made
  RETURN collect(CASE WHEN made THEN {e: e, x: x} END) AS made,
         collect(CASE WHEN NOT made THEN x.key END) AS taken
}
CALL () {
  UNWIND $attributes AS x
  MERGE (a:Attribute {ns: $ns, name: x.name, value: x.value})
    ON CREATE SET a.caption = toStringOrNull(x.value)
  RETURN collect(a) AS attributes
}
CALL (made, attributes) {
  UNWIND made AS m
  WITH m.e AS e, m.x AS x, attributes
  UNWIND x.versions AS v
  WITH e, v, attributes[v.a] AS a
  CREATE (e)-[:HAS {ns: $ns, eid: e.id, believed_eid: e.id, name: v.name, valid_from: datetime(v.valid_from),
                    valid_to: datetime(v.valid_to), txn_time: datetime(v.txn_time), source: v.source,
                    reason: v.reason}]->(a)
}
RETURN taken
