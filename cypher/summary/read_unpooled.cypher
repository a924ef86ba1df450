// A session's chunks whose text is written for their current revision but that have no vector: folded while
// their turns waited for theirs (GRAPHMEM_EMBED_WRITES=background). Each with its live turns' ids and vectors
// in the slot in use (null until embedded): graphmem pools those whose turns all have one
// (graphmem.channels.conversation.summary.pool_chunks), after the fold worker writes a chunk's text and after
// the embedding worker writes turns' vectors, so whichever commits last finds both.
MATCH (m:Summary {ns: $ns, session: $session})
WHERE m[$vec_prop] IS NULL AND m.queued IS NULL AND m.content_rev = m.rev AND /*include:live(m)*/
MATCH (m)-[:COVERS]->(t:Turn {ns: $ns})
WHERE /*include:live(t)*/
WITH m, t ORDER BY t.at, t.seq
RETURN m.id AS id, m.rev AS rev, collect(t {.id, vector: t[$vec_prop]}) AS turns
