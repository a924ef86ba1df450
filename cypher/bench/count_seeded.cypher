// Benchmark only (graphmem bench scale): how many bulk sessions (ids starting `bulk-`) the namespace holds,
// so that a kept namespace is topped up from where its seeded stream stopped, whatever else was written to it
// (the turns the benchmark posts through the real write path go to other sessions).
MATCH (s:Session {ns: $ns})
WHERE s.id STARTS WITH 'bulk-'
RETURN count(s) AS sessions
