// The target slot's leader vectors of groups (a leader's task never changes).
UNWIND $rows AS r
MATCH (g:WorkflowGroup) WHERE elementId(g) = r.id AND g[$source_leader] IS NOT NULL
SET g[$target_leader] = r.vector
RETURN count(g) AS written
