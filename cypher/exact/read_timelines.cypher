// Entities by key that exist at $known_at (null: believed now), each with every version of its attributes
// believed then or earlier: the believed timeline (has_believed) when $known_at is null, else the versions
// recorded by $known_at on both axes (has_history), which the caller keeps when still believed at
// $known_at. Recall's key questions read this once: the values true at valid_at and the run each belongs to
// (adjacent versions of one value joined) both come from it, so the as-of read and the timeline cost one
// round trip (`graphmem.channels.entity_timelines`). No $valid_at here: the caller picks the versions true then.
// PROFILE: NodeUniqueIndexSeek entity_key, then a prefix seek per attribute name on one of the two
// relationship indexes (the other branch's key is null and seeks nothing), as temporal/read_history.
UNWIND $keys AS key
MATCH (e:Entity {ns: $ns, key: key})
USING INDEX e:Entity(ns, key)
WHERE /*include:entity_as_of(e)*/
CALL (e) {
  UNWIND coalesce(e.attributes, []) AS name
  CALL (e, name) {
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(eid, name, valid_from, txn_time)
    WHERE v.eid = (CASE WHEN $known_at IS NOT NULL THEN e.id END) AND v.name = name AND v.valid_from IS NOT NULL
      AND v.txn_time <= $known_at
    RETURN v, a
    UNION ALL
    MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
    USING INDEX v:HAS(believed_eid, name, valid_from)
    WHERE v.believed_eid = (CASE WHEN $known_at IS NULL THEN e.id END) AND v.name = name AND v.valid_from IS NOT NULL
    RETURN v, a
  }
  RETURN collect({attribute: name, value: a.value, valid_from: toString(v.valid_from),
                  valid_to: toString(v.valid_to), txn_time: toString(v.txn_time), txn_end: toString(v.txn_end),
                  source: v.source, reason: v.reason}) AS versions
}
RETURN e.key AS key, e.type AS type, e.name AS name, versions
