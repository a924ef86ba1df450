// Who holds an entity's name as a value, under any attribute (recall: "Which patients does Dr. Hannah Schmidt
// look after?" names no attribute; "Who reports to Ana Costa?"): per name, the attribute values whose text
// holds it as a phrase (attribute_text full-text index; $names: {key, name, lucene, spellings}, the phrase built
// from the name as stored), kept when equal to one of its spellings exactly (the name, or a title and the name:
// "Dr. Hannah Lee"), and the live entities holding each as of (valid_at, known_at; null known_at = believed now).
// In Neo4j Browser:  :param ns => 'demo'  :param names => [{key: 'd-01', name: 'Hannah Schmidt',
//   lucene: '+ns:"demo"^0 +caption:"Hannah Schmidt"', spellings: ['Hannah Schmidt', 'Dr. Hannah Schmidt']}]
//   (and valid_at, known_at, include_erased, fetch, limit)
UNWIND $names AS named
CALL db.index.fulltext.queryNodes('attribute_text', named.lucene, {limit: $fetch}) YIELD node AS a
WITH named, a
WHERE a.ns = $ns AND a.value IN named.spellings
MATCH (a)<-[v:HAS]-(e:Entity {ns: $ns})
WHERE /*include:as_of(v)*/
  AND /*include:entity_as_of(e)*/
RETURN named.key AS named, e.key AS key, e.type AS type, e.name AS entity_name, a.name AS attribute,
       a.value AS value, v.valid_from AS valid_from, v.valid_to AS valid_to, v.txn_time AS txn_time,
       v.txn_end AS txn_end, v.source AS source
ORDER BY key, attribute
LIMIT $limit
