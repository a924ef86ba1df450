// The window: the last N turns of one session.
CREATE INDEX turn_session_seq IF NOT EXISTS FOR (t:Turn) ON (t.ns, t.session, t.seq)
