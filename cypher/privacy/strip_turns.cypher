// Purge: strip turns holding a spelling down to their place in the session (no text, speaker, embedding
// or metadata; an empty reach text: nothing to find, and no turn for the backfill), so that windows and
// sequence numbers stay consistent; they stay erased.
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns})
WHERE elementId(t) = id
SET t = {ns: t.ns, id: t.id, session: t.session, seq: t.seq, role: t.role, at: t.at,
         erased_at: coalesce(t.erased_at, $now), purged_at: $now, reach_text: ''}
RETURN count(t) AS turns
