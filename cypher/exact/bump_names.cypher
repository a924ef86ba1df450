// The namespace's entity names changed in this transaction (a new entity, a rename, an alias, an erasure, a
// purge, an import): a new stamp, so that every process's cached copy of the names is known stale
// (graphmem/channels/names/_copy.py). Run by the store as the transaction's last statement (graphmem/store/_tx.py),
// so a writer holding this lock takes no other after it. A random value, not a count: a namespace deleted and
// made again never repeats a stamp a cache may hold.
MERGE (s:NameStamp {ns: $ns})
SET s.stamp = randomUUID()
