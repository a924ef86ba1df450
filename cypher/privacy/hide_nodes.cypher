// Erasure: hide turns, summaries and trajectories from the application view (the fragments in
// cypher/fragments/ filter erased_at). A node already erased keeps its first erased_at.
UNWIND $ids AS id
MATCH (n)
WHERE elementId(n) = id AND n.ns = $ns
SET n.erased_at = coalesce(n.erased_at, $now)
RETURN count(n) AS hidden
