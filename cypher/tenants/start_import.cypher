// POST /v1/{ns}/import (admin): the record of an import into namespace $ns (named as `target`, like a
// deletion: it is the operator's trace, not the tenant's memory), or the one an earlier run left: same
// export, so the run resumes at its checkpoint.
MERGE (i:NamespaceImport {target: $ns})
  ON CREATE SET i.export_id = $export_id, i.source = $source, i.state = 'running', i.done = 0, i.nodes = 0,
                i.relationships = 0, i.started_at = $now, i.by = $by, i.created = $claim
RETURN i.created = $claim AS created, i.export_id AS export_id, i.source AS source, i.state AS state,
       i.done AS done, i.nodes AS nodes, i.relationships AS relationships, i.started_at AS started_at,
       i.by AS by, i.finished_at AS finished_at
