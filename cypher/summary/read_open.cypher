// Folding: the session's newest summary chunk while it still has room, with the turns it covers.
MATCH (m:Summary {ns: $ns, session: $session})
WHERE m.turn_count < $chunk AND /*include:live(m)*/
WITH m ORDER BY m.to_seq DESC LIMIT 1
MATCH (m)-[:COVERS]->(t:Turn {ns: $ns})
WHERE /*include:live(t)*/
WITH m, t ORDER BY t.at, t.seq
RETURN m.id AS id, collect(t {.id, .seq, .at, .speaker, .text}) AS turns
