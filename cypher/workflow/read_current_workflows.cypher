// The current version (txn_end null) of every workflow of a namespace, or of the given keys.
MATCH (w:Workflow {ns: $ns})
WHERE /*include:current_workflow(w)*/ AND ($keys IS NULL OR w.key IN $keys)
RETURN w {.*} AS w
ORDER BY w.key
