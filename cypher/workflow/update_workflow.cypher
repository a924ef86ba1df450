// Same path, new evidence: refresh support, parameters and risks on the current version; link new runs.
// `embedding` in the props goes to the vector slot in use; a new vector drops the other slot's (a move to
// another model in progress embeds it again: graphmem.store._values.VECTOR_SLOTS).
MATCH (w:Workflow {ns: $ns, id: $id})
WHERE w.txn_end IS NULL
SET w += $props
SET w[$vec_prop] = CASE WHEN 'embedding' IN keys($props) THEN $props.embedding ELSE w[$vec_prop] END,
    w[$vec_prop_other] = CASE WHEN 'embedding' IN keys($props) THEN null ELSE w[$vec_prop_other] END
WITH w
UNWIND $link_ids AS tid
MATCH (t:Trajectory {ns: $ns, id: tid})
MERGE (w)-[:INDUCED_FROM]->(t)
RETURN count(t) AS linked
