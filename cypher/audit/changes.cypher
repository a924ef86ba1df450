// What changed between two instants on one time axis: every fact version that began or ended in
// [$start, $end) on $axis ('txn': txn_time / txn_end, when the service began or stopped believing it;
// 'valid': valid_from / valid_to, when it began or stopped being true), in (at, entity id, attribute)
// order, one page of at most $scan rows after the cursor ($after_at, $after_eid, $after_name; null: the
// first page; $start is then the cursor's instant). graphmem/channels/changes.py groups the rows into changes (one instant, one entity, one
// attribute: the versions that ended there are "before", those that began are "after"), so it drops a
// group the page may have cut and asks again from the last complete one.
// Views: erased entities only when $include_erased (audit, compliance); the erasures themselves are
// audit/erasures_between. Optional filters: $eid (one entity's id), $attribute (one attribute name).
// Relation versions (a relationship of its own type between two entities) are rows too, kind 'relation',
// under their source entity: the type as `attribute`, the target's key as `value`; both ends in the view.
// No index spans relationship types, so their two arms start from the entities marked Related (the
// sources of relations; schema/index_related_changes): on the txn axis only those whose last_txn is at or
// after $start (PROFILE: NodeIndexSeekByRange related_changes, Expand(All), Filter), on the valid axis all
// of them (NodeIndexSeek related_changes: the namespace's relations, never its other entities); the axis
// and $attribute (facts only) switch them off: both seek a null namespace.
// In (at, entity id, attribute) order a fact comes before a relation of the same name ($after_kind).
// PROFILE: per arm, DirectedRelationshipIndexSeekByRange on has_txn_changes / has_txn_ends /
// has_valid_changes / has_valid_ends (ns equal, the axis time in range) with the order the index provides
// (no Sort before the Limit), then Expand to the entity (a composite seek needs a predicate on every
// property of the index: hence `v.eid IS NOT NULL AND v.name IS NOT NULL`); the two arms of the other axis seek a null key
// (the CASE switches them off) and touch nothing. Never a scan of the namespace.
// In Neo4j Browser (`graphmem cypher show audit/changes` prints it expanded):
//   :param ns => 'demo'
//   :param axis => 'txn'
//   :param start => datetime('2026-07-01T00:00:00Z')
//   :param end => datetime('2026-07-02T00:00:00Z')
//   :param eid => null
//   :param attribute => null
//   :param include_erased => true
//   :param after_at => null
//   :param after_eid => null
//   :param after_name => null
//   :param after_kind => null
//   :param scan => 200
CALL () {
  MATCH (e:Entity {ns: $ns})-[v:HAS]->(a:Attribute {ns: $ns})
  USING INDEX v:HAS(ns, txn_time, eid, name)
  WHERE v.ns = (CASE WHEN $axis = 'txn' THEN $ns END) AND v.txn_time >= $start AND v.txn_time < $end
    AND v.eid IS NOT NULL AND v.name IS NOT NULL AND ($eid IS NULL OR v.eid = $eid) AND ($attribute IS NULL OR v.name = $attribute)
    AND ($after_at IS NULL OR v.txn_time > $after_at OR v.eid > $after_eid
         OR (v.eid = $after_eid AND v.name > $after_name))
    AND /*include:in_view(e, include_erased)*/
  WITH e, v, a ORDER BY v.ns, v.txn_time, v.eid, v.name LIMIT $scan
  RETURN e, v, a.value AS value, v.txn_time AS at, 'began' AS side, v.eid AS eid, v.name AS name, 'fact' AS kind
  UNION ALL
  MATCH (e:Entity {ns: $ns})-[v:HAS]->(a:Attribute {ns: $ns})
  USING INDEX v:HAS(ns, txn_end, eid, name)
  WHERE v.ns = (CASE WHEN $axis = 'txn' THEN $ns END) AND v.txn_end >= $start AND v.txn_end < $end
    AND v.eid IS NOT NULL AND v.name IS NOT NULL AND ($eid IS NULL OR v.eid = $eid) AND ($attribute IS NULL OR v.name = $attribute)
    AND ($after_at IS NULL OR v.txn_end > $after_at OR v.eid > $after_eid
         OR (v.eid = $after_eid AND v.name > $after_name))
    AND /*include:in_view(e, include_erased)*/
  WITH e, v, a ORDER BY v.ns, v.txn_end, v.eid, v.name LIMIT $scan
  RETURN e, v, a.value AS value, v.txn_end AS at, 'ended' AS side, v.eid AS eid, v.name AS name, 'fact' AS kind
  UNION ALL
  MATCH (e:Entity {ns: $ns})-[v:HAS]->(a:Attribute {ns: $ns})
  USING INDEX v:HAS(ns, valid_from, eid, name)
  WHERE v.ns = (CASE WHEN $axis = 'valid' THEN $ns END) AND v.valid_from >= $start AND v.valid_from < $end
    AND v.eid IS NOT NULL AND v.name IS NOT NULL AND ($eid IS NULL OR v.eid = $eid) AND ($attribute IS NULL OR v.name = $attribute)
    AND ($after_at IS NULL OR v.valid_from > $after_at OR v.eid > $after_eid
         OR (v.eid = $after_eid AND v.name > $after_name))
    AND /*include:in_view(e, include_erased)*/
  WITH e, v, a ORDER BY v.ns, v.valid_from, v.eid, v.name LIMIT $scan
  RETURN e, v, a.value AS value, v.valid_from AS at, 'began' AS side, v.eid AS eid, v.name AS name, 'fact' AS kind
  UNION ALL
  MATCH (e:Entity {ns: $ns})-[v:HAS]->(a:Attribute {ns: $ns})
  USING INDEX v:HAS(ns, valid_to, eid, name)
  WHERE v.ns = (CASE WHEN $axis = 'valid' THEN $ns END) AND v.valid_to >= $start AND v.valid_to < $end
    AND v.eid IS NOT NULL AND v.name IS NOT NULL AND ($eid IS NULL OR v.eid = $eid) AND ($attribute IS NULL OR v.name = $attribute)
    AND ($after_at IS NULL OR v.valid_to > $after_at OR v.eid > $after_eid
         OR (v.eid = $after_eid AND v.name > $after_name))
    AND /*include:in_view(e, include_erased)*/
  WITH e, v, a ORDER BY v.ns, v.valid_to, v.eid, v.name LIMIT $scan
  RETURN e, v, a.value AS value, v.valid_to AS at, 'ended' AS side, v.eid AS eid, v.name AS name, 'fact' AS kind
  UNION ALL
  WITH CASE WHEN $axis = 'txn' AND $attribute IS NULL THEN $ns END AS rns
  MATCH (e:Related)-[v:!RELATES]->(t:Entity {ns: rns})
  USING INDEX e:Related(ns, last_txn)
  WHERE e.ns = rns AND e.last_txn >= $start AND v.txn_time IS NOT NULL AND ($eid IS NULL OR e.id = $eid)
    AND /*include:in_view(e, include_erased)*/ AND /*include:in_view(t, include_erased)*/
  UNWIND [[v.txn_time, 'began'], [v.txn_end, 'ended']] AS edge
  WITH e, v, t, edge[0] AS at, edge[1] AS side
  WHERE at >= $start AND at < $end
    AND ($after_at IS NULL OR at > $after_at OR e.id > $after_eid
         OR (e.id = $after_eid AND (type(v) > $after_name OR (type(v) = $after_name AND $after_kind = 'fact'))))
  WITH e, v, t, at, side ORDER BY at, e.id, type(v) LIMIT $scan
  RETURN e, v, t.key AS value, at, side, e.id AS eid, type(v) AS name, 'relation' AS kind
  UNION ALL
  WITH CASE WHEN $axis = 'valid' AND $attribute IS NULL THEN $ns END AS rns
  MATCH (e:Related)-[v:!RELATES]->(t:Entity {ns: rns})
  USING INDEX e:Related(ns, last_txn)
  WHERE e.ns = rns AND e.last_txn IS NOT NULL AND v.valid_from IS NOT NULL AND ($eid IS NULL OR e.id = $eid)
    AND /*include:in_view(e, include_erased)*/ AND /*include:in_view(t, include_erased)*/
  UNWIND [[v.valid_from, 'began'], [v.valid_to, 'ended']] AS edge
  WITH e, v, t, edge[0] AS at, edge[1] AS side
  WHERE at >= $start AND at < $end
    AND ($after_at IS NULL OR at > $after_at OR e.id > $after_eid
         OR (e.id = $after_eid AND (type(v) > $after_name OR (type(v) = $after_name AND $after_kind = 'fact'))))
  WITH e, v, t, at, side ORDER BY at, e.id, type(v) LIMIT $scan
  RETURN e, v, t.key AS value, at, side, e.id AS eid, type(v) AS name, 'relation' AS kind
}
WITH e, v, value, at, side, eid, name, kind ORDER BY at, eid, name, kind LIMIT $scan
RETURN toString(at) AS at, side, e.key AS key, eid, toString(e.erased_at) AS erased_at, name AS attribute,
       value, kind, toString(v.valid_from) AS valid_from, toString(v.valid_to) AS valid_to,
       toString(v.txn_time) AS txn_time, toString(v.txn_end) AS txn_end, v.source AS source, v.reason AS reason,
       v.end_source AS end_source, v.end_reason AS end_reason
