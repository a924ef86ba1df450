// Turns whose vector is in the source slot and not yet in the target one, with what they are embedded from.
// view-exempt(t): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
MATCH (t:Turn) WHERE t[$source] IS NOT NULL AND t[$target] IS NULL AND t.text IS NOT NULL
RETURN elementId(t) AS id, t.speaker AS speaker, t.text AS text
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
