// Every trajectory of a group and of the groups merged into it, in arrival order.
MATCH (g:WorkflowGroup {ns: $ns})
WHERE g.key = $key OR g.merged_into = $key
MATCH (t:Trajectory {ns: $ns, group_key: g.key})
WHERE /*include:live(t)*/  // a trajectory hidden by an erasure induces nothing
RETURN t.id AS id, t.task AS task, t.task_type AS task_type, t.outcome AS outcome, t.steps AS steps,
       t.failed_step AS failed_step, t.error AS error, t.at AS at, t.group_key AS group_key
ORDER BY t.at, t.id
