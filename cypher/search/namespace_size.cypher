// How many turns and summaries the namespace holds (index-backed counts on (ns, id)): search scans a small
// namespace exactly instead of over-fetching a vector index shared with larger ones.
CALL () {
  MATCH (t:Turn {ns: $ns}) WHERE t.id IS NOT NULL RETURN count(t) AS turns
}
CALL () {
  MATCH (s:Summary {ns: $ns}) WHERE s.id IS NOT NULL RETURN count(s) AS summaries
}
RETURN turns, summaries
