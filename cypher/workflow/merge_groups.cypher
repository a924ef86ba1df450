// Dedupe: a group whose workflow has another's action signature is absorbed, with the groups it absorbed.
MATCH (g:WorkflowGroup {ns: $ns})
WHERE g.key = $from OR g.merged_into = $from
SET g.merged_into = $into, g.merged_at = $now
RETURN g.key AS key
