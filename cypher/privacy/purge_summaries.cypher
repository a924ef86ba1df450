// Purge: remove for good every summary that mentions the erased entity (text, embedding, topics and all).
MATCH (s:Summary {ns: $ns})-[:MENTIONS]->(e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
WITH DISTINCT s
DETACH DELETE s
RETURN count(*) AS summaries
