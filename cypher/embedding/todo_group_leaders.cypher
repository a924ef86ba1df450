// Groups of untyped runs whose leader vector is in the source slot and not yet in the target one.
MATCH (g:WorkflowGroup) WHERE g[$source_leader] IS NOT NULL AND g[$target_leader] IS NULL AND g.leader_task IS NOT NULL
RETURN elementId(g) AS id, g.leader_task AS task
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
