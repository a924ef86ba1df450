// An import's nodes by the export's node id (tenants/import_relationships), while the import runs: the
// label and property are removed at its end (tenants/import_unref).
CREATE INDEX import_ref IF NOT EXISTS FOR (n:ImportRef) ON (n.ns, n._ref)
