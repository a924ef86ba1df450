// The current version (txn_end null) of every workflow of a namespace, or of the given keys.
MATCH (w:Workflow {ns: $ns})
WHERE /*include:current_workflow(w)*/ AND ($keys IS NULL OR w.key IN $keys)
RETURN w {.*, embedding_b: null, embedding: w[$vec_prop]} AS w
ORDER BY w.key
