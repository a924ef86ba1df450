// Purge: the turns and summaries linked to the erased entity by MENTIONS at write time (the scan finds
// the others); they are removed with the copies the scan found.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
OPTIONAL MATCH (t:Turn {ns: $ns})-[:MENTIONS]->(e)
WITH e, collect(DISTINCT elementId(t)) AS turns
OPTIONAL MATCH (s:Summary {ns: $ns})-[:MENTIONS]->(e)
RETURN turns, collect(DISTINCT elementId(s)) AS summaries
