// Append a batch of turns to a session locked by turns/lock_session in the same transaction (seqs computed
// from its head): each turn follows the one before by NEXT, the session's last turn first, and the head
// moves to the last new turn. Embeddings were computed before the transaction, or, with
// GRAPHMEM_EMBED_WRITES=background, are written later: `embed_queued: true` (and no embedding) puts the turn on
// the embedding queue (conversation/embeddings.py). `extraction: 'queued'` (or nothing) puts a turn on the
// extraction queue (conversation/extraction.py) in the same transaction. `reach_text` is what erasure's
// text index searches (graphmem/identifiers/reach.py).
// Then each new turn MENTIONS every live entity whose key appears in its text ($keyed: exact, never fuzzy)
// and every live entity currently holding an identifier value found in it ($paired: the value normalised
// by the identifier registry, as the attribute was stored). One statement: every round trip here is spent
// holding the session's lock.
MATCH (s:Session {ns: $ns, id: $session})
OPTIONAL MATCH (p:Turn {ns: $ns, id: s.last_turn})
UNWIND $turns AS r
CREATE (t:Turn {ns: $ns, id: r.id, session: $session, seq: r.seq, role: r.role, speaker: r.speaker,
                text: r.text, search_text: r.search_text, at: r.at,
                metadata_json: r.metadata_json, reach_text: r.reach_text, importance: r.importance,
                created_at: r.created_at,
                extraction: r.extraction, embed_queued: r.embed_queued})
SET t[$vec_prop] = r.embedding  // the vector slot in use (graphmem.store._values.VECTOR_SLOTS)
CREATE (t)-[:IN]->(s)
WITH s, p, collect(t) AS made
WITH s, made, [x IN [p] + made WHERE x IS NOT NULL] AS chain
FOREACH (i IN range(0, size(chain) - 2) |
  FOREACH (a IN [chain[i]] | FOREACH (b IN [chain[i + 1]] | CREATE (a)-[:NEXT]->(b))))
SET s.seq = $seq, s.last_turn = $last_turn
WITH size(made) AS created
CALL () {
  UNWIND $keyed AS r
  MATCH (t:Turn {ns: $ns, id: r.id})
  UNWIND r.keys AS key
  MATCH (e:Entity {ns: $ns, key: key})
  USING INDEX e:Entity(ns, key)
  WHERE /*include:live(e)*/
  MERGE (t)-[:MENTIONS]->(e)
  RETURN count(*) AS by_key
}
CALL () {
  UNWIND $paired AS r
  MATCH (t:Turn {ns: $ns, id: r.id})
  UNWIND r.pairs AS p
  MATCH (e:Entity {ns: $ns})-[v:HAS]->(:Attribute {ns: $ns, name: p.name, value: p.value})
  WHERE /*include:live(e)*/ AND /*include:current(v, now)*/
  MERGE (t)-[:MENTIONS]->(e)
  RETURN count(*) AS by_value
}
RETURN created, by_key, by_value
