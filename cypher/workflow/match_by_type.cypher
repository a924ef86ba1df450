// Matching, exact part: current procedures induced from runs of this task_type (sub-workflows are
// reached through the procedures that use them).
MATCH (w:Workflow {ns: $ns})
WHERE /*include:current_workflow(w)*/ AND $task_type IN w.task_types AND coalesce(w.kind, 'procedure') = 'procedure'
RETURN w {.*, embedding: null, embedding_b: null} AS w, 1.0 AS score
ORDER BY w.task_type = $task_type DESC, w.support DESC, w.key
