// Offline induction: all trajectories of a namespace (or of one task_type), in arrival order.
MATCH (t:Trajectory {ns: $ns})
WHERE ($task_type IS NULL OR t.task_type = $task_type) AND /*include:live(t)*/  // erased runs induce nothing
RETURN t.id AS id, t.task AS task, t.task_type AS task_type, t.outcome AS outcome, t.steps AS steps,
       t.failed_step AS failed_step, t.error AS error, t.at AS at, t.group_key AS group_key,
       t[$vec_prop] IS NULL AND t.outcome = 'success' AS unembedded  // stored before tasks were embedded
ORDER BY t.at, t.id
