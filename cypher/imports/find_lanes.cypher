// Which relation lanes (from, type, to) hold any version in the namespace, believed or not: the import's
// bulk path (graphmem/imports/bulk.py) writes only into lanes that held none when it began.
// Both ends are sought first, then a relation between them is looked for (Expand(Into), from the end with fewer
// relationships): matched as one pattern, the planner sought the other end and expanded all its relationships
// (the type is dynamic), so each lane into a company with 10,000 employees cost 10,000 expansions.
// view-exempt(s): a lane is taken whatever became of its entities (erased ones too).
// view-exempt(t): as s.
UNWIND $lanes AS l
MATCH (s:Entity {ns: $ns, key: l.from}), (t:Entity {ns: $ns, key: l.to})
USING INDEX s:Entity(ns, key) USING INDEX t:Entity(ns, key)
WHERE EXISTS { (s)-[:$(l.type)]->(t) }
RETURN DISTINCT l.from AS from, l.type AS type, l.to AS to
