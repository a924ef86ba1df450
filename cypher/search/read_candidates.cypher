// What ranking needs, in one round trip: the candidate summaries with the turns they cover, then the
// candidate turns ($turn_ids) plus the turns covered by the best summaries ($best), each with its text and
// its neighbours in arrival order (NEXT), for neighbour expansion, and the keys of the live entities each
// candidate mentions (recall reads their profiles without another round trip). Times as text (see
// instants.stored_instant).
CALL () {
  UNWIND $summary_ids AS id
  MATCH (m:Summary {ns: $ns, id: id})
  OPTIONAL MATCH (m)-[:COVERS]->(c:Turn {ns: $ns})
  WITH m, collect(c.id) AS covered
  RETURN collect({summary: m {.id, .session, .text, from_at: toString(m.from_at), to_at: toString(m.to_at), .from_seq, .to_seq,
                             .importance, .speakers},
                  turns: covered,
                  mentions: [(m)-[:MENTIONS]->(e:Entity {ns: $ns}) WHERE e.erased_at IS NULL | e.key]}) AS summaries
}
CALL (summaries) {
  UNWIND $turn_ids + reduce(acc = [], s IN summaries | acc + CASE WHEN s.summary.id IN $best THEN s.turns ELSE [] END)
    AS id
  WITH DISTINCT id
  MATCH (t:Turn {ns: $ns, id: id})
  OPTIONAL MATCH (p:Turn {ns: $ns})-[:NEXT]->(t)
  OPTIONAL MATCH (t)-[:NEXT]->(n:Turn {ns: $ns})
  RETURN collect({id: t.id, session: t.session, at: toString(t.at), speaker: t.speaker, importance: t.importance, text: t.text,
       question: coalesce(t.text CONTAINS '?', false), erased: t.erased_at IS NOT NULL,
       archived: t.archived_at IS NOT NULL,
       prev: p.id, prev_at: toString(p.at), prev_speaker: p.speaker, prev_importance: p.importance,
       prev_erased: p.erased_at IS NOT NULL, prev_archived: p.archived_at IS NOT NULL,
       next: n.id, next_at: toString(n.at), next_speaker: n.speaker, next_importance: n.importance,
       next_question: coalesce(n.text CONTAINS '?', false),
       next_erased: n.erased_at IS NOT NULL, next_archived: n.archived_at IS NOT NULL,
       mentions: [(t)-[:MENTIONS]->(e:Entity {ns: $ns}) WHERE e.erased_at IS NULL | e.key]}) AS turns
}
RETURN summaries, turns
