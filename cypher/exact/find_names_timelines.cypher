// Names in a question, the timelines of the best candidates, and a reverse question's value holders, in one
// round trip (recall's name questions: "What was Maria Lopez's plan last March?" costs one read, like a GET of
// the entity; "Which plan was Maria Lopez on in March?" reads like one too). One row: `candidates` are
// exact/find_names' (the entity_names full-text index, live entities known at $known_at; when none holds a
// word of $lucene, those of the near terms $near, so a typo is offered as similar in the same trip); the best
// scored, and up to $prefetch in all when they score at least $close times the best, also bring every version
// of their attributes believed then, as exact/read_timelines reads them (keep the two projections alike).
// graphmem still checks each name exactly (graphmem/identifiers/names.py); a resolved entity outside the
// prefetched ones is read after. `holders` are exact/find_value_holders' rows for $holder_names x
// $holder_values as of ($valid_at, $known_at) (none asked: empty lists, no seek).
CALL () {
  CALL db.index.fulltext.queryNodes('entity_names', $lucene, {limit: $limit}) YIELD node, score
  WITH node AS e, score
  WHERE e.ns = $ns AND /*include:live(e)*/ AND ($known_at IS NULL OR e.created_at <= $known_at)
  WITH e, score ORDER BY score DESC, e.key
  RETURN collect({e: e, s: score}) AS named
}
CALL () {
  // names that are stop words of entity_names' analyzer ("Will" Hunter): $plain, or null, in entity_names_plain
  WITH 1 AS asked WHERE $plain IS NOT NULL
  CALL db.index.fulltext.queryNodes('entity_names_plain', $plain, {limit: $limit}) YIELD node, score
  WITH node AS e, score
  WHERE e.ns = $ns AND /*include:live(e)*/ AND ($known_at IS NULL OR e.created_at <= $known_at)
  WITH e, score ORDER BY score DESC, e.key
  RETURN collect({e: e, s: score}) AS stopped
}
WITH named + [x IN stopped WHERE NOT x.e IN [n IN named | n.e]] AS exact
CALL (exact) {
  // no word matched a name as written: $near (the longer words within one edit, or null), in the same trip
  WITH exact WHERE size(exact) = 0 AND $near IS NOT NULL
  CALL db.index.fulltext.queryNodes('entity_names', $near, {limit: $limit}) YIELD node, score
  WITH node AS e, score
  WHERE e.ns = $ns AND /*include:live(e)*/ AND ($known_at IS NULL OR e.created_at <= $known_at)
  WITH e, score ORDER BY score DESC, e.key
  RETURN collect({e: e, s: score}) AS near
}
WITH CASE WHEN size(exact) > 0 THEN exact ELSE near END AS found
CALL (found) {
  UNWIND range(0, size(found) - 1) AS i
  // the best, and the next ones only when they score close to it (a name two entities share): a full name
  // scores about twice the names that share one of its words, whose timelines would be read for nothing
  WITH found[i].e AS e, i < $prefetch AND found[i].s >= $close * found[0].s AS read
  CALL (e, read) {
    UNWIND (CASE WHEN read THEN coalesce(e.attributes, []) ELSE [] END) AS name
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
  RETURN collect({key: e.key, name: e.name, type: e.type, aliases: coalesce(e.aliases, []),
                  former: [j IN range(0, size(coalesce(e.former_names, [])) - 1)
                           | {name: e.former_names[j], until: e.renamed_at[j]}],
                  read: read, versions: versions}) AS candidates
}
CALL () {
  WITH datetime($valid_at) AS valid_at  // as text, as exact/read_named takes it (null when no holder is asked)
  UNWIND $holder_names AS name
  UNWIND $holder_values AS value
  MATCH (a:Attribute {ns: $ns, name: name, value: value})<-[v:HAS]-(e:Entity {ns: $ns})
  USING INDEX a:Attribute(ns, name, value)
  WHERE /*include:as_of_at(v, valid_at)*/
    AND /*include:entity_as_of(e)*/
  WITH e, a, v ORDER BY e.key, a.name LIMIT $holder_limit
  RETURN collect({key: e.key, type: e.type, entity_name: e.name, attribute: a.name, value: a.value,
                  valid_from: v.valid_from, valid_to: v.valid_to, txn_time: v.txn_time, txn_end: v.txn_end,
                  source: v.source}) AS holders
}
CALL () {  // the names' stamp: a process's copy of the names that differs is stale (graphmem/channels/names/_copy.py)
  OPTIONAL MATCH (s:NameStamp {ns: $ns})
  RETURN s.stamp AS stamp
}
RETURN candidates, holders, stamp
