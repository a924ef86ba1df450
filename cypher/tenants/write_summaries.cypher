// After an import: the chunk vectors tenants/import_summaries read the texts of, in the slot in use.
UNWIND $rows AS r
MATCH (m:Summary {ns: $ns, id: r.id})
SET m[$vec_prop] = r.vector
RETURN count(m) AS written
