// Matching, type part: each group's similarity to the task (its type embedding, on the 0..1 scale of
// the vector index) and which of the task's words its runs use (for the idf-weighted overlap).
MATCH (g:WorkflowGroup {ns: $ns})
WHERE g.type_embedding IS NOT NULL AND g.merged_into IS NULL
RETURN g.key AS key, vector.similarity.cosine(g.type_embedding, $vector) AS similarity,
       [t IN $words WHERE t IN coalesce(g.terms, [])] AS shared
ORDER BY g.key
