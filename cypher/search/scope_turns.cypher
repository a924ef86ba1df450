// Dense and keyword candidates among the turns of one session ($session) or of a small time range of $ns
// ([$lo, $hi], see search/range_size), each read by an index seek (turn_session_seq, turn_ns_at) and all
// ranked: the shared vector and full-text indexes cannot filter, and over-fetching them for a sliver of
// the namespace costs more than scoring the sliver. Dense: exact cosine. Keyword: the query words ($words,
// lower-case stems) that begin a word of the turn's "Speaker: text (date)", each weighted by its IDF
// within the scope (BM25's IDF; no term-frequency or length part). Filters as in search/candidates.
CALL () {
  WITH $session AS s WHERE s IS NOT NULL
  MATCH (t:Turn {ns: $ns, session: s}) WHERE t.seq IS NOT NULL AND t.at >= $lo AND t.at <= $hi
  RETURN t
  UNION ALL
  WITH $session AS s WHERE s IS NULL
  MATCH (t:Turn {ns: $ns}) WHERE t.at >= $lo AND t.at <= $hi
  RETURN t
}
WITH t WHERE t[$vec_prop] IS NOT NULL
  AND /*include:searchable(t)*/
  AND ($speaker IS NULL OR t.speaker = $speaker)
WITH t, ' ' + toLower(coalesce(t.search_text, t.text)) AS text
WITH collect({id: t.id, dense: vector.similarity.cosine(t[$vec_prop], $vector),
              hits: [w IN $words WHERE text CONTAINS (' ' + w)]}) AS rows
WITH rows, toFloat(size(rows)) AS n
WITH rows, [w IN $words | [w, log(1.0 + (n - size([r IN rows WHERE w IN r.hits]) + 0.5)
                                       / (size([r IN rows WHERE w IN r.hits]) + 0.5))]] AS idfs
WITH [r IN rows | {id: r.id, dense: r.dense,
                   text: reduce(s = 0.0, x IN idfs | s + CASE WHEN x[0] IN r.hits THEN x[1] ELSE 0.0 END)}] AS scored
CALL (scored) {
  UNWIND scored AS x
  WITH x ORDER BY x.dense DESC, x.id LIMIT $limit
  RETURN collect({id: x.id, score: x.dense}) AS turn_vector
}
CALL (scored) {
  UNWIND scored AS x
  WITH x WHERE x.text > 0
  ORDER BY x.text DESC, x.id LIMIT $limit
  RETURN collect({id: x.id, score: x.text}) AS turn_text
}
RETURN turn_vector, turn_text
