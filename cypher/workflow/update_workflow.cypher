// Same path, new evidence: refresh support, parameters and risks on the current version; link new runs.
MATCH (w:Workflow {ns: $ns, id: $id})
WHERE w.txn_end IS NULL
SET w += $props
WITH w
UNWIND $link_ids AS tid
MATCH (t:Trajectory {ns: $ns, id: tid})
MERGE (w)-[:INDUCED_FROM]->(t)
RETURN count(t) AS linked
