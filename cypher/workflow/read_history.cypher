// Every version of a workflow (given any version's id or the key), oldest first, with its trajectories.
// view-exempt(x): any version's id names the key; the versions shown (w) are filtered.
MATCH (x:Workflow {ns: $ns})
WHERE x.id = $ref OR x.key = $ref
WITH DISTINCT x.key AS key
MATCH (w:Workflow {ns: $ns, key: key})
WHERE /*include:live(w)*/  // versions hidden by an erasure are not history to show
OPTIONAL MATCH (w)-[:INDUCED_FROM]->(t:Trajectory {ns: $ns})
WHERE /*include:live(t)*/
WITH w, t ORDER BY t.at, t.id
RETURN w {.*, embedding: null, embedding_b: null} AS w, collect(t.id) AS trajectories
ORDER BY w.version
