// GET window: the last $n turns of a session by time, then arrival; no row at all: unknown session.
MATCH (s:Session {ns: $ns, id: $session})
OPTIONAL MATCH (t:Turn {ns: $ns, session: $session})
WHERE t.seq IS NOT NULL AND /*include:in_view(t, all)*/
WITH s, t ORDER BY t.at DESC, t.seq DESC LIMIT $n
RETURN s.id AS session,
       t {.id, .session, .seq, .role, .speaker, .text, .at, .metadata_json, .created_at, .summary,
          .erased_at, .archived_at, .extraction, .extraction_error} AS turn
