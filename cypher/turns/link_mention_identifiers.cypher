// A turn mentions each live entity currently holding an identifier value found in its text
// (the value normalised by the identifier registry, as the attribute was stored).
UNWIND $rows AS r
MATCH (t:Turn {ns: $ns, id: r.id})
UNWIND r.pairs AS p
MATCH (e:Entity {ns: $ns})-[v:HAS]->(:Attribute {ns: $ns, name: p.name, value: p.value})
WHERE /*include:live(e)*/ AND /*include:current(v, now)*/
MERGE (t)-[:MENTIONS]->(e)
RETURN count(*) AS linked
