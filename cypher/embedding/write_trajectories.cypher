// The target slot's task vectors of trajectories (a trajectory's task never changes; a purge deletes it).
// view-exempt(t): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
UNWIND $rows AS r
MATCH (t:Trajectory) WHERE elementId(t) = r.id AND t[$source] IS NOT NULL
SET t[$target] = r.vector
RETURN count(t) AS written
