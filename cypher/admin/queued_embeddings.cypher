// The durable embedding queue, across namespaces: sessions holding a turn written without its embedding
// (GRAPHMEM_EMBED_WRITES=background) that no worker has embedded yet (its writer's process may have died after
// the commit). $before: only work queued before then (a periodic scan; null at start and on a drain). Read by
// the embedding worker at start and every RESCAN_S; each session's turns are then read and written scoped by its
// namespace.
MATCH (t:Turn)
WHERE t.embed_queued = true AND ($before IS NULL OR t.created_at < $before)
RETURN DISTINCT t.ns AS ns, t.session AS session
LIMIT $limit
