// Names in a question, and the timelines of the best candidates in the same round trip (recall's name
// questions: "What was Maria Lopez's plan last March?" costs one read, like a GET of the entity). The
// candidates are exact/find_names' (the entity_names full-text index, live entities known at $known_at);
// the $prefetch best scored also bring every version of their attributes believed then, as
// exact/read_timelines reads them (keep the two projections alike). graphmem still checks each name
// exactly (graphmem/identifiers/names.py); a resolved entity outside the prefetched ones is read after.
CALL db.index.fulltext.queryNodes('entity_names', $lucene, {limit: $limit}) YIELD node, score
WITH node AS e, score
WHERE e.ns = $ns AND /*include:live(e)*/ AND ($known_at IS NULL OR e.created_at <= $known_at)
WITH e, score ORDER BY score DESC, e.key
WITH collect(e) AS found
UNWIND range(0, size(found) - 1) AS i
WITH found[i] AS e, i < $prefetch AS read
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
RETURN e.key AS key, e.name AS name, e.type AS type, coalesce(e.aliases, []) AS aliases,
       [j IN range(0, size(coalesce(e.former_names, [])) - 1)
        | {name: e.former_names[j], until: e.renamed_at[j]}] AS former,
       read, versions
