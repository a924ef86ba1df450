// Purge: the erasures older than the retention cut-off, oldest first.
MATCH (x:Erasure {ns: $ns})
WHERE x.at <= $cutoff
RETURN x.key AS key, x.key_hash AS key_hash, x.at AS at
ORDER BY x.at, x.key_hash
LIMIT $limit
