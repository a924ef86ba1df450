// Compliance view: the purge runs themselves (who purged, when, with which cut-off, how much), newest first.
MATCH (p:PurgeRecord {ns: $ns})
RETURN p.id AS id, p.at AS at, p.by AS by, p.cutoff AS cutoff, p.older_than_days AS older_than_days,
       p.entities AS entities, p.turns AS turns, p.summaries AS summaries, p.attributes AS attributes
ORDER BY p.at DESC, p.id
LIMIT $limit
