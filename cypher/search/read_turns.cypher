// What ranking needs of candidate turns (no text: kept lean), with the ids of their neighbours in
// arrival order (NEXT) for neighbour expansion.
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
OPTIONAL MATCH (p:Turn {ns: $ns})-[:NEXT]->(t)
OPTIONAL MATCH (t)-[:NEXT]->(n:Turn {ns: $ns})
RETURN t.id AS id, t.session AS session, t.at AS at, t.speaker AS speaker, t.importance AS importance,
       coalesce(t.text CONTAINS '?', false) AS question, t.erased_at IS NOT NULL AS erased,
       t.archived_at IS NOT NULL AS archived, p.id AS prev, n.id AS next
