// Entities by key as of (valid_at, known_at), each with its attributes' versions visible then.
// $known_at null means "what is believed now": per attribute one seek on has_believed backwards from
// valid_at, LIMIT 1 (single-valued versions believed together never overlap, so the last one starting at
// or before valid_at is the only candidate). A past known_at walks has_history backwards from valid_at
// and stops at the first version believed then. The CASE in each seek key switches off the branches
// that do not apply (a null key seeks nothing), so an attribute never costs a scan of its history; the
// hints keep the planner on seeks (it may prefer an ordered index scan for ORDER BY ... LIMIT).
// PROFILE (bench namespace, 200,000 versions, one attribute with 10,000): NodeUniqueIndexSeek entity_key,
// NodeUniqueIndexSeek attribute_decl, then DirectedRelationshipIndexSeek has_believed (order from the index,
// no Sort) + Limit 1: 3 db hits; with a past known_at, the has_history seek: 3 db hits + 4 in the Filter.
// The other branches' seeks on a null key cost 1 db hit each. The seek keys only narrow: as_of decides
// what is visible, so the four branches cannot drift from the one definition of "true and believed then".
UNWIND $keys AS key
MATCH (e:Entity {ns: $ns, key: key})
USING INDEX e:Entity(ns, key)
WHERE /*include:entity_as_of(e)*/
CALL (e) {
  UNWIND coalesce(e.attributes, []) AS name
  OPTIONAL MATCH (d:AttributeDecl {ns: $ns, name: name})
  WITH name, coalesce(d.many, false) AS many
  CALL (e, name, many) {
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(believed_eid, name, valid_from)
    WHERE v.believed_eid = (CASE WHEN $known_at IS NULL AND NOT many THEN e.id END)
      AND v.name = name AND v.valid_from <= $valid_at
    WITH v, a ORDER BY v.believed_eid DESC, v.name DESC, v.valid_from DESC LIMIT 1
    WITH v, a WHERE /*include:as_of(v)*/
    RETURN v, a
    UNION ALL
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(believed_eid, name, valid_from)
    WHERE v.believed_eid = (CASE WHEN $known_at IS NULL AND many THEN e.id END)
      AND v.name = name AND v.valid_from <= $valid_at
    WITH v, a WHERE /*include:as_of(v)*/
    RETURN v, a
    UNION ALL
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(eid, name, valid_from, txn_time)
    WHERE v.eid = (CASE WHEN $known_at IS NOT NULL AND NOT many THEN e.id END)
      AND v.name = name AND v.valid_from <= $valid_at AND v.txn_time <= $known_at
    WITH v, a ORDER BY v.eid DESC, v.name DESC, v.valid_from DESC, v.txn_time DESC
    WHERE /*include:as_of(v)*/
    WITH v, a LIMIT 1
    RETURN v, a
    UNION ALL
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(eid, name, valid_from, txn_time)
    WHERE v.eid = (CASE WHEN $known_at IS NOT NULL AND many THEN e.id END)
      AND v.name = name AND v.valid_from <= $valid_at AND v.txn_time <= $known_at
    WITH v, a WHERE /*include:as_of(v)*/
    RETURN v, a
  }
  RETURN collect({attribute: name, many: many, value: a.value, valid_from: toString(v.valid_from),
                  valid_to: toString(v.valid_to), txn_time: toString(v.txn_time), txn_end: toString(v.txn_end),
                  source: v.source, reason: v.reason}) AS facts
}
RETURN e.key AS key, e.type AS type, e.name AS name, coalesce(e.aliases, []) AS aliases,
       toString(e.created_at) AS created_at,
       toString(e.erased_at) AS erased_at,
       e.erased_by AS erased_by, e.erasure_reason AS erasure_reason, facts
