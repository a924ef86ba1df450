// exact/lookup for every identifier of a question at once, plus which of $keys are entity keys, as of
// (valid_at, known_at; null known_at = believed now), in one round trip. Same visibility as exact/lookup
// and exact/read_entities. $values: [{value (already normalised), attributes: [names of its kind]}].
// Index seeks only: entity_key per key, attribute_value (ns, name, value) per (value, name).
CALL () {
  UNWIND $keys AS wanted
  MATCH (e:Entity {ns: $ns, key: wanted})
  USING INDEX e:Entity(ns, key)
  WHERE /*include:entity_as_of(e)*/
  RETURN 'key' AS via, wanted AS asked, null AS attribute, e.key AS key
  UNION ALL
  UNWIND $values AS wanted
  UNWIND wanted.attributes AS name
  MATCH (a:Attribute {ns: $ns, name: name, value: wanted.value})<-[v:HAS]-(e:Entity {ns: $ns})
  WHERE /*include:as_of(v)*/
    AND /*include:entity_as_of(e)*/
  RETURN 'value' AS via, wanted.value AS asked, name AS attribute, e.key AS key
}
RETURN DISTINCT via, asked, attribute, key
ORDER BY via, asked, attribute, key
