// Whether a namespace holds any memory or records (an import goes into a new namespace only): every label an
// export writes, one index seek (or a label scan of a small label) each, stopped at the first node.
// view-exempt(n): erased records are still records of the namespace.
CALL () {
  MATCH (n:Entity) WHERE n.ns = $ns AND n.key IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Attribute) WHERE n.ns = $ns AND n.name IS NOT NULL AND n.value IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:AttributeDecl) WHERE n.ns = $ns RETURN n LIMIT 1
  UNION
  MATCH (n:RelationDecl) WHERE n.ns = $ns RETURN n LIMIT 1
  UNION
  MATCH (n:Turn) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Session) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Trajectory) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Workflow) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:WorkflowGroup) WHERE n.ns = $ns RETURN n LIMIT 1
  UNION
  MATCH (n:Summary) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Erasure) WHERE n.ns = $ns AND n.key_hash IS NOT NULL RETURN n LIMIT 1
  UNION
  MATCH (n:Tombstone) WHERE n.ns = $ns RETURN n LIMIT 1
  UNION
  MATCH (n:PurgeRecord) WHERE n.ns = $ns RETURN n LIMIT 1
  UNION
  MATCH (n:ImportMark) WHERE n.ns = $ns RETURN n LIMIT 1
}
RETURN count(n) > 0 AS holds
