// Purge: strip every turn that mentions the erased entity down to its place in the session (no text,
// speaker, embedding or metadata), so windows and sequence numbers stay consistent; it stays erased.
MATCH (t:Turn {ns: $ns})-[:MENTIONS]->(e:Entity {ns: $ns, key: $key})
USING INDEX e:Entity(ns, key)
WITH DISTINCT t
SET t = {ns: t.ns, id: t.id, session: t.session, seq: t.seq, role: t.role, at: t.at,
         erased_at: coalesce(t.erased_at, $now), purged_at: $now}
RETURN count(t) AS turns
