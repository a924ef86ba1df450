// A hybrid search's candidates and the rows ranking needs of them, in one round trip.
// Candidates: nearest turns and summaries by the vector indexes and best by the full-text indexes (Lucene
// BM25; $lucene requires +ns:"..."^0, a filter that scores nothing), each over-fetched ($*_fetch) because neither kind of index can
// pre-filter, then filtered to the namespace, view, session, speaker and time range and cut to $*_want. A
// part whose fetch is 0 (or, for the full-text parts, whose $lucene is null) is skipped and returns no hits.
// `*_fetched` < `*_fetch` means that index ran dry; the caller widens the parts that came back short.
// `*_passed` counts what passed the filters before the cut to $*_want: the caller measures its pass rate
// (and so sizes its next over-fetch) on it, not on the cut list, which would shrink the rate at every
// search. A summary passes a time range only if the whole range it covers lies inside it.
// Rows: the candidate summaries plus $summary_ids, with the turns they cover; then the candidate turns plus
// $turn_ids plus the turns covered by the summaries that lift theirs ($best, and the first $cover of each
// summary part here), each with its text and its neighbours in arrival order (NEXT), for neighbour
// expansion, and the keys of the live entities each mentions (recall reads their profiles without another
// round trip). Times as text (see instants.stored_instant). search/read_rows reads the same rows for given
// ids alone (keep the two projections alike). With a keyword part, also the namespace's own keyword statistics
// for the query's analysed terms ($stem_keys: their HMACs, as search.stats keeps them): the caller rescores the keyword candidates on
// them (Lucene's BM25 is index-wide), read here rather than in a round trip of their own.
// view-exempt(m): summary rows are read for ids that passed summary_filter where they were found.
// view-exempt(c): covered turn ids only; each turn read below as a row carries `passes` (turn_filter).
CALL () {
  WITH $turn_vector_fetch AS k WHERE k > 0
  CALL db.index.vector.queryNodes($vec_turns, k, $vector) YIELD node, score
  WITH collect({t: node, score: score}) AS got
  WITH got, [g IN got WHERE g.t.ns = $ns AND /*include:turn_filter(g.t)*/
            | {id: g.t.id, score: g.score}] AS passed
  RETURN size(got) AS turn_vector_fetched, size(passed) AS turn_vector_passed,
         passed[0..$turn_want] AS turn_vector
}
CALL () {
  WITH $turn_text_fetch AS k WHERE k > 0 AND $lucene IS NOT NULL
  CALL db.index.fulltext.queryNodes('turn_search', $lucene, {limit: k}) YIELD node, score
  WITH collect({t: node, score: score}) AS got
  WITH got, [g IN got WHERE g.t.ns = $ns AND /*include:turn_filter(g.t)*/
            | {id: g.t.id, score: g.score}] AS passed
  RETURN size(got) AS turn_text_fetched, size(passed) AS turn_text_passed,
         passed[0..$turn_want] AS turn_text
}
CALL () {
  WITH $summary_vector_fetch AS k WHERE k > 0
  CALL db.index.vector.queryNodes($vec_summaries, k, $vector) YIELD node, score
  WITH collect({m: node, score: score}) AS got
  WITH got, [g IN got WHERE g.m.ns = $ns AND /*include:summary_filter(g.m)*/
            | {id: g.m.id, score: g.score}] AS passed
  RETURN size(got) AS summary_vector_fetched, size(passed) AS summary_vector_passed,
         passed[0..$summary_want] AS summary_vector
}
CALL () {
  WITH $summary_text_fetch AS k WHERE k > 0 AND $lucene IS NOT NULL
  CALL db.index.fulltext.queryNodes('summary_search', $lucene, {limit: k}) YIELD node, score
  WITH collect({m: node, score: score}) AS got
  WITH got, [g IN got WHERE g.m.ns = $ns AND /*include:summary_filter(g.m)*/
            | {id: g.m.id, score: g.score}] AS passed
  RETURN size(got) AS summary_text_fetched, size(passed) AS summary_text_passed,
         passed[0..$summary_want] AS summary_text
}
CALL () {
  UNWIND CASE WHEN $turn_text_fetch > 0 OR $summary_text_fetch > 0 THEN $stem_keys ELSE [] END AS term
  OPTIONAL MATCH (st:SearchTerm {ns: $ns, term: term})
  RETURN collect({term: term, df: coalesce(st.df, 0)}) AS stat_dfs
}
CALL () {
  OPTIONAL MATCH (sc:SearchCorpus {ns: $ns})
  RETURN coalesce(sc.docs, 0) AS stat_docs, coalesce(sc.length, 0) AS stat_length
}
CALL (summary_vector, summary_text) {
  UNWIND [x IN summary_vector | x.id] + [x IN summary_text | x.id] + $summary_ids AS id
  WITH DISTINCT id
  MATCH (m:Summary {ns: $ns, id: id})
  OPTIONAL MATCH (m)-[:COVERS]->(c:Turn {ns: $ns})
  WITH m, collect(c.id) AS covered
  RETURN collect({summary: m {.id, .session, .text, from_at: toString(m.from_at), to_at: toString(m.to_at), .from_seq, .to_seq,
                             .importance, .speakers},
                  turns: covered,
                  mentions: [(m)-[:MENTIONS]->(e:Entity {ns: $ns}) WHERE /*include:live(e)*/ | e.key]}) AS summaries
}
CALL (summaries, summary_vector, summary_text, turn_vector, turn_text) {
  WITH summaries, turn_vector, turn_text,
       $best + [x IN summary_vector[0..$cover] | x.id] + [x IN summary_text[0..$cover] | x.id] AS lift
  UNWIND [x IN turn_vector | x.id] + [x IN turn_text | x.id] + $turn_ids
         + reduce(acc = [], s IN summaries | acc + CASE WHEN s.summary.id IN lift THEN s.turns ELSE [] END) AS id
  WITH DISTINCT id
  MATCH (t:Turn {ns: $ns, id: id})
  OPTIONAL MATCH (p:Turn {ns: $ns})-[:NEXT]->(t)
  OPTIONAL MATCH (t)-[:NEXT]->(n:Turn {ns: $ns})
  RETURN collect({id: t.id, session: t.session, at: toString(t.at), speaker: t.speaker, importance: t.importance, text: t.text, search_text: t.search_text,
       question: coalesce(t.text CONTAINS '?', false), passes: /*include:turn_filter(t)*/,
       prev: p.id, prev_at: toString(p.at), prev_speaker: p.speaker, prev_importance: p.importance,
       prev_passes: /*include:turn_filter(p)*/,
       next: n.id, next_at: toString(n.at), next_speaker: n.speaker, next_importance: n.importance,
       next_question: coalesce(n.text CONTAINS '?', false),
       next_passes: /*include:turn_filter(n)*/,
       mentions: [(t)-[:MENTIONS]->(e:Entity {ns: $ns}) WHERE /*include:live(e)*/ | e.key]}) AS turns
}
RETURN turn_vector_fetched, turn_vector_passed, turn_vector, turn_text_fetched, turn_text_passed, turn_text,
       summary_vector_fetched, summary_vector_passed, summary_vector, summary_text_fetched, summary_text_passed,
       summary_text, summaries, turns, stat_docs, stat_length, stat_dfs
