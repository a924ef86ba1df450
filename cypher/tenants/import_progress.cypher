// An import's checkpoint, run first in each batch's transaction: the record is locked (so two runs of one
// import serialise here, and the second reads the first's committed checkpoint), then moved from $from to $to
// lines written. No row (another run moved it meanwhile): the caller fails the transaction before the batch
// writes anything. A re-run resumes exactly after the last whole batch; a finished import writes nothing again.
MATCH (i:NamespaceImport {target: $ns, export_id: $export_id})
SET i._lock = coalesce(i._lock, 0) + 1
WITH i
WHERE i.done = $from
SET i.done = $to, i.nodes = i.nodes + $nodes, i.relationships = i.relationships + $rels
RETURN i.done AS done
