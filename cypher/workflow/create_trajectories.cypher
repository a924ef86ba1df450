// Store reported runs; steps travel as a JSON string (Neo4j properties cannot hold maps). A success keeps its
// task's embedding in the vector slot in use: a task's nearest runs are found by it (workflow/nearest_runs).
UNWIND $rows AS r
CREATE (t:Trajectory {ns: $ns, id: r.id})
SET t.task = r.task, t.task_type = r.task_type, t.outcome = r.outcome, t.steps = r.steps,
    t.failed_step = r.failed_step, t.error = r.error, t.at = r.at, t.group_key = r.group_key,
    t[$vec_prop] = r.embedding
RETURN count(t) AS created
