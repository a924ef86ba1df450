// Matching, type part: each group's similarity to the task (its type embedding, on the 0..1 scale of
// the vector index) and the words its runs use (for the idf-weighted overlap). The words come only when
// the caller does not hold them already: $cached maps a group key to the terms_version it holds.
// `g.key IS NOT NULL` lets the (ns, key) uniqueness index find the namespace's groups (no label scan).
MATCH (g:WorkflowGroup {ns: $ns})
WHERE g.key IS NOT NULL AND g[$vec_type] IS NOT NULL AND g.merged_into IS NULL
RETURN g.key AS key, vector.similarity.cosine(g[$vec_type], $vector) AS similarity,
       g.terms_version AS version,
       CASE WHEN g.terms_version IS NOT NULL AND $cached[g.key] = g.terms_version THEN null
            ELSE coalesce(g.terms, []) END AS terms
ORDER BY g.key
