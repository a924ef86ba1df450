// The subject of an erasure as it is known: key, name, its aliases and the names it had before a rename (as
// `alias` and `former_name` values) and every attribute value it ever held (closed versions too), from which
// graphmem/privacy/spellings.py derives every spelling to search for.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
OPTIONAL MATCH (e)-[:HAS]->(a:Attribute {ns: $ns})
WITH e, [x IN collect(DISTINCT {name: a.name, value: a.value}) WHERE x.name IS NOT NULL] AS held
RETURN e.key AS key, e.name AS name,
       held + [n IN coalesce(e.former_names, []) | {name: 'former_name', value: n}]
       + [n IN coalesce(e.aliases, []) | {name: 'alias', value: n}] AS attributes
