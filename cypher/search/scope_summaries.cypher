// search/scope_turns for summaries: those of one session ($session) or ending within [$lo, $hi] (and
// starting in it: a summary passes a time range only if the whole range it covers lies inside it), by an
// index seek (summary_ns_session, summary_ns_to_at); exact cosine, and query words weighted by their IDF
// within the scope. Filters as in search/candidates.
CALL () {
  WITH $session AS s WHERE s IS NOT NULL
  MATCH (m:Summary {ns: $ns, session: s}) WHERE m.to_at >= $lo AND m.to_at <= $hi
  RETURN m
  UNION ALL
  WITH $session AS s WHERE s IS NULL
  MATCH (m:Summary {ns: $ns}) WHERE m.to_at >= $lo AND m.to_at <= $hi
  RETURN m
}
WITH m WHERE m.id IS NOT NULL AND m[$vec_prop] IS NOT NULL AND m.from_at >= $lo
  AND /*include:searchable(m)*/
  AND ($speaker IS NULL OR $speaker IN m.speakers)
WITH m, ' ' + toLower(coalesce(m.search_text, m.text)) AS text
WITH collect({id: m.id, dense: vector.similarity.cosine(m[$vec_prop], $vector),
              hits: [w IN $words WHERE text CONTAINS (' ' + w)]}) AS rows
WITH rows, toFloat(size(rows)) AS n
WITH rows, [w IN $words | [w, log(1.0 + (n - size([r IN rows WHERE w IN r.hits]) + 0.5)
                                       / (size([r IN rows WHERE w IN r.hits]) + 0.5))]] AS idfs
WITH [r IN rows | {id: r.id, dense: r.dense,
                   text: reduce(s = 0.0, x IN idfs | s + CASE WHEN x[0] IN r.hits THEN x[1] ELSE 0.0 END)}] AS scored
CALL (scored) {
  UNWIND scored AS x
  WITH x ORDER BY x.dense DESC, x.id LIMIT $limit
  RETURN collect({id: x.id, score: x.dense}) AS summary_vector
}
CALL (scored) {
  UNWIND scored AS x
  WITH x WHERE x.text > 0
  ORDER BY x.text DESC, x.id LIMIT $limit
  RETURN collect({id: x.id, score: x.text}) AS summary_text
}
RETURN summary_vector, summary_text
