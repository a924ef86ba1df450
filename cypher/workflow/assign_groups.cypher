// Offline induction places trajectories stored without a group (bulk loads) into their group.
UNWIND $rows AS r
MATCH (t:Trajectory {ns: $ns, id: r.id})
SET t.group_key = r.group_key
