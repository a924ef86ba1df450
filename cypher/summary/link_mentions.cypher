// A summary mentions every entity its turns mention (erasure hides the summary with the entity).
UNWIND $ids AS id
MATCH (m:Summary {ns: $ns, id: id})-[:COVERS]->(:Turn {ns: $ns})-[:MENTIONS]->(e:Entity {ns: $ns})
MERGE (m)-[:MENTIONS]->(e)
RETURN count(DISTINCT e) AS linked
