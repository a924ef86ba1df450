// Candidate summaries with the turns they cover (a matching summary lifts its turns).
UNWIND $ids AS id
MATCH (m:Summary {ns: $ns, id: id})
OPTIONAL MATCH (m)-[:COVERS]->(t:Turn {ns: $ns})
WITH m, collect(t.id) AS turns
RETURN m {.id, .session, .text, .from_at, .to_at, .from_seq, .to_seq, .importance, .speakers} AS summary, turns
