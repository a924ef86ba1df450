// Create or touch workflow groups; the write takes each group's lock, so updates of one workflow serialise.
UNWIND $groups AS row
MERGE (n:WorkflowGroup {ns: $ns, key: row.key})
ON CREATE SET n.task_type = row.task_type, n.leader = row.leader, n.leader_task = row.leader_task,
              n[$vec_leader] = row.leader_embedding, n.leader_actions = row.leader_actions,
              n.leader_at = row.leader_at, n.created_at = $now
SET n.touched_at = $now
RETURN n.key AS key, n.task_type AS task_type, n.merged_into AS merged_into, n.leader_at AS leader_at
