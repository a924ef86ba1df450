// Summaries point to the turns they fold (search lifts those turns when the summary matches).
UNWIND $covers AS c
MATCH (m:Summary {ns: $ns, id: c.summary}), (t:Turn {ns: $ns, id: c.turn})
MERGE (m)-[:COVERS]->(t)
SET t.summary = m.id
RETURN count(t) AS covered
