// A new workflow version, linked to the trajectories it was induced from.
CREATE (w:Workflow {ns: $ns, id: $props.id})
SET w += $props
WITH w
UNWIND $link_ids AS tid
MATCH (t:Trajectory {ns: $ns, id: tid})
CREATE (w)-[:INDUCED_FROM]->(t)
RETURN count(t) AS linked
