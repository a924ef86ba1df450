// A better path (or a merge) supersedes this version; it stays in history with its trajectories.
MATCH (w:Workflow {ns: $ns, id: $id})
WHERE w.txn_end IS NULL
SET w.txn_end = $now, w.superseded_by = $superseded_by, w.closed_reason = $reason
RETURN w.id AS id
