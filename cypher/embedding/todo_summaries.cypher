// Summary chunks whose vector is in the source slot and not yet in the target one, with their text and their
// live turns in order: a chunk's vector is the centroid of its turns' (graphmem.channels.conversation.summary
// `turns_centroid`), its text's only when no turn is live.
// view-exempt(m): a move re-embeds every stored vector, hidden records' too (the audit view still reads them)
MATCH (m:Summary) WHERE m[$source] IS NOT NULL AND m[$target] IS NULL
RETURN elementId(m) AS id, coalesce(m.text, '') AS text,
       COLLECT { MATCH (m)-[:COVERS]->(t:Turn) WHERE /*include:live(t)*/ AND t.text IS NOT NULL
                 RETURN t {.speaker, .text} ORDER BY t.seq } AS turns
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
