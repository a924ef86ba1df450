// Check (`graphmem check erasure`): every property of every node and relationship of one namespace, to
// scan for what a purge must have removed. A full scan: for checks, never on a request path.
MATCH (n {ns: $ns})
RETURN 'node ' + coalesce(head(labels(n)), '') AS what, properties(n) AS props
UNION ALL
MATCH (n {ns: $ns})-[r]-()
RETURN 'relationship ' + type(r) AS what, properties(r) AS props
