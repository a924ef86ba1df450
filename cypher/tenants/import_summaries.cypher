// After an import that brought no vectors (or another model's): summary chunks of the namespace whose vector
// (slot in use) is missing, with their text and their live turns in order, as embedding/todo_summaries reads
// them for a move (a chunk's vector is the centroid of its turns'; its text's when no turn is live). Paged by
// $batch: a written chunk has its vector, so the next page starts after it.
MATCH (m:Summary) WHERE m.ns = $ns AND m.id IS NOT NULL AND m.text IS NOT NULL AND m[$vec_prop] IS NULL
RETURN m.id AS id, m.text AS text,
       COLLECT { MATCH (m)-[:COVERS]->(t:Turn {ns: $ns}) WHERE /*include:live(t)*/ AND t.text IS NOT NULL
                 RETURN t {.speaker, .text} ORDER BY t.seq } AS turns
ORDER BY id LIMIT $batch
