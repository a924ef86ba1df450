// Erasure step 2 (same transaction): hide the entity, and return the turns and summaries that MENTIONS it
// (links made at write time); privacy/hide_nodes hides them with every other record holding a spelling.
MATCH (e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
SET e.erased_at = $now, e.erased_by = $by, e.erasure_reason = $reason
WITH e
OPTIONAL MATCH (t:Turn {ns: $ns})-[:MENTIONS]->(e)
WITH e, collect(DISTINCT elementId(t)) AS turns
OPTIONAL MATCH (s:Summary {ns: $ns})-[:MENTIONS]->(e)
RETURN turns, collect(DISTINCT elementId(s)) AS summaries
