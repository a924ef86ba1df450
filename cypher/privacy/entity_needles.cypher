// The subject of an erasure as it is known: key, name and every attribute value it ever held (closed
// versions too), from which graphmem/privacy/spellings.py derives every spelling to search for.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
OPTIONAL MATCH (e)-[:HAS]->(a:Attribute {ns: $ns})
RETURN e.key AS key, e.name AS name,
       [x IN collect(DISTINCT {name: a.name, value: a.value}) WHERE x.name IS NOT NULL] AS attributes
