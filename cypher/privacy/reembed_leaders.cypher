// Erasure and purge: a workflow group whose leader task was redacted gets the embedding of the redacted text
// in place of its leader vector (computed from the erased words, it would still encode them); the other
// slot's copy is removed, so a model move in progress embeds the redacted task again. Typed groups have no
// leader vector and get none.
UNWIND $rows AS r
MATCH (g:WorkflowGroup {ns: $ns})
WHERE elementId(g) = r.id
SET g[$vec_leader] = CASE WHEN g[$vec_leader] IS NULL THEN null ELSE r.vector END,
    g[$vec_leader_other] = null
RETURN count(g) AS reembedded
