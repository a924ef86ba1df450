// What ranking needs of candidate turns and of their neighbours in arrival order (NEXT), for
// neighbour expansion; no text (read for the k hits only), flat columns to keep the reply lean.
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
OPTIONAL MATCH (p:Turn {ns: $ns})-[:NEXT]->(t)
OPTIONAL MATCH (t)-[:NEXT]->(n:Turn {ns: $ns})
RETURN t.id AS id, t.session AS session, t.at AS at, t.speaker AS speaker, t.importance AS importance,
       coalesce(t.text CONTAINS '?', false) AS question, t.erased_at IS NOT NULL AS erased,
       t.archived_at IS NOT NULL AS archived,
       p.id AS prev, p.at AS prev_at, p.speaker AS prev_speaker, p.importance AS prev_importance,
       p.erased_at IS NOT NULL AS prev_erased, p.archived_at IS NOT NULL AS prev_archived,
       n.id AS next, n.at AS next_at, n.speaker AS next_speaker, n.importance AS next_importance,
       coalesce(n.text CONTAINS '?', false) AS next_question,
       n.erased_at IS NOT NULL AS next_erased, n.archived_at IS NOT NULL AS next_archived
