// Create or touch workflow groups; the write takes each group's lock, so updates of one workflow serialise.
UNWIND $groups AS g
MERGE (n:WorkflowGroup {ns: $ns, key: g.key})
ON CREATE SET n.task_type = g.task_type, n.leader = g.leader, n.leader_task = g.leader_task,
              n.leader_embedding = g.leader_embedding, n.leader_actions = g.leader_actions,
              n.leader_at = g.leader_at, n.created_at = $now
SET n.touched_at = $now
RETURN n.key AS key, n.task_type AS task_type, n.merged_into AS merged_into, n.leader_at AS leader_at
