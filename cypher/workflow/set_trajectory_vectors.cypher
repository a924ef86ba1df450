// Offline induction: task vectors for successful trajectories stored before tasks were embedded (a task's
// nearest runs are found by them), in the vector slot in use.
UNWIND $rows AS r
MATCH (t:Trajectory {ns: $ns, id: r.id})
WHERE /*include:live(t)*/ AND t[$vec_prop] IS NULL
SET t[$vec_prop] = r.vector
RETURN count(t) AS written
