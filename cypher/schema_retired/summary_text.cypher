// Retired: a second full-text index on Summary text that no query read (hybrid search reads
// summary_search), yet every fold paid for. Dropped by `graphmem schema apply` and at start-up.
DROP INDEX summary_text IF EXISTS
