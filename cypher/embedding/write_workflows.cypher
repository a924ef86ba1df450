// The target slot's vectors of workflow versions, unless an update in place changed them since the read.
UNWIND $rows AS r
MATCH (w:Workflow) WHERE elementId(w) = r.id AND w[$source] IS NOT NULL
  AND coalesce(w.examples, []) = r.examples AND coalesce(w.name, '') = r.name AND coalesce(w.actions, []) = r.actions
SET w[$target] = r.vector
RETURN count(w) AS written
