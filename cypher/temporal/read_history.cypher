// History of one entity's attributes (one attribute when $attribute is set). Auditors ($all) get every
// version on both axes through has_history; agents get the believed timeline through has_believed.
// PROFILE: NodeUniqueIndexSeek entity_key, then a prefix seek per attribute name on one of the two
// relationship indexes (the other branch's key is null and seeks nothing).
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
WHERE /*include:in_view(e, include_erased)*/
CALL (e) {
  UNWIND (CASE WHEN $attribute IS NULL THEN coalesce(e.attributes, []) ELSE [$attribute] END) AS name
  CALL (e, name) {
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(eid, name, valid_from, txn_time)
    WHERE v.eid = (CASE WHEN $all THEN e.id END) AND v.name = name AND v.valid_from IS NOT NULL
      AND v.txn_time IS NOT NULL
    RETURN v, a
    UNION ALL
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(believed_eid, name, valid_from)
    WHERE v.believed_eid = (CASE WHEN $all THEN null ELSE e.id END) AND v.name = name AND v.valid_from IS NOT NULL
    RETURN v, a
  }
  RETURN collect({attribute: name, value: a.value, valid_from: toString(v.valid_from),
                  valid_to: toString(v.valid_to), txn_time: toString(v.txn_time), txn_end: toString(v.txn_end),
                  source: v.source, reason: v.reason,
                  end_reason: v.end_reason, end_source: v.end_source}) AS versions
}
RETURN e.key AS key, toString(e.erased_at) AS erased_at, versions
