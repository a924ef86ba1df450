// A session's turns still waiting for their embedding (GRAPHMEM_EMBED_WRITES=background), oldest first,
// with what the model embeds (speaker and text) and whether the turn is still live: an erased turn is
// only taken off the queue, never embedded.
MATCH (t:Turn {ns: $ns, session: $session})
WHERE t.embed_queued = true
RETURN t.id AS id, t.speaker AS speaker, t.text AS text, /*include:live(t)*/ AND t.text IS NOT NULL AS live
ORDER BY t.seq
LIMIT $limit
