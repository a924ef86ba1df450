// Facts by their text (recall's semantic path): the attribute values whose text or attribute name holds the
// question's words (attribute_text full-text index, BM25 over-fetched by $fetch: it cannot pre-filter),
// and the live entities holding each as of (valid_at, known_at; null known_at = believed now). Closed
// versions, erased entities and values nobody holds then fall out here, so the index never needs to follow
// close-and-insert.
// In Neo4j Browser:  :param ns => 'demo'  :param lucene => '+ns:"demo"^0 +(caption:(penicillin) name:(penicillin))'
CALL db.index.fulltext.queryNodes('attribute_text', $lucene, {limit: $fetch}) YIELD node AS a, score
WITH a, score
WHERE a.ns = $ns
MATCH (a)<-[v:HAS]-(e:Entity {ns: $ns})
WHERE /*include:as_of(v)*/
  AND /*include:entity_as_of(e)*/
RETURN e.key AS key, e.type AS type, e.name AS entity_name, a.name AS attribute, a.value AS value, score
ORDER BY score DESC, key, attribute
LIMIT $limit
