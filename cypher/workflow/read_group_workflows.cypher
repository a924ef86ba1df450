// The current workflows (procedures and sub-workflows) of the given groups; a group's first procedure
// has the group's own key, the others `<group>.p-…` and `<group>.sub-…`, all with `group` set.
UNWIND $groups AS g
MATCH (w:Workflow {ns: $ns})
WHERE /*include:current_workflow(w)*/ AND (w.group = g OR w.key = g)
RETURN DISTINCT w {.*, embedding_b: null, embedding: w[$vec_prop]} AS w
ORDER BY w.key
