// Dense candidates by exact cosine over one session's turns (small and index-backed: no need for the
// vector index and its over-fetching).
MATCH (t:Turn {ns: $ns, session: $session})
WHERE t.seq IS NOT NULL AND t.embedding IS NOT NULL
  AND ($all OR t.erased_at IS NULL) AND ($archived OR t.archived_at IS NULL)
  AND ($speaker IS NULL OR t.speaker = $speaker)
  AND ($since IS NULL OR t.at >= $since) AND ($until IS NULL OR t.at <= $until)
WITH t, vector.similarity.cosine(t.embedding, $vector) AS score
ORDER BY score DESC LIMIT $limit
RETURN t.id AS id, score
