// Summary chunks whose vector is in the source slot and not yet in the target one, with their text.
MATCH (m:Summary) WHERE m[$source] IS NOT NULL AND m[$target] IS NULL
RETURN elementId(m) AS id, coalesce(m.text, '') AS text
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
