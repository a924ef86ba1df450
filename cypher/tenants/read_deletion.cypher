// GET /v1/{ns}/deletion (admin): the namespace's latest deletion, running or done.
MATCH (d:NamespaceDeletion {target: $ns})
RETURN d.id AS id, d.target AS namespace, d.state AS state, d.started_at AS started_at, d.by AS by,
       d.deleted AS deleted, d.finished_at AS finished_at
ORDER BY d.started_at DESC
LIMIT 1
