// Create the session on its first turn and write-lock it, so that concurrent writers to one session
// serialise; the caller compares the returned seq with what it planned against (optimistic check).
MERGE (s:Session {ns: $ns, id: $session})
  ON CREATE SET s.created_at = $now, s.seq = 0
SET s.updated_at = $now
RETURN coalesce(s.seq, 0) AS seq, s.last_turn AS last_turn
