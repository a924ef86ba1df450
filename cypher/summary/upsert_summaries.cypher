// Fold, under the session lock: write the chunks' structure (range, count, speakers) and bump each chunk's
// revision; the text and embedding follow after the commit (summary/write_content, for that revision).
MATCH (s:Session {ns: $ns, id: $session})
UNWIND $summaries AS r
MERGE (m:Summary {ns: $ns, id: r.id})
  ON CREATE SET m.created_at = $now, m.session = $session
SET m += r.props, m.updated_at = $now, m.rev = coalesce(m.rev, 0) + 1
MERGE (m)-[:SUMMARIZES]->(s)
RETURN m.id AS id, m.rev AS rev
