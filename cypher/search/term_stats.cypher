// The namespace's keyword statistics for a query's analysed terms (search.stats): the turns counted and
// their summed length, and each term's document frequency (0 when absent). Index seeks only: no scan.
OPTIONAL MATCH (c:SearchCorpus {ns: $ns})
CALL (c) {
  UNWIND $terms AS term
  OPTIONAL MATCH (s:SearchTerm {ns: $ns, term: term})
  RETURN collect({term: term, df: coalesce(s.df, 0)}) AS dfs
}
RETURN coalesce(c.docs, 0) AS docs, coalesce(c.length, 0) AS length, dfs
