// The believed versions a write can meet, per lane (entity id, attribute).
// Times travel as ISO text both ways (the driver's temporal codec is slow in bulk).
// $near (single-valued lanes changed once): the last version starting at or before `from`, then those
// starting in (from, to) -- or, with no `to`, only the first one starting after `from`. Single-valued
// versions believed together never overlap, so nothing else can be touched. PROFILE: per lane,
// DirectedRelationshipIndexSeek on has_believed with the order provided by the index (no Sort) and
// Limit 1: a few db hits whatever the lane's history. The CASE in a seek key switches a branch off. The
// hints keep the planner from an index *scan* (which it may pick for ORDER BY ... LIMIT on small stores).
// $whole (many-valued lanes, and lanes a batch changes more than once, where an earlier fact may remove
// the version a later one stops at): the lane's believed timeline, by prefix seek on has_believed.
UNWIND $near AS lane
CALL (lane) {
  MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
  USING INDEX v:HAS(believed_eid, name, valid_from)
  WHERE v.believed_eid = lane.eid AND v.name = lane.name AND v.valid_from <= datetime(lane.from)
  WITH v, a ORDER BY v.believed_eid DESC, v.name DESC, v.valid_from DESC LIMIT 1
  RETURN v, a
  UNION ALL
  MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
  USING INDEX v:HAS(believed_eid, name, valid_from)
  WHERE v.believed_eid = (CASE WHEN lane.to IS NULL THEN lane.eid END) AND v.name = lane.name
    AND v.valid_from > datetime(lane.from)
  WITH v, a ORDER BY v.believed_eid, v.name, v.valid_from LIMIT 1
  RETURN v, a
  UNION ALL
  MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
  USING INDEX v:HAS(believed_eid, name, valid_from)
  WHERE v.believed_eid = (CASE WHEN lane.to IS NOT NULL THEN lane.eid END) AND v.name = lane.name
    AND v.valid_from > datetime(lane.from) AND v.valid_from < datetime(lane.to)
  RETURN v, a
}
RETURN lane.eid AS eid, lane.name AS name, elementId(v) AS ref, a.value AS value, toString(v.valid_from) AS valid_from,
       toString(v.valid_to) AS valid_to, toString(v.txn_time) AS txn_time, v.source AS source, v.reason AS reason
UNION ALL
UNWIND $whole AS lane
MATCH ()-[v:HAS]->(a:Attribute {ns: $ns})
USING INDEX v:HAS(believed_eid, name, valid_from)
WHERE v.believed_eid = lane.eid AND v.name = lane.name AND v.valid_from IS NOT NULL
RETURN lane.eid AS eid, lane.name AS name, elementId(v) AS ref, a.value AS value, toString(v.valid_from) AS valid_from,
       toString(v.valid_to) AS valid_to, toString(v.txn_time) AS txn_time, v.source AS source, v.reason AS reason
