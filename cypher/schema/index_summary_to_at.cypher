// Summaries ending in a time range: a search within a small range (search/scope_summaries) seeks them.
CREATE INDEX summary_ns_to_at IF NOT EXISTS FOR (s:Summary) ON (s.ns, s.to_at)
