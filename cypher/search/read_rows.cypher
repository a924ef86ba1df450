// The rows search ranks on, for given ids (candidates found by an exact scan or a scoped search, and
// the covered turns of a summary that ranks among the best only on both scores together): the summaries
// $summary_ids with the turns they cover; then the turns $turn_ids plus the turns covered by those of
// these summaries listed in $best, each with its text and its neighbours in arrival order (NEXT), and the
// keys of the live entities each mentions. Every turn row, and each neighbour, says whether it passes the
// search's view and filters (`passes`, fragment turn_filter): a neighbour lifted into the results must pass
// them as a candidate would. The row projections are those of search/candidates (keep the two alike).
// Times as text (see instants.stored_instant).
// view-exempt(m): summary rows are read for ids that passed summary_filter where they were found.
// view-exempt(c): covered turn ids only; each turn read below as a row carries `passes` (turn_filter).
CALL () {
  UNWIND $summary_ids AS id
  WITH DISTINCT id
  MATCH (m:Summary {ns: $ns, id: id})
  OPTIONAL MATCH (m)-[:COVERS]->(c:Turn {ns: $ns})
  WITH m, collect(c.id) AS covered
  RETURN collect({summary: m {.id, .session, .text, from_at: toString(m.from_at), to_at: toString(m.to_at), .from_seq, .to_seq,
                             .importance, .speakers},
                  turns: covered,
                  mentions: [(m)-[:MENTIONS]->(e:Entity {ns: $ns}) WHERE /*include:live(e)*/ | e.key]}) AS summaries
}
CALL (summaries) {
  UNWIND $turn_ids
         + reduce(acc = [], s IN summaries | acc + CASE WHEN s.summary.id IN $best THEN s.turns ELSE [] END) AS id
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
RETURN summaries, turns
