// An import's end: the record says done, with what it wrote.
MATCH (i:NamespaceImport {target: $ns, export_id: $export_id})
SET i.state = 'done', i.finished_at = $now
RETURN i.export_id AS export_id, i.source AS source, i.state AS state, i.done AS done, i.nodes AS nodes,
       i.relationships AS relationships, i.started_at AS started_at, i.by AS by, i.finished_at AS finished_at
