// One purge run's record, read back after its entities were purged.
MATCH (p:PurgeRecord {ns: $ns, id: $id})
RETURN p.id AS id, p.at AS at, p.by AS by, p.cutoff AS cutoff, p.older_than_days AS older_than_days,
       p.entities AS entities, p.turns AS turns, p.summaries AS summaries, p.attributes AS attributes
