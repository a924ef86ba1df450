// Purge audit: one record per purge run, counters filled in as each erased entity is purged.
CREATE (p:PurgeRecord {ns: $ns, id: $id, at: $now, by: $by, cutoff: $cutoff, older_than_days: $older_than_days,
                       entities: 0, turns: 0, summaries: 0, attributes: 0})
RETURN p.id AS id
