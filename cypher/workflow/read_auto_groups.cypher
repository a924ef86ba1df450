// Leaders of the groups of untyped runs (not merged away): a new untyped run joins the most similar.
MATCH (g:WorkflowGroup {ns: $ns})
WHERE g.task_type IS NULL AND g.merged_into IS NULL AND g[$vec_leader] IS NOT NULL
RETURN g.key AS key, g[$vec_leader] AS embedding, g.leader_actions AS actions
ORDER BY g.leader_at, g.key
