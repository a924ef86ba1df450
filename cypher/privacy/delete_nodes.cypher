// Erasure and purge: delete records that hold a spelling and have no life of their own: cached
// Idempotency-Key responses (erasure), summaries, trajectories and workflow versions (purge).
UNWIND $ids AS id
MATCH (n)
WHERE elementId(n) = id AND n.ns = $ns
DETACH DELETE n
RETURN count(*) AS deleted
