// A hybrid search's candidates in one round trip: nearest turns and summaries by the vector indexes and best
// by the full-text indexes (Lucene BM25; $lucene requires +ns:"..."), each over-fetched ($*_fetch) because
// neither kind of index can pre-filter, then filtered to the namespace, view, session, speaker and time range
// and cut to $*_want. A part whose fetch is 0 (or, for the full-text parts, whose $lucene is null) is
// skipped and returns no hits. `*_fetched` < `*_fetch` means that index ran dry; the caller widens the parts
// that came back short. `*_passed` counts what passed the filters before the cut to $*_want: the caller
// measures its pass rate (and so sizes its next over-fetch) on it, not on the cut list, which would shrink
// the rate at every search. A summary passes a time range only if the whole range it covers lies inside it.
CALL () {
  WITH $turn_vector_fetch AS k WHERE k > 0
  CALL db.index.vector.queryNodes('turn_embedding', k, $vector) YIELD node, score
  WITH collect({t: node, score: score}) AS got
  WITH got, [g IN got WHERE g.t.ns = $ns
              AND ($all OR g.t.erased_at IS NULL) AND ($archived OR g.t.archived_at IS NULL)
              AND ($session IS NULL OR g.t.session = $session) AND ($speaker IS NULL OR g.t.speaker = $speaker)
              AND ($since IS NULL OR g.t.at >= $since) AND ($until IS NULL OR g.t.at <= $until)
            | {id: g.t.id, score: g.score}] AS passed
  RETURN size(got) AS turn_vector_fetched, size(passed) AS turn_vector_passed,
         passed[0..$turn_want] AS turn_vector
}
CALL () {
  WITH $turn_text_fetch AS k WHERE k > 0 AND $lucene IS NOT NULL
  CALL db.index.fulltext.queryNodes('turn_search', $lucene, {limit: k}) YIELD node, score
  WITH collect({t: node, score: score}) AS got
  WITH got, [g IN got WHERE g.t.ns = $ns
              AND ($all OR g.t.erased_at IS NULL) AND ($archived OR g.t.archived_at IS NULL)
              AND ($session IS NULL OR g.t.session = $session) AND ($speaker IS NULL OR g.t.speaker = $speaker)
              AND ($since IS NULL OR g.t.at >= $since) AND ($until IS NULL OR g.t.at <= $until)
            | {id: g.t.id, score: g.score}] AS passed
  RETURN size(got) AS turn_text_fetched, size(passed) AS turn_text_passed,
         passed[0..$turn_want] AS turn_text
}
CALL () {
  WITH $summary_vector_fetch AS k WHERE k > 0
  CALL db.index.vector.queryNodes('summary_embedding', k, $vector) YIELD node, score
  WITH collect({m: node, score: score}) AS got
  WITH got, [g IN got WHERE g.m.ns = $ns
              AND ($all OR g.m.erased_at IS NULL) AND ($archived OR g.m.archived_at IS NULL)
              AND ($session IS NULL OR g.m.session = $session) AND ($speaker IS NULL OR $speaker IN g.m.speakers)
              AND ($since IS NULL OR g.m.from_at >= $since) AND ($until IS NULL OR g.m.to_at <= $until)
            | {id: g.m.id, score: g.score}] AS passed
  RETURN size(got) AS summary_vector_fetched, size(passed) AS summary_vector_passed,
         passed[0..$summary_want] AS summary_vector
}
CALL () {
  WITH $summary_text_fetch AS k WHERE k > 0 AND $lucene IS NOT NULL
  CALL db.index.fulltext.queryNodes('summary_search', $lucene, {limit: k}) YIELD node, score
  WITH collect({m: node, score: score}) AS got
  WITH got, [g IN got WHERE g.m.ns = $ns
              AND ($all OR g.m.erased_at IS NULL) AND ($archived OR g.m.archived_at IS NULL)
              AND ($session IS NULL OR g.m.session = $session) AND ($speaker IS NULL OR $speaker IN g.m.speakers)
              AND ($since IS NULL OR g.m.from_at >= $since) AND ($until IS NULL OR g.m.to_at <= $until)
            | {id: g.m.id, score: g.score}] AS passed
  RETURN size(got) AS summary_text_fetched, size(passed) AS summary_text_passed,
         passed[0..$summary_want] AS summary_text
}
RETURN turn_vector_fetched, turn_vector_passed, turn_vector, turn_text_fetched, turn_text_passed, turn_text,
       summary_vector_fetched, summary_vector_passed, summary_vector, summary_text_fetched, summary_text_passed,
       summary_text
