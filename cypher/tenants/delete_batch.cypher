// One batch of a namespace's deletion (DELETE /v1/{ns}): up to $batch nodes of the kinds a tenant holds
// most of, each label through its namespace-leading index (a label-less `{ns: $ns}` match reads every
// node of the database), deleted with their relationships; the count is added to the running record.
// The rest (sessions, search statistics, records) goes in one last pass: admin/purge_namespace*.
CALL () {
  MATCH (n:Turn) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT $batch
  UNION
  MATCH (n:Summary) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT $batch
  UNION
  MATCH (n:Entity) WHERE n.ns = $ns AND n.key IS NOT NULL RETURN n LIMIT $batch
  UNION
  MATCH (n:Attribute) WHERE n.ns = $ns AND n.name IS NOT NULL AND n.value IS NOT NULL RETURN n LIMIT $batch
  UNION
  MATCH (n:Trajectory) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT $batch
  UNION
  MATCH (n:Workflow) WHERE n.ns = $ns AND n.id IS NOT NULL RETURN n LIMIT $batch
}
WITH n LIMIT $batch
DETACH DELETE n
WITH count(*) AS deleted
OPTIONAL MATCH (d:NamespaceDeletion {target: $ns, state: 'running'})
SET d.deleted = d.deleted + deleted
RETURN deleted
