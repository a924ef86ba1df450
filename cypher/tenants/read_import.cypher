// An import's record (its checkpoint and counts), for the import itself and GET /v1/{ns}/import.
MATCH (i:NamespaceImport {target: $ns})
RETURN i.export_id AS export_id, i.source AS source, i.state AS state, i.done AS done, i.nodes AS nodes,
       i.relationships AS relationships, i.started_at AS started_at, i.by AS by, i.finished_at AS finished_at
