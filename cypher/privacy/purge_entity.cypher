// Purge: delete the erased entity with all its HAS versions, relations (typed
// relationships to and from other entities) and mentions; returns the
// attribute nodes it held so that the orphans among them can be deleted next.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
OPTIONAL MATCH (e)-[:HAS]->(a:Attribute {ns: $ns})
WITH e, collect(DISTINCT elementId(a)) AS attributes
DETACH DELETE e
RETURN attributes
