// Benchmark clean-up only (graphmem bench temporal): delete a namespace's HAS edges and relations (typed
// relationships between entities: every edge leaving an entity) in small
// transactions before the admin purge deletes its nodes 5,000 at a time. An entity with a 10,000-version
// history would otherwise be detached inside one of those transactions and exceed the memory pool.
// Never used on memory that must be kept: versions are otherwise never deleted.
MATCH (:Entity {ns: $ns})-[v]->()
CALL (v) { DELETE v } IN TRANSACTIONS OF 10000 ROWS
