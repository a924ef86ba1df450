// A turn mentions each live entity whose key appears in its text (exact, never fuzzy).
UNWIND $rows AS r
MATCH (t:Turn {ns: $ns, id: r.id})
UNWIND r.keys AS key
MATCH (e:Entity {ns: $ns, key: key})
USING INDEX e:Entity(ns, key)
WHERE /*include:live(e)*/
MERGE (t)-[:MENTIONS]->(e)
RETURN count(*) AS linked
