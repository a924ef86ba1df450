// Re-induction after an erasure: the highest version number a workflow key ever had (hidden ones too),
// so that the next version gets a new id.
// view-exempt(w): hidden versions hold numbers too.
MATCH (w:Workflow {ns: $ns, key: $key})
RETURN max(w.version) AS version
