// Write folded summary chunks of a session (a chunk that grew is rewritten in place).
MATCH (s:Session {ns: $ns, id: $session})
UNWIND $summaries AS r
MERGE (m:Summary {ns: $ns, id: r.id})
  ON CREATE SET m.created_at = $now, m.session = $session
SET m += r.props, m.updated_at = $now
MERGE (m)-[:SUMMARIZES]->(s)
RETURN count(m) AS written
