// GET /v1/{ns}/entities/{key}/dossier (compliance): one entity as stored, on both time axes: the entity,
// every version of every fact (closed ones too) and every version of every relation in either direction.
// In Neo4j Browser:  :param ns => 'demo'  :param key => 'c-1001'
// view-exempt(e): the compliance view reads an erased entity too, until the purge removes it.
// view-exempt(o): the other end of a relation is named whatever its view.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
CALL (e) {
  OPTIONAL MATCH (e)-[v:HAS]->(a:Attribute {ns: $ns})
  WITH v, a ORDER BY v.name, v.valid_from, v.txn_time
  RETURN [x IN collect(CASE WHEN v IS NULL THEN null ELSE {
            attribute: v.name, value: a.value, valid_from: toString(v.valid_from), valid_to: toString(v.valid_to),
            txn_time: toString(v.txn_time), txn_end: toString(v.txn_end), source: v.source, reason: v.reason,
            end_reason: v.end_reason, end_source: v.end_source} END) WHERE x IS NOT NULL] AS facts
}
CALL (e) {
  OPTIONAL MATCH (e)-[r]-(o:Entity {ns: $ns})
  WHERE r.valid_from IS NOT NULL
  WITH r, o ORDER BY type(r), o.key, r.valid_from, r.txn_time
  RETURN [x IN collect(CASE WHEN r IS NULL THEN null ELSE {
            type: type(r), direction: CASE WHEN startNode(r) = e THEN 'out' ELSE 'in' END, other: o.key,
            valid_from: toString(r.valid_from), valid_to: toString(r.valid_to), txn_time: toString(r.txn_time),
            txn_end: toString(r.txn_end), properties: properties(r)} END) WHERE x IS NOT NULL] AS relations
}
RETURN e.key AS key, e.type AS type, e.name AS name, coalesce(e.aliases, []) AS aliases,
       coalesce(e.former_names, []) AS former_names, toString(e.created_at) AS created_at,
       toString(e.erased_at) AS erased_at, facts, relations
