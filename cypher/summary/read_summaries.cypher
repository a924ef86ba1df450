// GET summary: a session's summary chunks, oldest first; no row at all: unknown session. With each chunk its
// context: its last 3 turns (by time, then arrival) and the 3 turns that arrived after them (NEXT), in the
// caller's view: the merge closes a chunk's last questions that the following turns answered.
MATCH (s:Session {ns: $ns, id: $session})
OPTIONAL MATCH (m:Summary {ns: $ns, session: $session})
WHERE /*include:in_view(m, all)*/
CALL (m) {
  OPTIONAL MATCH (m)-[:COVERS]->(c:Turn {ns: $ns})
  WHERE /*include:in_view(c, all)*/
  WITH c ORDER BY c.at DESC, c.seq DESC LIMIT 3
  WITH collect(c) AS tail
  WITH tail, tail[0] AS last
  OPTIONAL MATCH p = (last)-[:NEXT*1..3]->(f:Turn {ns: $ns})
  WHERE /*include:in_view(f, all)*/
  WITH tail, f, length(p) AS hops ORDER BY hops
  WITH tail, collect(f {.speaker, .text}) AS after
  RETURN [c IN reverse(tail) | c {.speaker, .text}] + after AS context
}
WITH s, m, context ORDER BY m.from_at, m.from_seq
RETURN s.id AS session,
       m {.id, .text, .from_seq, .to_seq, .from_at, .to_at, .created_at, .updated_at, .topics, .entities,
          .facts, .open_items, .tone, .intent, .turn_count, .summariser, .erased_at, .archived_at} AS summary,
       context
