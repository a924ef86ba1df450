// Forgetting past capacity: archive the least important, least recently used turns and summaries
// (out of default search, still in the audit view). Value = importance + 1/(1 + days since last use).
CALL (){
  MATCH (t:Turn {ns: $ns}) WHERE t.at IS NOT NULL AND /*include:active(t)*/ RETURN t AS x
  UNION ALL
  MATCH (s:Summary {ns: $ns}) WHERE s.session IS NOT NULL AND /*include:active(s)*/ RETURN s AS x
}
WITH x, coalesce(x.last_accessed_at, x.created_at) AS used
WITH x, coalesce(x.importance, 0.5) + 1.0 / (1.0 + duration.inSeconds(used, $now).seconds / 86400.0) AS value
ORDER BY value ASC, coalesce(x.last_accessed_at, x.created_at) ASC
LIMIT $excess
SET x.archived_at = $now
RETURN count(x) AS archived
