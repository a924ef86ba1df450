// Dense candidates among summaries by exact cosine over the filtered summaries of $ns: for a namespace with
// fewer summaries than an over-fetch of the shared vector index would read. Filters as in search/candidates.
MATCH (m:Summary {ns: $ns})
WHERE m.id IS NOT NULL AND m[$vec_prop] IS NOT NULL
  AND /*include:summary_filter(m)*/
WITH m, vector.similarity.cosine(m[$vec_prop], $vector) AS score
ORDER BY score DESC LIMIT $limit
RETURN m.id AS id, score
