// `graphmem schema migrate` (step 4): every namespace holding entities gets its name stamp, which the processes'
// copies of its names are checked against (graphmem/channels/names/_copy.py). Namespaces made since have one from
// their first entity. $ns: one namespace, or null for all.
MATCH (e:Entity)
WHERE $ns IS NULL OR e.ns = $ns
WITH DISTINCT e.ns AS ns
MERGE (s:NameStamp {ns: ns})
  ON CREATE SET s.stamp = randomUUID()
RETURN count(s) AS stamped
