// Reverse exact lookup: the entities whose `attribute` equals `value` (already normalised) as of
// (valid_at, known_at; null known_at = believed now). Exact equality only: no prefix, case or fuzzy match.
// PROFILE (bench namespace, 20,000 entities / 200,000 versions): NodeUniqueIndexSeek on the attribute_value
// constraint (ns, name, value) 2 db hits, Expand(All) over that one value's HAS edges 2, Filter 6: the cost
// follows the holders of the value, not the size of the graph.
MATCH (a:Attribute {ns: $ns, name: $attribute, value: $value})<-[v:HAS]-(e:Entity {ns: $ns})
USING INDEX a:Attribute(ns, name, value)
WHERE /*include:as_of(v)*/
  AND /*include:entity_as_of(e)*/
RETURN DISTINCT e.key AS key, e.type AS type, e.name AS name, toString(e.erased_at) AS erased_at
ORDER BY key
