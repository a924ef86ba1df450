// Dense candidates by exact cosine over the filtered turns of $ns, when over-fetching the vector index
// did not find enough turns of this namespace (a small namespace in a large shared index).
MATCH (t:Turn {ns: $ns})
WHERE t.at IS NOT NULL AND t[$vec_prop] IS NOT NULL
  AND /*include:turn_filter(t)*/
WITH t, vector.similarity.cosine(t[$vec_prop], $vector) AS score
ORDER BY score DESC LIMIT $limit
RETURN t.id AS id, score
