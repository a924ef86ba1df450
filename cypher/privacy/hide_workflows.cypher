// Erasure and purge: hide every workflow version that holds a spelling or was induced from a trajectory
// holding one, closing it if current, so that induction writes the next version from the remaining runs.
// Returns the workflow keys to re-induce and the versions (purge deletes them).
CALL () {
  UNWIND $ids AS id
  MATCH (w:Workflow {ns: $ns})
  WHERE elementId(w) = id
  RETURN w
  UNION
  UNWIND $trajectories AS tid
  MATCH (w:Workflow {ns: $ns})-[:INDUCED_FROM]->(t:Trajectory {ns: $ns})
  WHERE elementId(t) = tid
  RETURN w
}
WITH DISTINCT w
SET w.erased_at = coalesce(w.erased_at, $now), w.txn_end = coalesce(w.txn_end, $now),
    w.closed_reason = coalesce(w.closed_reason, 'erased')
RETURN collect(DISTINCT w.key) AS keys, collect(elementId(w)) AS ids
