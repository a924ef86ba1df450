// The embedding worker's write: each turn still queued gets the vector computed from the text read by
// turns/read_unembedded, unless it was erased meanwhile (then it is only taken off the queue), and leaves
// the queue. A turn no longer queued (another worker wrote it) is left as it is: the write is idempotent.
UNWIND $rows AS r
MATCH (t:Turn {ns: $ns, id: r.id})
WHERE t.embed_queued = true
SET t[$vec_prop] = CASE WHEN /*include:live(t)*/ AND t.text IS NOT NULL THEN r.embedding END
REMOVE t.embed_queued
RETURN count(t) AS written
