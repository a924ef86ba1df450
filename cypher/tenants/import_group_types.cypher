// After an import that brought no vectors (or another model's): the workflow groups of the namespace whose
// type vector (slot in use) is missing, with what it is embedded from: the current procedures' examples
// and task types (as embedding/todo_group_types reads them for a move).
MATCH (g:WorkflowGroup) WHERE g.ns = $ns AND g.key IS NOT NULL AND g[$vec_type] IS NULL
  AND EXISTS {
    MATCH (w:Workflow {ns: g.ns})
    WHERE /*include:current_workflow(w)*/ AND (w.group = g.key OR w.key = g.key)
      AND coalesce(w.kind, 'procedure') = 'procedure' AND size(coalesce(w.examples, [])) > 0 }
CALL (g) {
  OPTIONAL MATCH (w:Workflow {ns: g.ns})
  WHERE /*include:current_workflow(w)*/ AND (w.group = g.key OR w.key = g.key)
    AND coalesce(w.kind, 'procedure') = 'procedure'
  RETURN collect(coalesce(w.examples, [])) AS examples, collect(w.task_type) AS types
}
RETURN g.key AS key, examples, types
