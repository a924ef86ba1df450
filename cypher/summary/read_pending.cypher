// After a fold commits: the chunks whose text and embedding are still to be written, with the live turns
// they cover. A chunk the caller folded counts while it is still at the caller's revision (a later fold
// took it over otherwise); any chunk of the session left behind for longer than $stale_before (its writer
// died between the fold and the text) is repaired by whoever writes next.
MATCH (m:Summary {ns: $ns, session: $session})
WHERE m.rev IS NOT NULL AND /*include:live(m)*/
  AND ($revs[m.id] = m.rev OR (coalesce(m.content_rev, 0) < m.rev AND m.updated_at < $stale_before))
MATCH (m)-[:COVERS]->(t:Turn {ns: $ns})
WHERE /*include:live(t)*/
WITH m, t ORDER BY t.at, t.seq
RETURN m.id AS id, m.rev AS rev, collect(t {.id, .seq, .at, .speaker, .text}) AS turns
