// Whether the database holds any memory yet (graphmem.store._version: an empty store is recorded at the
// current schema version; one with data from before versions waits for `graphmem schema migrate`). One
// label scan per kind, stopped at the first node.
CALL () {
  MATCH (n:Entity) RETURN n LIMIT 1
  UNION
  MATCH (n:Turn) RETURN n LIMIT 1
  UNION
  MATCH (n:Trajectory) RETURN n LIMIT 1
  UNION
  MATCH (n:Summary) RETURN n LIMIT 1
}
RETURN count(n) > 0 AS holds
