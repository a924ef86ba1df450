// Erasure step 2 (same transaction): hide the entity and every turn and summary that MENTIONS it from the
// application view, and count them on the erasure record. A turn already erased keeps its first erased_at.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
MATCH (x:Erasure {ns: $ns, key_hash: $key_hash})
SET e.erased_at = $now, e.erased_by = $by, e.erasure_reason = $reason
WITH e, x
OPTIONAL MATCH (t:Turn {ns: $ns})-[:MENTIONS]->(e)
WITH e, x, collect(DISTINCT t) AS turns
FOREACH (t IN [t IN turns WHERE t.erased_at IS NULL] | SET t.erased_at = $now)
WITH e, x, size(turns) AS turn_count
OPTIONAL MATCH (s:Summary {ns: $ns})-[:MENTIONS]->(e)
WITH e, x, turn_count, collect(DISTINCT s) AS summaries
FOREACH (s IN [s IN summaries WHERE s.erased_at IS NULL] | SET s.erased_at = $now)
SET x.turns = turn_count, x.summaries = size(summaries)
RETURN x.turns AS turns, x.summaries AS summaries
