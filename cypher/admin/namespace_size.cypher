// What a namespace holds, for benchmark reports: entities, fact versions (HAS edges, counted from each
// entity's degree, not by reading the edges), turns and summaries. Index-backed on ns.
CALL () {
  MATCH (e:Entity {ns: $ns}) RETURN count(e) AS entities, sum(COUNT { (e)-[:HAS]->() }) AS versions
}
CALL () {
  MATCH (t:Turn {ns: $ns}) WHERE t.id IS NOT NULL RETURN count(t) AS turns
}
CALL () {
  MATCH (s:Summary {ns: $ns}) WHERE s.id IS NOT NULL RETURN count(s) AS summaries
}
RETURN entities, versions, turns, summaries
