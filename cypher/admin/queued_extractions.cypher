// The durable extraction queue, across namespaces: live turns posted with extract=true whose extraction has not
// run yet (the process that took them may have died). $before: only work queued before then (a periodic scan;
// null at start and on a drain). Read by the extraction worker at start and every RESCAN_S; each turn is then
// read and marked scoped by its namespace.
MATCH (t:Turn)
WHERE t.extraction = 'queued' AND /*include:live(t)*/ AND ($before IS NULL OR t.created_at < $before)
RETURN t.ns AS ns, t.id AS id
LIMIT $limit
