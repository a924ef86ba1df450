// GET /v1/{ns}/export (admin): every node of a namespace's memory, label by label through its
// namespace-leading index, in the order the import writes them. What an erasure hid is not exported
// (the export is what a purge would leave, graphmem/tenants/_export.py): erased entities, summaries,
// trajectories and workflow versions are left out, erased turns come stripped (in Python), and an
// attribute value only erased entities held is left out. Keyword statistics, cached responses and the
// hit-rate records are not memory: the import counts the statistics again.
// view-exempt(n): an export is the compliance view's reach minus what was erased, filtered here per label.
CALL () {
  MATCH (n:Entity) WHERE n.ns = $ns AND n.key IS NOT NULL AND n.erased_at IS NULL RETURN n
  UNION ALL
  MATCH (n:Attribute) WHERE n.ns = $ns AND n.name IS NOT NULL AND n.value IS NOT NULL
    AND EXISTS { MATCH (e:Entity)-[:HAS]->(n) WHERE e.erased_at IS NULL }
  RETURN n
  UNION ALL
  MATCH (n:AttributeDecl) WHERE n.ns = $ns AND n.name IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:RelationDecl) WHERE n.ns = $ns AND n.type IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Session) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Turn) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Summary) WHERE n.ns = $ns AND n.id IS NOT NULL AND n.erased_at IS NULL RETURN n
  UNION ALL
  MATCH (n:Trajectory) WHERE n.ns = $ns AND n.id IS NOT NULL AND n.erased_at IS NULL RETURN n
  UNION ALL
  MATCH (n:Workflow) WHERE n.ns = $ns AND n.id IS NOT NULL AND n.erased_at IS NULL RETURN n
  UNION ALL
  MATCH (n:WorkflowGroup) WHERE n.ns = $ns AND n.key IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Erasure) WHERE n.ns = $ns AND n.key_hash IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Tombstone) WHERE n.ns = $ns RETURN n
  UNION ALL
  MATCH (n:PurgeRecord) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:ImportMark) WHERE n.ns = $ns AND n.source IS NOT NULL AND n.id IS NOT NULL RETURN n
}
RETURN elementId(n) AS ref, labels(n) AS labels, properties(n) AS props
