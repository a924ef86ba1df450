// The fold worker's work for one session: its chunks queued for their text (folded, text not yet written for
// their latest revision), with the live turns they cover, oldest first.
MATCH (m:Summary {ns: $ns, session: $session})
WHERE m.queued = true AND /*include:live(m)*/
MATCH (m)-[:COVERS]->(t:Turn {ns: $ns})
WHERE /*include:live(t)*/
WITH m, t ORDER BY t.at, t.seq
RETURN m.id AS id, m.rev AS rev, collect(t {.id, .seq, .at, .speaker, .text}) AS turns
