// Least-recently-used bookkeeping for forgetting: the summaries a search returned were used now.
UNWIND $ids AS id
MATCH (m:Summary {ns: $ns, id: id})
SET m.last_accessed_at = $now
RETURN count(m) AS touched
