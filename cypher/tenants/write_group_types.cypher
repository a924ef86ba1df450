// After an import: the type vectors tenants/import_group_types read the texts of, in the slot in use.
UNWIND $rows AS r
MATCH (g:WorkflowGroup {ns: $ns, key: r.key})
SET g[$vec_type] = r.vector
RETURN count(g) AS written
