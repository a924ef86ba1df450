// Delete every node of one namespace, in batches (tests and `graphmem purge --namespace`).
MATCH (n {ns: $ns})
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS
