// Store reported runs; steps travel as a JSON string (Neo4j properties cannot hold maps).
UNWIND $rows AS r
CREATE (t:Trajectory {ns: $ns, id: r.id})
SET t.task = r.task, t.task_type = r.task_type, t.outcome = r.outcome, t.steps = r.steps,
    t.failed_step = r.failed_step, t.error = r.error, t.at = r.at, t.group_key = r.group_key
RETURN count(t) AS created
