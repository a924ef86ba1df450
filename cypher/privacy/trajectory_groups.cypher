// Erasure and purge: the workflow groups (canonical keys) of the given trajectories.
UNWIND $ids AS id
MATCH (t:Trajectory {ns: $ns})
WHERE elementId(t) = id AND t.group_key IS NOT NULL
OPTIONAL MATCH (g:WorkflowGroup {ns: $ns, key: t.group_key})
RETURN collect(DISTINCT coalesce(g.merged_into, t.group_key)) AS keys
