// A chunk's vector, the centroid of its live turns' (summary/read_unpooled), for the revision it was read at.
// Locked, then checked as summary/write_content checks: still at $rev with its text written for it, still
// without a vector, and its live turns exactly those pooled (a fold or an erasure since the read leaves it
// to the writer that made it move).
UNWIND $rows AS r
MATCH (m:Summary {ns: $ns, id: r.id})
SET m.lock_ = true
REMOVE m.lock_
WITH m, r, [(m)-[:COVERS]->(t:Turn {ns: $ns}) WHERE /*include:live(t)*/ | t.id] AS live
WHERE m.rev = r.rev AND m.content_rev = r.rev AND m[$vec_prop] IS NULL
  AND all(id IN r.turns WHERE id IN live) AND all(id IN live WHERE id IN r.turns)
SET m[$vec_prop] = r.vector, m[$vec_prop_other] = null
RETURN count(m) AS written
