CALL db.index.vector.queryNodes('probe_embedding', $k, $vector) YIELD node, score
WHERE node.ns = $ns
RETURN node.id AS id, score
ORDER BY score DESC
