// How many turns and summaries the namespace holds (index-backed counts on (ns, id)), and how many all
// namespaces hold (the count store): search scans a small namespace exactly instead of over-fetching a
// vector index shared with larger ones, and sizes its first over-fetch by the namespace's share. Also the
// speakers of its live turns: their names are left out of keyword queries (search.terms.keyword_terms).
// view-exempt(s): the sizes count every stored summary, erased or not (index sizing); no content leaves.
CALL () {
  MATCH (t:Turn {ns: $ns}) WHERE t.id IS NOT NULL RETURN count(t) AS turns
}
CALL () {
  MATCH (s:Summary {ns: $ns}) WHERE s.id IS NOT NULL RETURN count(s) AS summaries
}
CALL () {
  MATCH (t:Turn) RETURN count(t) AS all_turns
}
CALL () {
  MATCH (t:Turn {ns: $ns}) WHERE t.speaker IS NOT NULL AND /*include:live(t)*/
  RETURN collect(DISTINCT t.speaker) AS speakers
}
CALL () {
  MATCH (s:Summary) RETURN count(s) AS all_summaries
}
RETURN turns, summaries, all_turns, all_summaries, speakers
