// Recall with a session: the live entity that the window's newest turns name last (MENTIONS: by key, by an
// identifier it holds, or by its whole name), for a pronoun ("her", "his") in a question that names no one.
// The window is the session's last $size turns by arrival (the (ns, session, seq) index, newest first). Two
// rows: a newest turn naming two entities names no one in particular (graphmem says so, and reads neither).
MATCH (s:Session {ns: $ns, id: $session})
MATCH (t:Turn {ns: $ns, session: $session})
USING INDEX t:Turn(ns, session, seq)
WHERE t.seq > coalesce(s.seq, 0) - $size AND /*include:active(t)*/
MATCH (t)-[:MENTIONS]->(e:Entity {ns: $ns})
WHERE /*include:live(e)*/
RETURN e.key AS key, e.name AS name, t.seq AS seq
ORDER BY seq DESC, key
LIMIT 2
