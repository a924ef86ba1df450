// Reverse questions (recall: "Who lives in Porto?", "Which company does Tom Berg manage?"): the entities
// holding one of $values under one of $names, as of (valid_at, known_at; null known_at = believed now).
// Exact equality on the (ns, name, value) index, one seek per pair: never a prefix, case or fuzzy match.
UNWIND $names AS name
UNWIND $values AS value
MATCH (a:Attribute {ns: $ns, name: name, value: value})<-[v:HAS]-(e:Entity {ns: $ns})
USING INDEX a:Attribute(ns, name, value)
WHERE /*include:as_of(v)*/
  AND /*include:entity_as_of(e)*/
RETURN e.key AS key, e.type AS type, e.name AS entity_name, a.name AS attribute, a.value AS value,
       v.valid_from AS valid_from, v.valid_to AS valid_to, v.txn_time AS txn_time, v.txn_end AS txn_end,
       v.source AS source
ORDER BY key, attribute
LIMIT $limit
