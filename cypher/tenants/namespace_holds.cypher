// Whether a namespace holds any memory or records (an import goes into a new namespace only). One index
// seek per label, stopped at the first node.
// view-exempt(n): erased records are still records of the namespace.
CALL () {
  MATCH (n:Entity) WHERE n.ns = $ns AND n.key IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Turn) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Session) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Trajectory) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Workflow) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Summary) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Erasure) WHERE n.ns = $ns AND n.key_hash IS NOT NULL RETURN n LIMIT 1
}
RETURN count(n) > 0 AS holds
