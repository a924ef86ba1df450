// The durable extraction queue, across namespaces: live turns posted with extract=true whose extraction has
// not run yet (the process that took them may have died). Read by the extraction worker at start and every
// RESCAN_S; each turn is then read and marked scoped by its namespace.
MATCH (t:Turn)
WHERE t.extraction = 'queued' AND /*include:live(t)*/
RETURN t.ns AS ns, t.id AS id
LIMIT $limit
