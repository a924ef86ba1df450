CREATE INDEX turn_ns_at IF NOT EXISTS FOR (t:Turn) ON (t.ns, t.at)
