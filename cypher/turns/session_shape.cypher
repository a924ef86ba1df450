// Integrity of one session's arrival order (bench ingest, tests): seq 1..N without gap or duplicate, the
// session head at N, each turn's NEXT predecessor the turn before it in seq, no turn covered by two summaries.
// view-exempt(t): the shape of the stored chain, erased and archived turns included.
// view-exempt(p): the same chain, one step back.
// view-exempt(m): an erased summary still must not share a turn with another.
MATCH (s:Session {ns: $ns, id: $session})
OPTIONAL MATCH (t:Turn {ns: $ns, session: $session})
OPTIONAL MATCH (p:Turn {ns: $ns})-[:NEXT]->(t)
WITH s, t, collect(p.seq) AS prevs
OPTIONAL MATCH (m:Summary {ns: $ns})-[:COVERS]->(t)
WITH s, t, prevs, count(m) AS covers
ORDER BY t.seq
WITH s, collect(t.seq) AS seqs,
     collect(CASE WHEN t.seq = 1 THEN prevs = [] ELSE prevs = [t.seq - 1] END) AS links,
     sum(CASE WHEN covers > 1 THEN 1 ELSE 0 END) AS twice
RETURN size(seqs) AS turns, seqs = range(1, size(seqs)) AND s.seq = size(seqs) AS gapless,
       all(x IN links WHERE x) AS chain_ok, twice AS covered_twice
