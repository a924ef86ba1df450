// A group's type embedding (its example tasks) and the words its runs use, read by matching to rank
// types before procedures; terms_version names the words' content (matching caches them by it).
// Rewritten on every re-induction, so an erasure's re-induction drops the words of the erased runs.
MATCH (g:WorkflowGroup {ns: $ns, key: $key})
SET g[$vec_type] = $embedding, g[$vec_type_other] = null, g.terms = $terms, g.terms_version = $version
RETURN g.key AS key
