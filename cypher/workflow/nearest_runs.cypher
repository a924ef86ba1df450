// Fitting the best match to a task: the successful runs of its group (and of the groups merged into it)
// nearest the task by their task embeddings, nearest first, scored on the 0..1 scale of
// vector.similarity.cosine. Runs hidden by an erasure are never a neighbour (nor an example); runs stored
// before tasks were embedded have no vector and are not either. Each run comes with the current procedures
// induced from it, so the answer can lead with the procedure of the run nearest the task.
MATCH (g:WorkflowGroup {ns: $ns})
WHERE g.key = $group OR g.merged_into = $group
MATCH (t:Trajectory {ns: $ns, group_key: g.key})
WHERE /*include:live(t)*/ AND t.outcome = 'success' AND t[$vec_prop] IS NOT NULL
WITH t ORDER BY t.at DESC, t.id LIMIT $scan  // the latest $scan runs: a fit's cost stays bounded in a huge type
WITH t, vector.similarity.cosine(t[$vec_prop], $vector) AS score
ORDER BY score DESC, t.at, t.id
LIMIT $k
CALL (t) {
  OPTIONAL MATCH (w:Workflow {ns: $ns})-[:INDUCED_FROM]->(t)
  WHERE /*include:current_workflow(w)*/ AND coalesce(w.kind, 'procedure') = 'procedure'
  RETURN collect(w.key) AS procedures
}
RETURN t.id AS id, t.task AS task, t.task_type AS task_type, t.outcome AS outcome, t.steps AS steps,
       t.failed_step AS failed_step, t.error AS error, t.at AS at, score, procedures
