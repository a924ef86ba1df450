// Folding: the session's live turns not yet folded into a summary (the window plus any backlog).
MATCH (t:Turn {ns: $ns, session: $session})
WHERE t.seq IS NOT NULL AND t.summary IS NULL AND /*include:live(t)*/
RETURN t.id AS id, t.seq AS seq, t.at AS at, t.speaker AS speaker, t.text AS text
ORDER BY t.at, t.seq
