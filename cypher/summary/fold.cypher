// Fold, under the session lock, in one statement (every round trip here is spent holding the lock):
// - write the chunks' structure (range, count, speakers), bump each chunk's revision and queue it for its
//   text: the fold worker writes text and embedding for that revision after the commit (summary/read_queued,
//   summary/write_content), off the request path;
// - point each chunk to the turns it folds (search lifts those turns when the chunk matches);
// - a chunk mentions every entity its turns mention (erasure hides the chunk with the entity).
MATCH (s:Session {ns: $ns, id: $session})
CALL (s) {
  UNWIND $summaries AS r
  MERGE (m:Summary {ns: $ns, id: r.id})
    ON CREATE SET m.created_at = $now, m.session = $session
  SET m += r.props, m.updated_at = $now, m.rev = coalesce(m.rev, 0) + 1, m.queued = true
  MERGE (m)-[:SUMMARIZES]->(s)
  RETURN collect({id: m.id, rev: m.rev}) AS revs
}
CALL () {
  UNWIND $covers AS c
  MATCH (m:Summary {ns: $ns, id: c.summary}), (t:Turn {ns: $ns, id: c.turn})
  MERGE (m)-[:COVERS]->(t)
  SET t.summary = m.id
  RETURN count(t) AS covered
}
CALL () {
  UNWIND [r IN $summaries | r.id] AS id
  MATCH (m:Summary {ns: $ns, id: id})-[:COVERS]->(:Turn {ns: $ns})-[:MENTIONS]->(e:Entity {ns: $ns})
  WITH DISTINCT m, e
  MERGE (m)-[:MENTIONS]->(e)
  RETURN count(e) AS linked
}
RETURN revs, covered, linked
