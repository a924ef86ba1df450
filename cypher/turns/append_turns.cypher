// Append a batch of turns to a session locked by turns/lock_session in the same transaction (seqs computed
// from its head): each turn follows the one before by NEXT, the session's last turn first, and the head
// moves to the last new turn. Embeddings were computed before the transaction.
MATCH (s:Session {ns: $ns, id: $session})
OPTIONAL MATCH (p:Turn {ns: $ns, id: s.last_turn})
UNWIND $turns AS r
CREATE (t:Turn {ns: $ns, id: r.id, session: $session, seq: r.seq, role: r.role, speaker: r.speaker,
                text: r.text, search_text: r.search_text, at: r.at, embedding: r.embedding,
                metadata_json: r.metadata_json, importance: r.importance, created_at: r.created_at})
CREATE (t)-[:IN]->(s)
WITH s, p, collect(t) AS made
WITH s, made, [x IN [p] + made WHERE x IS NOT NULL] AS chain
FOREACH (i IN range(0, size(chain) - 2) |
  FOREACH (a IN [chain[i]] | FOREACH (b IN [chain[i + 1]] | CREATE (a)-[:NEXT]->(b))))
SET s.seq = $seq, s.last_turn = $last_turn
RETURN size(made) AS created
