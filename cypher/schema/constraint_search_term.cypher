// Per-namespace keyword statistics (search.stats): one node per (namespace, analysed term) holding how many
// of the namespace's turns contain the term (`df`). Unique, so that concurrent flushes MERGE one node.
CREATE CONSTRAINT search_term IF NOT EXISTS FOR (s:SearchTerm) REQUIRE (s.ns, s.term) IS UNIQUE
