// Folding reads a session's turns not yet folded into a summary (summary IS NULL).
CREATE INDEX turn_ns_session_summary IF NOT EXISTS FOR (t:Turn) ON (t.ns, t.session, t.summary)
