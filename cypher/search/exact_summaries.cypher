// Dense candidates among summaries by exact cosine over the filtered summaries of $ns: for a namespace with
// fewer summaries than an over-fetch of the shared vector index would read. Filters as in search/candidates.
MATCH (m:Summary {ns: $ns})
WHERE m.id IS NOT NULL AND m.embedding IS NOT NULL
  AND ($all OR m.erased_at IS NULL) AND ($archived OR m.archived_at IS NULL)
  AND ($session IS NULL OR m.session = $session) AND ($speaker IS NULL OR $speaker IN m.speakers)
  AND ($since IS NULL OR m.from_at >= $since) AND ($until IS NULL OR m.to_at <= $until)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
ORDER BY score DESC LIMIT $limit
RETURN m.id AS id, score
