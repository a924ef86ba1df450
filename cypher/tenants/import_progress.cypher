// An import's checkpoint: how many lines of the export after its header are written, moved in the same
// transaction as the batch that wrote them (so a re-run resumes exactly after the last whole batch, and a
// finished import writes nothing again). Fails the transaction (no row) when another import took over.
MATCH (i:NamespaceImport {target: $ns, export_id: $export_id})
WHERE i.done = $from
SET i.done = $to, i.nodes = i.nodes + $nodes, i.relationships = i.relationships + $rels
RETURN i.done AS done
