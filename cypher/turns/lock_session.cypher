// First statement of every turn write: create the session on its first turn and write-lock it. Writers to
// one session queue here; the one holding the lock reads the head (seq, last turn) it appends after, so
// seqs are gapless without any retry. Lock order: session, then entities, then turns and summaries.
// In the same round trip, what the fold needs, as it is under the lock: the live turns not yet folded (the
// window plus any backlog) and the newest summary chunk while it has room, with the turns it covers.
MERGE (s:Session {ns: $ns, id: $session})
  ON CREATE SET s.created_at = $now, s.seq = 0
SET s.updated_at = $now
WITH s
CALL (s) {
  OPTIONAL MATCH (t:Turn {ns: $ns, session: $session})
  WHERE t.seq IS NOT NULL AND t.summary IS NULL AND /*include:live(t)*/
  WITH t ORDER BY t.at, t.seq
  RETURN collect(t {.id, .seq, .at, .speaker, .text}) AS unfolded
}
CALL (s) {
  OPTIONAL MATCH (m:Summary {ns: $ns, session: $session})
  WHERE m.turn_count < $chunk AND /*include:live(m)*/
  WITH m ORDER BY m.to_seq DESC LIMIT 1
  OPTIONAL MATCH (m)-[:COVERS]->(c:Turn {ns: $ns})
  WHERE /*include:live(c)*/
  WITH m, c ORDER BY c.at, c.seq
  RETURN m.id AS open_id, collect(c {.id, .seq, .at, .speaker, .text}) AS open_turns
}
RETURN coalesce(s.seq, 0) AS seq, s.last_turn AS last_turn, unfolded, open_id, open_turns
