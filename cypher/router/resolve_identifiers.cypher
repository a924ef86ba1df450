// Router rule 1 in one round trip: which query tokens are keys of live entities, and which live entities
// hold one of the query's identifier values under an attribute name of its kind, as of (valid_at,
// known_at; null known_at = believed now). Same visibility as exact/lookup and exact/read_entities.
// Index seeks only: entity_key per token, attribute_value (ns, name, value) per (value, name).
CALL () {
  UNWIND $tokens AS token
  MATCH (e:Entity {ns: $ns, key: token})
  USING INDEX e:Entity(ns, key)
  WHERE e.erased_at IS NULL AND ($known_at IS NULL OR e.created_at <= $known_at)
  RETURN 'key' AS via, token AS ask, null AS attribute, e.key AS key
  UNION ALL
  UNWIND $asks AS ask
  UNWIND ask.attributes AS name
  MATCH (a:Attribute {ns: $ns, name: name, value: ask.value})<-[v:HAS]-(e:Entity {ns: $ns})
  WHERE v.valid_from <= $valid_at AND (v.valid_to IS NULL OR v.valid_to > $valid_at)
    AND CASE WHEN $known_at IS NULL THEN v.txn_end IS NULL
             ELSE v.txn_time <= $known_at AND (v.txn_end IS NULL OR v.txn_end > $known_at) END
    AND e.erased_at IS NULL AND ($known_at IS NULL OR e.created_at <= $known_at)
  RETURN 'value' AS via, ask.value AS ask, name AS attribute, e.key AS key
}
RETURN DISTINCT via, ask, attribute, key
ORDER BY via, ask, attribute, key
