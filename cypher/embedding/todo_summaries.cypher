// Summary chunks whose vector is in the source slot and not yet in the target one, with their text.
// view-exempt(m): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
MATCH (m:Summary) WHERE m[$source] IS NOT NULL AND m[$target] IS NULL
RETURN elementId(m) AS id, coalesce(m.text, '') AS text
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
