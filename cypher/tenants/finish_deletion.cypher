// The namespace holds nothing any more: its deletion is done.
MATCH (d:NamespaceDeletion {target: $ns, state: 'running'})
SET d.state = 'done', d.finished_at = $now, d.deleted = d.deleted + $rest
RETURN d.id AS id, d.target AS namespace, d.state AS state, d.started_at AS started_at, d.by AS by,
       d.deleted AS deleted, d.finished_at AS finished_at
