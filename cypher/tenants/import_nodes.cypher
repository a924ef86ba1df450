// POST /v1/{ns}/import (admin): one batch of an export's nodes, created in the new namespace with their
// labels (checked against graphmem's own in Python, then passed as a parameter: a dynamic label, never
// spliced) and every property as exported (bitemporal stamps verbatim). `ImportRef` and `_ref` (the
// export's node id) let the relationship batches find both ends; the import's last step removes them.
// The batch also moves the import's checkpoint (tenants/import_progress), in the same transaction.
UNWIND $nodes AS x
CREATE (n:$(x.labels + ['ImportRef']))
SET n = x.props, n.ns = $ns, n._ref = x.ref
RETURN count(n) AS written
