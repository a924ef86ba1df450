// The target slot's type vectors of groups, unless a re-induction rewrote the group since the read.
UNWIND $rows AS r
MATCH (g:WorkflowGroup) WHERE elementId(g) = r.id AND g[$source_type] IS NOT NULL
  AND coalesce(g.terms_version, '') = r.version
SET g[$target_type] = r.vector
RETURN count(g) AS written
