// DELETE /v1/{ns} (admin): record that the whole namespace is being deleted (offboarding), or return the
// deletion already running. The record names the namespace as `target`, not `ns`: it outlives the
// namespace's nodes, as the trace of who deleted it and when.
MERGE (d:NamespaceDeletion {target: $ns, state: 'running'})
  ON CREATE SET d.id = $id, d.started_at = $now, d.by = $by, d.deleted = 0
RETURN d.id = $id AS created, d.id AS id, d.target AS namespace, d.state AS state, d.started_at AS started_at, d.by AS by,
       d.deleted AS deleted, d.finished_at AS finished_at
