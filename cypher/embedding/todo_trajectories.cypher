// Successful trajectories whose task vector is in the source slot and not yet in the target one.
// view-exempt(t): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
MATCH (t:Trajectory) WHERE t[$source] IS NOT NULL AND t[$target] IS NULL
RETURN elementId(t) AS id, t.task AS task
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
