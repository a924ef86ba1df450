// The durable fold queue, across namespaces: sessions holding a summary chunk whose text is still to be written
// (its writer's process may have died after the fold committed). $before: only work queued before then (a
// periodic scan; null at start and on a drain). Read by the fold worker at start and every RESCAN_S; each
// session's chunks are then read and written scoped by its namespace.
MATCH (m:Summary)
WHERE m.queued = true AND /*include:live(m)*/ AND ($before IS NULL OR m.updated_at < $before)
RETURN DISTINCT m.ns AS ns, m.session AS session
LIMIT $limit
