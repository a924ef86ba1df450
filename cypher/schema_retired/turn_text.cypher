// Retired: a second full-text index on Turn (text, speaker) that no query read (hybrid search reads
// turn_search, which holds "Speaker: text (date)" and the namespace), yet every stored turn paid for.
// Dropped by `graphmem schema apply` and at start-up on databases that still have it.
DROP INDEX turn_text IF EXISTS
