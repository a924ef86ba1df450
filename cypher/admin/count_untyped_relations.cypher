// After `graphmem schema migrate`: the RELATES edges still left (a type graphmem does not accept), by type.
// $ns: one namespace; null: every namespace.
MATCH (s:Entity)-[old:RELATES]->(:Entity)
WHERE $ns IS NULL OR s.ns = $ns
RETURN old.type AS type, count(*) AS left
ORDER BY type
