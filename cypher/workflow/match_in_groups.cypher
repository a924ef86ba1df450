// Matching, procedure part: the current procedures of the best groups, each with its similarity to the
// task (0..1, as the vector index scores). Sub-workflows are reached through the procedures that use them.
UNWIND $groups AS g
MATCH (w:Workflow {ns: $ns})
WHERE /*include:current_workflow(w)*/ AND (w.group = g OR w.key = g) AND coalesce(w.kind, 'procedure') = 'procedure'
  AND w[$vec_prop] IS NOT NULL
WITH DISTINCT w
RETURN w {.*, embedding: null, embedding_b: null} AS w, vector.similarity.cosine(w[$vec_prop], $vector) AS score
ORDER BY w.key
