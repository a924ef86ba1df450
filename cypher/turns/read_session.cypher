// Planning a write: the session's arrival counter and its latest turn (no row: a new session).
MATCH (s:Session {ns: $ns, id: $session})
RETURN coalesce(s.seq, 0) AS seq, s.last_turn AS last_turn
