// Which relation lanes (from, type, to) hold any version in the namespace, believed or not: the import's
// bulk path (graphmem/imports/bulk.py) writes only into lanes that held none when it began.
// view-exempt(s): a lane is taken whatever became of its entities (erased ones too).
// view-exempt(t): as s.
UNWIND $lanes AS l
MATCH (s:Entity {ns: $ns, key: l.from})-[r:$(l.type)]->(t:Entity {ns: $ns, key: l.to})
USING INDEX s:Entity(ns, key)
RETURN DISTINCT l.from AS from, l.type AS type, l.to AS to
