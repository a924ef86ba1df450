// How a relation type is declared (undeclared: many-valued) and the believed versions of the lane a write
// changes: (from, type) for a single-valued type, (from, type, to) for a many-valued one or a retraction
// of one target ($to null: every target). Expands from the (locked) source entity only, over the
// relationships of the type ($type: a dynamic type, validated upper snake case).
// view-exempt(s): the write path reads the lane it is about to change, whatever the view.
// view-exempt(t): an erased target's believed relation is still closed by a later write.
OPTIONAL MATCH (d:RelationDecl {ns: $ns, type: $type})
WITH coalesce(d.many, true) AS many
OPTIONAL MATCH (s:Entity {ns: $ns, key: $from})-[r:$($type)]->(t:Entity {ns: $ns})
USING INDEX s:Entity(ns, key)
WHERE r.txn_end IS NULL
  AND ($to IS NULL OR NOT (many OR $retract) OR t.key = $to)
RETURN many, elementId(r) AS ref, t.key AS value, toString(r.valid_from) AS valid_from,
       toString(r.valid_to) AS valid_to, toString(r.txn_time) AS txn_time, r.source AS source, r.reason AS reason,
       [k IN keys(r) WHERE NOT k IN $reserved | [k, r[k]]] AS props
