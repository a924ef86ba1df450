// The durable embedding queue, across namespaces: sessions holding a turn written without its embedding
// (GRAPHMEM_EMBED_WRITES=background) that no worker has embedded yet (its writer's process may have died
// after the commit). Read by the embedding worker at start and every RESCAN_S; each session's turns are
// then read and written scoped by its namespace.
MATCH (t:Turn)
WHERE t.embed_queued = true
RETURN DISTINCT t.ns AS ns, t.session AS session
LIMIT $limit
