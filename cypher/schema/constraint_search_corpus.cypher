// Per-namespace keyword statistics (search.stats): one node per namespace holding how many turns its
// statistics count (`docs`) and their summed length in analysed terms (`length`, for BM25's average length).
CREATE CONSTRAINT search_corpus IF NOT EXISTS FOR (c:SearchCorpus) REQUIRE c.ns IS UNIQUE
