// GET summary: a session's summary chunks, oldest first; no row at all: unknown session.
MATCH (s:Session {ns: $ns, id: $session})
OPTIONAL MATCH (m:Summary {ns: $ns, session: $session})
WHERE /*include:in_view(m, all)*/
WITH s, m ORDER BY m.from_at, m.from_seq
RETURN s.id AS session,
       m {.id, .text, .from_seq, .to_seq, .from_at, .to_at, .created_at, .updated_at, .topics, .entities,
          .facts, .open_items, .tone, .intent, .turn_count, .summariser, .erased_at, .archived_at} AS summary
