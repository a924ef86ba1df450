// Store a batch of turns of one session (embeddings computed before the transaction).
MATCH (s:Session {ns: $ns, id: $session})
UNWIND $turns AS r
CREATE (t:Turn {ns: $ns, id: r.id, session: $session, seq: r.seq, role: r.role, speaker: r.speaker,
                text: r.text, search_text: r.search_text, at: r.at, embedding: r.embedding,
                metadata_json: r.metadata_json, importance: r.importance, created_at: $now})
CREATE (t)-[:IN]->(s)
RETURN count(t) AS created
