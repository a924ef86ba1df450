// Forgetting: how many turns and summaries of the namespace are still active (not archived or erased).
CALL (){
  MATCH (t:Turn {ns: $ns}) WHERE t.at IS NOT NULL AND /*include:active(t)*/ RETURN count(t) AS n
  UNION ALL
  MATCH (s:Summary {ns: $ns}) WHERE s.session IS NOT NULL AND /*include:active(s)*/ RETURN count(s) AS n
}
RETURN sum(n) AS active
