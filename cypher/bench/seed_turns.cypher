// Benchmark seeding only (graphmem bench scale): write whole sessions of turns in one UNWIND batch, shaped as
// turns/append_turns writes them (same properties, IN the session, NEXT in arrival order, the session's head),
// with embeddings computed by the caller (a pool of real model embeddings plus seeded noise, see
// graphmem_tools/bench/_scale_seed.py). No MENTIONS (the texts hold no entity keys), no summaries (nothing is
// folded), no locks: the namespace is the benchmark's own and takes no other writes while it is seeded.
UNWIND $sessions AS x
CREATE (s:Session {ns: $ns, id: x.id, created_at: $now, updated_at: $now, seq: size(x.turns),
                   last_turn: x.turns[size(x.turns) - 1].id})
WITH s, x
UNWIND range(0, size(x.turns) - 1) AS i
WITH s, i, x.turns[i] AS r
CREATE (t:Turn {ns: $ns, id: r.id, session: s.id, seq: i + 1, role: 'user', speaker: r.speaker, text: r.text,
                search_text: r.search_text, reach_text: r.reach_text, at: datetime(r.at),
                importance: r.importance, created_at: $now})
SET t[$vec_prop] = r.embedding
CREATE (t)-[:IN]->(s)
WITH s, collect(t) AS made
FOREACH (i IN range(0, size(made) - 2) |
  FOREACH (a IN [made[i]] | FOREACH (b IN [made[i + 1]] | CREATE (a)-[:NEXT]->(b))))
RETURN sum(size(made)) AS created
