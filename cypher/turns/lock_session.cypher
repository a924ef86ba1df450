// First statement of every turn write: create the session on its first turn and write-lock it. Writers to
// one session queue here; the one holding the lock reads the head (seq, last turn) it appends after, so
// seqs are gapless without any retry. In the same round trip (every round trip here is spent holding the
// lock), what the fold needs, as it is under the lock: the live turns not yet folded (the window plus any
// backlog) and the newest summary chunk while it has room, with the turns it covers.
// Lock order (no deadlock with erasure, which locks an entity and then its turns and summaries): session,
// then, in one pass sorted by element id, every entity this write may link: those its new turns name by key
// or identifier value, and those mentioned by the turns a fold may touch (the unfolded ones, the open
// chunk's, the last turn), before it touches an older turn or a summary. SET then REMOVE takes the write
// lock and leaves the entity unchanged.
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
CALL (s, unfolded, open_turns) {
  CALL (s, unfolded, open_turns) {
    UNWIND $keys AS key
    MATCH (e:Entity {ns: $ns, key: key})
    USING INDEX e:Entity(ns, key)
    RETURN e
    UNION
    UNWIND $pairs AS p
    MATCH (e:Entity {ns: $ns})-[:HAS]->(:Attribute {ns: $ns, name: p.name, value: p.value})
    RETURN e
    UNION
    UNWIND [x IN unfolded + open_turns | x.id] + [s.last_turn] AS id
    MATCH (:Turn {ns: $ns, id: id})-[:MENTIONS]->(e:Entity {ns: $ns})
    RETURN e
  }
  WITH DISTINCT e ORDER BY elementId(e)
  SET e.lock_ = true
  REMOVE e.lock_
  RETURN count(e) AS locked
}
RETURN coalesce(s.seq, 0) AS seq, s.last_turn AS last_turn, unfolded, open_id, open_turns, locked
