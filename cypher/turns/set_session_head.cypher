// Advance the session's arrival counter and remember its latest turn.
MATCH (s:Session {ns: $ns, id: $session})
SET s.seq = $seq, s.last_turn = $last_turn
RETURN s.seq AS seq
