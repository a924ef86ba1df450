// Add a coalesced batch of turns to the namespace's keyword statistics (search.stats): $docs more turns of
// $length analysed terms in all, and per term ($rows, sorted by term so that concurrent flushes lock the
// same nodes in the same order) how many of them contain it. One node per term: BM25's document frequency
// within the namespace, so that no other tenant's turns change this one's ranking.
MERGE (c:SearchCorpus {ns: $ns})
SET c.docs = coalesce(c.docs, 0) + $docs, c.length = coalesce(c.length, 0) + $length
WITH c
UNWIND $rows AS r
MERGE (s:SearchTerm {ns: $ns, term: r.term})
SET s.df = coalesce(s.df, 0) + r.df
RETURN count(s) AS terms
