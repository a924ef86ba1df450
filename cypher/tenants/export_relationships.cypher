// GET /v1/{ns}/export (admin): every relationship leaving a node of the namespace's memory (the caller keeps
// those whose both ends it exported), after every node: facts (HAS versions), typed relations, a turn's
// session, order and mentions, a summary's session, turns and mentions, a workflow's runs.
// view-exempt(a): the caller drops the relationships of what export_nodes left out.
CALL () {
  MATCH (a:Entity) WHERE a.ns = $ns AND a.key IS NOT NULL AND a.erased_at IS NULL RETURN a
  UNION ALL
  MATCH (a:Turn) WHERE a.ns = $ns AND a.id IS NOT NULL RETURN a
  UNION ALL
  MATCH (a:Summary) WHERE a.ns = $ns AND a.id IS NOT NULL AND a.erased_at IS NULL RETURN a
  UNION ALL
  MATCH (a:Workflow) WHERE a.ns = $ns AND a.id IS NOT NULL AND a.erased_at IS NULL RETURN a
  UNION ALL
  MATCH (a:Trajectory) WHERE a.ns = $ns AND a.id IS NOT NULL AND a.erased_at IS NULL RETURN a
  UNION ALL
  MATCH (a:Session) WHERE a.ns = $ns AND a.id IS NOT NULL RETURN a
  UNION ALL
  MATCH (a:WorkflowGroup) WHERE a.ns = $ns AND a.key IS NOT NULL RETURN a
}
MATCH (a)-[r]->(b)
RETURN elementId(a) AS a, type(r) AS type, properties(r) AS props, elementId(b) AS b
