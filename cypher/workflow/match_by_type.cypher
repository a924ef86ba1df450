// Matching, exact part: current workflows induced from runs of this task_type.
MATCH (w:Workflow {ns: $ns})
WHERE w.txn_end IS NULL AND $task_type IN w.task_types
RETURN w {.*, embedding: null} AS w, 1.0 AS score
ORDER BY w.task_type = $task_type DESC, w.support DESC, w.key
