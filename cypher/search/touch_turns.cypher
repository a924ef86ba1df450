// Least-recently-used bookkeeping for forgetting: the turns a search returned were used now.
UNWIND $ids AS id
MATCH (t:Turn {ns: $ns, id: id})
SET t.last_accessed_at = $now
RETURN count(t) AS touched
