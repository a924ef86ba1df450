// `graphmem schema migrate`: give every Attribute value written before captions its `caption` (the value as
// text, which Neo4j Browser shows once styled; new values get it when written, temporal/apply_versions), in
// batches of 5,000. Idempotent: only values without one. $ns: one namespace; null: every namespace.
MATCH (a:Attribute)
WHERE ($ns IS NULL OR a.ns = $ns) AND a.caption IS NULL AND toStringOrNull(a.value) IS NOT NULL
CALL (a) {
  SET a.caption = toStringOrNull(a.value)
} IN TRANSACTIONS OF 5000 ROWS
RETURN count(*) AS captioned
