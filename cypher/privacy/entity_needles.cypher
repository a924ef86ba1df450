// The strings an erased entity is known by (key, name, every attribute value ever held), to scrub caches.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
OPTIONAL MATCH (e)-[:HAS]->(a:Attribute {ns: $ns})
RETURN e.key AS key, e.name AS name, collect(DISTINCT toString(a.value)) AS values
