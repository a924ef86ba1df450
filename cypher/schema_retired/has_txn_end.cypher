// Retired: an index on HAS.txn_end that no read used (as-of reads seek has_believed / has_history), yet every
// closed version paid for. Dropped by `graphmem schema apply` and at start-up on databases that still have it.
DROP INDEX has_txn_end IF EXISTS
