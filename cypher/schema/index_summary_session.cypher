// A session's summaries (GET summary, folding into the open chunk).
CREATE INDEX summary_ns_session IF NOT EXISTS FOR (s:Summary) ON (s.ns, s.session)
