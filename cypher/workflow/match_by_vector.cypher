// Matching, semantic part: nearest workflow embeddings; the index cannot pre-filter, so over-fetch,
// then keep this namespace's current versions. `fetched` tells the caller whether to widen.
CALL db.index.vector.queryNodes('workflow_embedding', $fetch, $vector) YIELD node, score
WITH collect({node: node, score: score}) AS hits
WITH size(hits) AS fetched, [h IN hits WHERE h.node.ns = $ns AND h.node.txn_end IS NULL] AS kept
UNWIND CASE WHEN size(kept) = 0 THEN [null] ELSE kept END AS h
WITH fetched, h.node AS w, h.score AS score
RETURN fetched, w {.*, embedding: null} AS w, score
ORDER BY score DESC
