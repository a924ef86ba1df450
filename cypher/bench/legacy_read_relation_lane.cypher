// Benchmark only (graphmem bench relations, issue #21): the statement as graphmem wrote it before typed
// relations, every relation one `RELATES` relationship with its type in a property. Kept so that typed
// relations are timed against it side by side, through the same library code (the bench swaps the text in).
// view-exempt(s): the write path reads the lane it is about to change, whatever the view.
// view-exempt(t): an erased target's believed relation is still closed by a later write.
OPTIONAL MATCH (d:RelationDecl {ns: $ns, type: $type})
WITH coalesce(d.many, true) AS many
OPTIONAL MATCH (s:Entity {ns: $ns, key: $from})-[r:RELATES]->(t:Entity {ns: $ns})
USING INDEX s:Entity(ns, key)
WHERE r.type = $type AND r.txn_end IS NULL
  AND ($to IS NULL OR NOT (many OR $retract) OR t.key = $to)
RETURN many, elementId(r) AS ref, t.key AS value, toString(r.valid_from) AS valid_from,
       toString(r.valid_to) AS valid_to, toString(r.txn_time) AS txn_time, r.source AS source, r.reason AS reason,
       [k IN keys(r) WHERE NOT k IN $reserved | [k, r[k]]] AS props
