// Erasure: every live summary chunk covering a turn the erasure hides goes back on the fold queue at a new
// revision, in the erasure's transaction. Setting `rev` write-locks the chunk, and the fold worker writes
// text only under that lock and only for the revision it read (summary/write_content), so a worker that
// read the erased turn before the erasure can no longer write it into the chunk; the chunk is written
// again from its live turns. A chunk left with no live turn has nothing to say: it is hidden with them.
UNWIND $ids AS id
MATCH (t)
WHERE elementId(t) = id AND t.ns = $ns AND t:Turn
MATCH (m:Summary {ns: $ns})-[:COVERS]->(t)
WHERE /*include:live(m)*/
WITH DISTINCT m
OPTIONAL MATCH (m)-[:COVERS]->(l:Turn {ns: $ns})
WHERE /*include:live(l)*/
WITH m, count(l) AS left
SET m.rev = coalesce(m.rev, 0) + 1, m.queued = true,
    m.erased_at = CASE WHEN left = 0 THEN coalesce(m.erased_at, $now) ELSE m.erased_at END
RETURN collect(DISTINCT CASE WHEN left > 0 THEN m.session END) AS sessions
