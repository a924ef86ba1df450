// Workflow groups whose type vector is in the source slot and not yet in the target one, with the examples
// and types of their current procedures (what the type vector is the centroid of); a group with none has
// nothing to embed it from (merged into another, emptied by an erasure) and is left out.
MATCH (g:WorkflowGroup) WHERE g[$source_type] IS NOT NULL AND g[$target_type] IS NULL
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
RETURN elementId(g) AS id, examples, types, coalesce(g.terms_version, '') AS version
SKIP $skip LIMIT $batch  // $skip: rows a pass could not write (changed meanwhile) stay first
