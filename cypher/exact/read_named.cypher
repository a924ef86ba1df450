// A name question whose names were resolved from the process's copy of the namespace's names
// (graphmem/channels/names/_copy.py): in one round trip, the name stamp (the copy holds only while it is the same),
// which of the resolved entities $keys are live and known at $known_at (all of them, or the copy is stale), the
// timelines of the first $timelines of them (as exact/read_timelines reads them: keep the projections alike)
// and a reverse question's value holders (as exact/find_names_timelines reads them). A GET of the entity costs
// about the same: one unique-index seek per key. $tokens: the question's other words that could be entity keys
// ("Where", "live", "C-2207"), each read with its timeline when it is one (absent otherwise, and not in `live`):
// recall then knows which are keys without a second round trip (graphmem/recall/names.py, `Names.read`).
// $relations: each entity read with its timeline comes with its relations one hop out at $valid_at, as
// graph/expand_frontier reads them (keep the two alike), the first $relation_limit in graph.neighbours' order
// (recall keeps no more): the 4 in 10 name questions that recall answers with whole profiles then make no second
// round trip for them (graphmem/recall/hits.py, `Channels.relations`).
OPTIONAL MATCH (s:NameStamp {ns: $ns})
// $valid_at comes as text: the driver packs a datetime parameter in 0.06 ms more than a string, a tenth of what a
// name question costs beyond a GET
WITH s.stamp AS stamp, datetime($valid_at) AS valid_at
CALL (stamp, valid_at) {  // taken in: run after the stamp is read
  WITH $keys + $tokens AS asked
  UNWIND range(0, size(asked) - 1) AS i
  WITH i, asked[i] AS key, i < $timelines OR i >= size($keys) AS read
  MATCH (e:Entity {ns: $ns, key: key})
  USING INDEX e:Entity(ns, key)
  WHERE /*include:entity_as_of(e)*/
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
  CALL (e, read, valid_at) {  // no rows when not asked for: an empty list, and no expansion
    WITH e WHERE read AND $relations
    MATCH (e)-[r:!RELATES]-(y:Entity {ns: $ns})
    WHERE /*include:as_of_at(r, valid_at)*/
      AND /*include:entity_as_of(y)*/
    WITH DISTINCT r, y
    ORDER BY type(r), y.key, r.valid_from, elementId(r)  // graph.neighbours' order: the first $relation_limit
    LIMIT $relation_limit
    RETURN collect({id: elementId(r), from: startNode(r).key, to: endNode(r).key, type: type(r),
                    valid_from: toString(r.valid_from), valid_to: toString(r.valid_to),
                    txn_time: toString(r.txn_time), txn_end: toString(r.txn_end), source: r.source,
                    reason: r.reason, props: [k IN keys(r) WHERE NOT k IN $reserved | [k, r[k]]],
                    neighbour: y.key, neighbour_name: y.name}) AS relations
  }
  RETURN collect(CASE WHEN i < size($keys) THEN e.key END) AS live,
         collect(CASE WHEN read THEN {key: e.key, type: e.type, name: e.name, versions: versions} END) AS timelines,
         collect(CASE WHEN read AND $relations THEN {key: e.key, relations: relations} END) AS relations
}
CALL (stamp, valid_at) {
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
RETURN stamp, live, timelines, holders, relations
