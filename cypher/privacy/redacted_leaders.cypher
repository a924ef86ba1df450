// Purge: workflow groups whose leader task holds the redaction marker and that have a leader vector (untyped
// groups), so that the purge re-embeds each from its redacted task: an erasure made before erasures did that
// left the vector of the erased words.
MATCH (g:WorkflowGroup {ns: $ns})
WHERE g.leader_task CONTAINS $redacted AND (g[$vec_leader] IS NOT NULL OR g[$vec_leader_other] IS NOT NULL)
RETURN elementId(g) AS id, g.leader_task AS task
