// The extraction worker's work for one turn: the turn, if it is still queued and live, with the live turns
// just before it in its session (the context graphiti's prompts call PREVIOUS MESSAGES), oldest first.
MATCH (t:Turn {ns: $ns, id: $id})
WHERE t.extraction = 'queued' AND /*include:live(t)*/
OPTIONAL MATCH (p:Turn {ns: $ns, session: t.session})
WHERE p.seq < t.seq AND p.seq >= t.seq - $previous AND /*include:live(p)*/
WITH t, p ORDER BY p.seq
RETURN t {.id, .session, .role, .speaker, .text, .at} AS turn, collect(p {.role, .speaker, .text, .at}) AS previous
