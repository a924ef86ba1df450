// Workflow versions whose vector is in the source slot and not yet in the target one, with what a workflow
// is matched by (graphmem.channels.workflow `workflow_texts`).
// view-exempt(w): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
MATCH (w:Workflow) WHERE w[$source] IS NOT NULL AND w[$target] IS NULL
RETURN elementId(w) AS id, coalesce(w.examples, []) AS examples, coalesce(w.name, '') AS name,
       coalesce(w.actions, []) AS actions
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
