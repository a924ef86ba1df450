// The fold worker's work for one session: its chunks queued for their text (folded, text not yet written for
// their latest revision), with the live turns they cover, oldest first, each with its vector in the slot in use
// (null until embedded): a chunk whose turns all have one is matched by their centroid, embedding nothing.
MATCH (m:Summary {ns: $ns, session: $session})
WHERE m.queued = true AND /*include:live(m)*/
MATCH (m)-[:COVERS]->(t:Turn {ns: $ns})
WHERE /*include:live(t)*/
WITH m, t ORDER BY t.at, t.seq
RETURN m.id AS id, m.rev AS rev, collect(t {.id, .seq, .at, .speaker, .text, vector: t[$vec_prop]}) AS turns
