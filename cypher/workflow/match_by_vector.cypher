// Matching, semantic part: nearest procedure embeddings (sub-workflows have none); the index cannot
// pre-filter, so over-fetch, then keep this namespace's current versions. `fetched` tells the caller
// whether to widen. Each hit brings its group's type embedding, to rank the type before the procedure.
CALL db.index.vector.queryNodes($vec_workflows, $fetch, $vector) YIELD node, score
WITH collect({node: node, score: score}) AS hits
WITH size(hits) AS fetched, [h IN hits WHERE h.node.ns = $ns AND /*include:current_workflow(h.node)*/] AS kept
UNWIND CASE WHEN size(kept) = 0 THEN [null] ELSE kept END AS h
WITH fetched, h.node AS w, h.score AS score
OPTIONAL MATCH (g:WorkflowGroup {ns: $ns, key: coalesce(w.group, w.key)})
RETURN fetched, w {.*, embedding: null, embedding_b: null} AS w, score, g[$vec_type] AS type_embedding
ORDER BY score DESC
