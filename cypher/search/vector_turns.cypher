// Dense candidates: the vector index cannot pre-filter, so over-fetch $fetch nearest turns of every
// namespace, keep those of $ns passing the filters; `fetched` < $fetch means the index ran dry.
CALL db.index.vector.queryNodes($vec_turns, $fetch, $vector) YIELD node, score
WITH collect({t: node, score: score}) AS got
RETURN size(got) AS fetched,
       [g IN got WHERE g.t.ns = $ns AND /*include:turn_filter(g.t)*/
        | {id: g.t.id, score: g.score}][0..$limit] AS hits
